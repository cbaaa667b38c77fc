//! Cities and their boarding/dropping points.
//!
//! A city is a place travellers search by (DESIGN §3 "Cities"); terminals, counters and launch
//! ghats are points of a city, never cities. Names are stored as the original API stores them
//! ('Chattogram', "Cox's Bazar", 'Barishal', 'Cumilla', 'Bogura', 'Jashore'); the display rules of
//! SPEC §5 change only what the site shows. The order of [`CITIES`] is the popularity order
//! (popularity 1 = Dhaka, listed first).

pub struct City {
    pub id: &'static str,
    pub name: &'static str,
    pub district: &'static str,
    pub division: &'static str,
}

pub struct Point {
    pub id: &'static str,
    pub city: &'static str,
    pub name: &'static str,
    pub address: &'static str,
}

/// The eight divisions of Bangladesh; every one has cities in [`CITIES`].
#[cfg(test)]
pub const DIVISIONS: [&str; 8] =
    ["Dhaka", "Chattogram", "Rajshahi", "Khulna", "Barishal", "Sylhet", "Rangpur", "Mymensingh"];

const fn city(id: &'static str, name: &'static str, district: &'static str, division: &'static str) -> City {
    City { id, name, district, division }
}

pub const CITIES: &[City] = &[
    city("dhaka", "Dhaka", "Dhaka", "Dhaka"),
    city("chattogram", "Chattogram", "Chattogram", "Chattogram"),
    city("coxs-bazar", "Cox's Bazar", "Cox's Bazar", "Chattogram"),
    city("sylhet", "Sylhet", "Sylhet", "Sylhet"),
    city("rajshahi", "Rajshahi", "Rajshahi", "Rajshahi"),
    city("khulna", "Khulna", "Khulna", "Khulna"),
    city("barishal", "Barishal", "Barishal", "Barishal"),
    city("rangpur", "Rangpur", "Rangpur", "Rangpur"),
    city("cumilla", "Cumilla", "Cumilla", "Chattogram"),
    city("bogura", "Bogura", "Bogura", "Rajshahi"),
    city("mymensingh", "Mymensingh", "Mymensingh", "Mymensingh"),
    city("jashore", "Jashore", "Jashore", "Khulna"),
    city("kushtia", "Kushtia", "Kushtia", "Khulna"),
    city("dinajpur", "Dinajpur", "Dinajpur", "Rangpur"),
    city("kuakata", "Kuakata", "Patuakhali", "Barishal"),
    city("noakhali", "Noakhali", "Noakhali", "Chattogram"),
    city("feni", "Feni", "Feni", "Chattogram"),
    city("bhola", "Bhola", "Bhola", "Barishal"),
    city("patuakhali", "Patuakhali", "Patuakhali", "Barishal"),
    city("chandpur", "Chandpur", "Chandpur", "Chattogram"),
    city("sreemangal", "Sreemangal", "Moulvibazar", "Sylhet"),
    city("moulvibazar", "Moulvibazar", "Moulvibazar", "Sylhet"),
    city("benapole", "Benapole", "Jashore", "Khulna"),
    city("satkhira", "Satkhira", "Satkhira", "Khulna"),
    city("gopalganj", "Gopalganj", "Gopalganj", "Dhaka"),
    city("faridpur", "Faridpur", "Faridpur", "Dhaka"),
    city("tangail", "Tangail", "Tangail", "Dhaka"),
    city("pabna", "Pabna", "Pabna", "Rajshahi"),
    city("natore", "Natore", "Natore", "Rajshahi"),
    city("chapainawabganj", "Chapainawabganj", "Chapainawabganj", "Rajshahi"),
    city("bandarban", "Bandarban", "Bandarban", "Chattogram"),
    city("rangamati", "Rangamati", "Rangamati", "Chattogram"),
    city("brahmanbaria", "Brahmanbaria", "Brahmanbaria", "Chattogram"),
    city("pirojpur", "Pirojpur", "Pirojpur", "Barishal"),
    city("jhalokathi", "Jhalokathi", "Jhalokathi", "Barishal"),
    city("barguna", "Barguna", "Barguna", "Barishal"),
    city("rajbari", "Rajbari", "Rajbari", "Dhaka"),
    city("saidpur", "Saidpur", "Nilphamari", "Rangpur"),
    city("thakurgaon", "Thakurgaon", "Thakurgaon", "Rangpur"),
    city("panchagarh", "Panchagarh", "Panchagarh", "Rangpur"),
    city("habiganj", "Habiganj", "Habiganj", "Sylhet"),
    city("sunamganj", "Sunamganj", "Sunamganj", "Sylhet"),
    city("gazipur", "Gazipur", "Gazipur", "Dhaka"),
    city("narayanganj", "Narayanganj", "Narayanganj", "Dhaka"),
    city("kishoreganj", "Kishoreganj", "Kishoreganj", "Dhaka"),
    city("narsingdi", "Narsingdi", "Narsingdi", "Dhaka"),
    city("manikganj", "Manikganj", "Manikganj", "Dhaka"),
    city("munshiganj", "Munshiganj", "Munshiganj", "Dhaka"),
    city("madaripur", "Madaripur", "Madaripur", "Dhaka"),
    city("shariatpur", "Shariatpur", "Shariatpur", "Dhaka"),
    city("lakshmipur", "Lakshmipur", "Lakshmipur", "Chattogram"),
    city("khagrachhari", "Khagrachhari", "Khagrachhari", "Chattogram"),
    city("sirajganj", "Sirajganj", "Sirajganj", "Rajshahi"),
    city("naogaon", "Naogaon", "Naogaon", "Rajshahi"),
    city("joypurhat", "Joypurhat", "Joypurhat", "Rajshahi"),
    city("bagerhat", "Bagerhat", "Bagerhat", "Khulna"),
    city("jhenaidah", "Jhenaidah", "Jhenaidah", "Khulna"),
    city("magura", "Magura", "Magura", "Khulna"),
    city("chuadanga", "Chuadanga", "Chuadanga", "Khulna"),
    city("meherpur", "Meherpur", "Meherpur", "Khulna"),
    city("narail", "Narail", "Narail", "Khulna"),
    city("nilphamari", "Nilphamari", "Nilphamari", "Rangpur"),
    city("lalmonirhat", "Lalmonirhat", "Lalmonirhat", "Rangpur"),
    city("kurigram", "Kurigram", "Kurigram", "Rangpur"),
    city("gaibandha", "Gaibandha", "Gaibandha", "Rangpur"),
    city("jamalpur", "Jamalpur", "Jamalpur", "Mymensingh"),
    city("netrokona", "Netrokona", "Netrokona", "Mymensingh"),
    city("sherpur", "Sherpur", "Sherpur", "Mymensingh"),
];

const fn point(id: &'static str, city: &'static str, name: &'static str, address: &'static str) -> Point {
    Point { id, city, name, address }
}

/// Every city has at least one point; every city a route stops at has two or more.
pub const POINTS: &[Point] = &[
    // Dhaka: the northern and western terminals (Mirpur Road, Mohakhali, Abdullahpur), the
    // south-eastern ones (Sayedabad, Motijheel counters) and the river terminal.
    point("dhaka-gabtoli", "dhaka", "Gabtoli Bus Terminal", "Gabtoli, Mirpur Road, Dhaka 1216"),
    point("dhaka-technical", "dhaka", "Technical Mor", "Technical Mor, Mirpur Road, Dhaka 1216"),
    point("dhaka-kalyanpur", "dhaka", "Kalyanpur", "Kalyanpur Bus Stand, Mirpur Road, Dhaka 1207"),
    point("dhaka-shyamoli", "dhaka", "Shyamoli", "Shyamoli Square, Mirpur Road, Dhaka 1207"),
    point("dhaka-mohakhali", "dhaka", "Mohakhali Bus Terminal", "Mohakhali, Dhaka 1212"),
    point("dhaka-abdullahpur", "dhaka", "Abdullahpur", "Abdullahpur, Uttara, Dhaka 1230"),
    point("dhaka-sayedabad", "dhaka", "Sayedabad Bus Terminal", "Sayedabad, Jatrabari, Dhaka 1204"),
    point("dhaka-jatrabari", "dhaka", "Jatrabari", "Jatrabari Chowrasta, Dhaka 1204"),
    point("dhaka-arambagh", "dhaka", "Arambagh", "Arambagh, Motijheel, Dhaka 1000"),
    point("dhaka-fakirapool", "dhaka", "Fakirapool", "Fakirapool, Motijheel, Dhaka 1000"),
    point("dhaka-rajarbagh", "dhaka", "Rajarbagh", "Rajarbagh, Shantinagar, Dhaka 1217"),
    point("dhaka-sadarghat", "dhaka", "Sadarghat Launch Terminal", "Sadarghat, Old Dhaka, Dhaka 1100"),
    // Chattogram
    point("chattogram-city-gate", "chattogram", "City Gate", "City Gate, Dhaka Trunk Road, Chattogram"),
    point("chattogram-ak-khan", "chattogram", "A.K. Khan", "A.K. Khan Mor, Pahartali, Chattogram"),
    point("chattogram-gec-circle", "chattogram", "GEC Circle", "GEC Circle, CDA Avenue, Chattogram"),
    point("chattogram-dampara", "chattogram", "Dampara", "Dampara (Garibullah Shah Mazar), Chattogram"),
    point("chattogram-oxygen", "chattogram", "Oxygen", "Oxygen Mor, Bayezid Bostami, Chattogram"),
    point("chattogram-bahaddarhat", "chattogram", "Bahaddarhat Bus Terminal", "Bahaddarhat, Chandgaon, Chattogram"),
    point("chattogram-notun-bridge", "chattogram", "Notun Bridge", "Shah Amanat Bridge (Notun Bridge), Chattogram"),
    point("chattogram-kadamtali", "chattogram", "Kadamtali", "BRTC Kadamtali, Chattogram"),
    // Cox's Bazar
    point("coxs-bazar-link-road", "coxs-bazar", "Link Road", "Link Road, Cox's Bazar"),
    point("coxs-bazar-central-terminal", "coxs-bazar", "Central Bus Terminal", "Central Bus Terminal, Cox's Bazar"),
    point("coxs-bazar-kolatoli", "coxs-bazar", "Kolatoli (Dolphin Mor)", "Dolphin Mor, Kolatoli Road, Cox's Bazar"),
    point("coxs-bazar-sugandha", "coxs-bazar", "Sugandha Point", "Sugandha Beach Road, Cox's Bazar"),
    // Sylhet
    point("sylhet-humayun-rashid", "sylhet", "Humayun Rashid Chattar", "Humayun Rashid Chattar, Sylhet"),
    point("sylhet-kadamtali", "sylhet", "Kadamtali Bus Terminal", "Kadamtali Central Bus Terminal, Sylhet"),
    point("sylhet-subhanighat", "sylhet", "Subhanighat", "Subhanighat, Sylhet"),
    point("sylhet-amberkhana", "sylhet", "Amberkhana", "Amberkhana, Airport Road, Sylhet"),
    // Rajshahi division
    point("rajshahi-kazla", "rajshahi", "Kazla", "Kazla Gate, Natore Road, Rajshahi"),
    point("rajshahi-talaimari", "rajshahi", "Talaimari", "Talaimari Mor, Rajshahi"),
    point("rajshahi-shiroil", "rajshahi", "Shiroil Bus Terminal", "Shiroil Central Bus Terminal, Rajshahi"),
    point("natore-bypass", "natore", "Natore Bypass", "Harishpur Bypass, Natore"),
    point("natore-madrasa-mor", "natore", "Madrasa Mor", "Madrasa Mor, Natore"),
    point("bogura-banani", "bogura", "Banani Mor", "Banani Mor, Dhaka-Bogura Highway, Bogura"),
    point("bogura-charmatha", "bogura", "Charmatha", "Charmatha, Bogura"),
    point("bogura-thanthania", "bogura", "Thanthania Bus Terminal", "Thanthania, Bogura"),
    point("pabna-kashinathpur", "pabna", "Kashinathpur", "Kashinathpur, Santhia, Pabna"),
    point("pabna-bus-terminal", "pabna", "Pabna Bus Terminal", "Central Bus Terminal, Pabna"),
    point(
        "chapainawabganj-bus-terminal",
        "chapainawabganj",
        "Chapainawabganj Bus Terminal",
        "Central Bus Terminal, Chapainawabganj",
    ),
    point("chapainawabganj-shibganj", "chapainawabganj", "Shibganj", "Shibganj Bus Stand, Chapainawabganj"),
    // Khulna division
    point("khulna-rupsha", "khulna", "Rupsha", "Rupsha Bridge Mor, Khulna"),
    point("khulna-royal-mor", "khulna", "Royal Mor", "Royal Mor, Khulna"),
    point("khulna-sonadanga", "khulna", "Sonadanga Bus Terminal", "Sonadanga, Khulna"),
    point("khulna-fulbarigate", "khulna", "Fulbarigate", "Fulbarigate, Jashore Road, Khulna"),
    point("jashore-monihar", "jashore", "Monihar", "Monihar, Jashore"),
    point("jashore-chanchra", "jashore", "Chanchra Bus Terminal", "Chanchra, Jashore"),
    point("jashore-palbari", "jashore", "Palbari Mor", "Palbari Mor, Jashore"),
    point("benapole-bus-stand", "benapole", "Benapole Bus Stand", "Benapole Bus Stand, Sharsha, Jashore"),
    point("benapole-check-post", "benapole", "Benapole Check Post", "Benapole Land Port, Sharsha, Jashore"),
    point("kushtia-majampur", "kushtia", "Majampur Gate", "Majampur, Kushtia"),
    point("kushtia-chowrhas", "kushtia", "Chowrhas Bus Terminal", "Chowrhas, Kushtia"),
    point("satkhira-khulna-road", "satkhira", "Khulna Road Mor", "Khulna Road Mor, Satkhira"),
    point("satkhira-bus-terminal", "satkhira", "Satkhira Bus Terminal", "Central Bus Terminal, Satkhira"),
    // Dhaka division outside the capital
    point("gopalganj-bus-terminal", "gopalganj", "Gopalganj Bus Terminal", "Central Bus Terminal, Gopalganj"),
    point("gopalganj-ghonapara", "gopalganj", "Ghonapara Mor", "Ghonapara, Gopalganj"),
    point("faridpur-bhanga", "faridpur", "Bhanga Interchange", "Bhanga, Faridpur"),
    point("faridpur-new-terminal", "faridpur", "Faridpur New Bus Terminal", "Gerda, Faridpur"),
    point("tangail-rabna", "tangail", "Rabna Bypass", "Rabna Bypass, Tangail"),
    point("tangail-new-terminal", "tangail", "Tangail New Bus Terminal", "New Bus Terminal, Tangail"),
    point("rajbari-goalanda-mor", "rajbari", "Goalanda Mor", "Goalanda Mor, Rajbari"),
    point("rajbari-bus-terminal", "rajbari", "Rajbari Bus Terminal", "Central Bus Terminal, Rajbari"),
    // Barishal division: bus terminals and launch ghats
    point("barishal-nathullabad", "barishal", "Nathullabad Bus Terminal", "Nathullabad Central Bus Terminal, Barishal"),
    point("barishal-rupatoli", "barishal", "Rupatoli Bus Terminal", "Rupatoli, Barishal"),
    point("barishal-launch-ghat", "barishal", "Barishal Launch Ghat", "Barishal River Port, Sadar Road, Barishal"),
    point("patuakhali-bus-terminal", "patuakhali", "Patuakhali Bus Terminal", "Central Bus Terminal, Patuakhali"),
    point("patuakhali-chowrasta", "patuakhali", "Patuakhali Chowrasta", "Chowrasta, Patuakhali"),
    point("patuakhali-launch-ghat", "patuakhali", "Patuakhali Launch Ghat", "Patuakhali River Port, Patuakhali"),
    point("kuakata-bus-terminal", "kuakata", "Kuakata Bus Terminal", "Kuakata Bus Terminal, Kalapara, Patuakhali"),
    point("kuakata-zero-point", "kuakata", "Zero Point", "Sea Beach Zero Point, Kuakata"),
    point("bhola-launch-ghat", "bhola", "Bhola Launch Ghat", "Bhola River Port, Bhola"),
    point("bhola-ilisha", "bhola", "Ilisha Launch Ghat", "Ilisha, Bhola Sadar, Bhola"),
    point("bhola-bus-stand", "bhola", "Bhola Bus Stand", "Bhola Bus Stand, Bhola"),
    point("pirojpur-hularhat", "pirojpur", "Hularhat Launch Ghat", "Hularhat River Port, Pirojpur"),
    point("pirojpur-bus-terminal", "pirojpur", "Pirojpur Bus Terminal", "Central Bus Terminal, Pirojpur"),
    point("jhalokathi-launch-ghat", "jhalokathi", "Jhalokathi Launch Ghat", "Jhalokathi River Port, Jhalokathi"),
    point("jhalokathi-bus-stand", "jhalokathi", "Jhalokathi Bus Stand", "Jhalokathi Bus Stand, Jhalokathi"),
    point("barguna-launch-ghat", "barguna", "Barguna Launch Ghat", "Barguna River Port, Barguna"),
    point("barguna-bus-terminal", "barguna", "Barguna Bus Terminal", "Central Bus Terminal, Barguna"),
    // Rangpur division
    point("rangpur-modern-mor", "rangpur", "Modern Mor", "Modern Mor, Rangpur"),
    point("rangpur-central-terminal", "rangpur", "Rangpur Central Bus Terminal", "Central Bus Terminal, Rangpur"),
    point("rangpur-shapla-chattar", "rangpur", "Shapla Chattar", "Shapla Chattar, Rangpur"),
    point("dinajpur-dashmile", "dinajpur", "Dashmile Mor", "Dashmile, Dinajpur"),
    point("dinajpur-central-terminal", "dinajpur", "Dinajpur Central Bus Terminal", "Central Bus Terminal, Dinajpur"),
    point("saidpur-bus-terminal", "saidpur", "Saidpur Bus Terminal", "Saidpur, Nilphamari"),
    point("thakurgaon-bus-terminal", "thakurgaon", "Thakurgaon Bus Terminal", "Central Bus Terminal, Thakurgaon"),
    point("panchagarh-bus-terminal", "panchagarh", "Panchagarh Bus Terminal", "Central Bus Terminal, Panchagarh"),
    // Chattogram division outside the port city
    point("cumilla-cantonment", "cumilla", "Cumilla Cantonment", "Cantonment, Dhaka-Chattogram Highway, Cumilla"),
    point("cumilla-padua-bazar", "cumilla", "Padua Bazar (Biswa Road)", "Padua Bazar Biswa Road, Cumilla"),
    point("cumilla-shashongacha", "cumilla", "Shashongacha Bus Terminal", "Shashongacha, Cumilla"),
    point("feni-lalpol", "feni", "Lalpol", "Lalpol, Dhaka-Chattogram Highway, Feni"),
    point("feni-mohipal", "feni", "Mohipal", "Mohipal Flyover, Feni"),
    point("noakhali-chowmuhani", "noakhali", "Chowmuhani", "Chowmuhani, Begumganj, Noakhali"),
    point("noakhali-maijdee", "noakhali", "Maijdee", "Maijdee Bus Stand, Noakhali"),
    point("chandpur-launch-terminal", "chandpur", "Chandpur Launch Terminal", "Chandpur River Port, Chandpur"),
    point("chandpur-bus-stand", "chandpur", "Chandpur Bus Stand", "Chandpur Bus Stand, Chandpur"),
    point("bandarban-meghla", "bandarban", "Meghla", "Meghla, Bandarban"),
    point("bandarban-bus-stand", "bandarban", "Bandarban Bus Stand", "Hafezghona Bus Stand, Bandarban"),
    point("rangamati-bus-terminal", "rangamati", "Rangamati Bus Terminal", "Tabalchari Bus Terminal, Rangamati"),
    point("rangamati-reserve-bazar", "rangamati", "Reserve Bazar", "Reserve Bazar, Rangamati"),
    point("brahmanbaria-bishwa-road", "brahmanbaria", "Bishwa Road Mor", "Bishwa Road, Brahmanbaria"),
    point("brahmanbaria-kawtoli", "brahmanbaria", "Kawtoli Bus Stand", "Kawtoli, Brahmanbaria"),
    point("lakshmipur-bus-terminal", "lakshmipur", "Lakshmipur Bus Terminal", "Central Bus Terminal, Lakshmipur"),
    point("khagrachhari-bus-terminal", "khagrachhari", "Khagrachhari Bus Terminal", "Shapla Chattar, Khagrachhari"),
    // Sylhet division
    point("sreemangal-bus-stand", "sreemangal", "Sreemangal Bus Stand", "Sreemangal Bus Stand, Moulvibazar"),
    point("sreemangal-station-road", "sreemangal", "Station Road", "Station Road, Sreemangal"),
    point("moulvibazar-bus-terminal", "moulvibazar", "Moulvibazar Bus Terminal", "Central Bus Terminal, Moulvibazar"),
    point("moulvibazar-chowmohona", "moulvibazar", "Chowmohona", "Chowmohona, Moulvibazar"),
    point("habiganj-bus-terminal", "habiganj", "Habiganj Bus Terminal", "Central Bus Terminal, Habiganj"),
    point("sunamganj-bus-terminal", "sunamganj", "Sunamganj Bus Terminal", "Central Bus Terminal, Sunamganj"),
    // Mymensingh division
    point("mymensingh-masakanda", "mymensingh", "Masakanda Bus Terminal", "Masakanda, Mymensingh"),
    point("mymensingh-notun-bazar", "mymensingh", "Notun Bazar", "Notun Bazar, Mymensingh"),
    point("jamalpur-bus-terminal", "jamalpur", "Jamalpur Bus Terminal", "Central Bus Terminal, Jamalpur"),
    point("netrokona-bus-terminal", "netrokona", "Netrokona Bus Terminal", "Central Bus Terminal, Netrokona"),
    point("sherpur-bus-terminal", "sherpur", "Sherpur Bus Terminal", "Nobinagar Bus Terminal, Sherpur"),
    // District towns without a route of their own yet: one counter each
    point("gazipur-chowrasta", "gazipur", "Gazipur Chowrasta", "Chowrasta, Gazipur"),
    point("narayanganj-chashara", "narayanganj", "Chashara", "Chashara, Narayanganj"),
    point("kishoreganj-bus-terminal", "kishoreganj", "Kishoreganj Bus Terminal", "Central Bus Terminal, Kishoreganj"),
    point("narsingdi-velanagar", "narsingdi", "Velanagar", "Velanagar, Narsingdi"),
    point("manikganj-bus-stand", "manikganj", "Manikganj Bus Stand", "Bus Stand, Manikganj"),
    point("munshiganj-mawa", "munshiganj", "Mawa", "Mawa, Lohajang, Munshiganj"),
    point("madaripur-bus-terminal", "madaripur", "Madaripur Bus Terminal", "Central Bus Terminal, Madaripur"),
    point("shariatpur-bus-terminal", "shariatpur", "Shariatpur Bus Terminal", "Central Bus Terminal, Shariatpur"),
    point("sirajganj-kodda-mor", "sirajganj", "Kodda Mor", "Kodda Mor, Sirajganj"),
    point("naogaon-bus-terminal", "naogaon", "Naogaon Bus Terminal", "Central Bus Terminal, Naogaon"),
    point("joypurhat-bus-terminal", "joypurhat", "Joypurhat Bus Terminal", "Central Bus Terminal, Joypurhat"),
    point("bagerhat-bus-terminal", "bagerhat", "Bagerhat Bus Terminal", "Central Bus Terminal, Bagerhat"),
    point("jhenaidah-bus-terminal", "jhenaidah", "Jhenaidah Bus Terminal", "Central Bus Terminal, Jhenaidah"),
    point("magura-bus-terminal", "magura", "Magura Bus Terminal", "Central Bus Terminal, Magura"),
    point("chuadanga-bus-terminal", "chuadanga", "Chuadanga Bus Terminal", "Central Bus Terminal, Chuadanga"),
    point("meherpur-bus-terminal", "meherpur", "Meherpur Bus Terminal", "Central Bus Terminal, Meherpur"),
    point("narail-bus-terminal", "narail", "Narail Bus Terminal", "Central Bus Terminal, Narail"),
    point("nilphamari-bus-terminal", "nilphamari", "Nilphamari Bus Terminal", "Central Bus Terminal, Nilphamari"),
    point("lalmonirhat-bus-terminal", "lalmonirhat", "Lalmonirhat Bus Terminal", "Central Bus Terminal, Lalmonirhat"),
    point("kurigram-bus-terminal", "kurigram", "Kurigram Bus Terminal", "Central Bus Terminal, Kurigram"),
    point("gaibandha-bus-terminal", "gaibandha", "Gaibandha Bus Terminal", "Central Bus Terminal, Gaibandha"),
];

pub fn city_by_id(id: &str) -> Option<&'static City> {
    CITIES.iter().find(|c| c.id == id)
}

#[cfg(test)]
pub fn point_by_id(id: &str) -> Option<&'static Point> {
    POINTS.iter().find(|p| p.id == id)
}
