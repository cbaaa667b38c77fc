//! Bus companies and launch operators, and their coaches and ships.
//!
//! The order of [`OPERATORS`] is the popularity order (popularity 1 first) within each service.
//! A vehicle is a coach number or a ship as travellers see it on a ticket ('GL-101', 'MV
//! Sundarban-10'); timetables name it per departure (see `schedule`).

pub const BUS: &str = "BUS";
pub const LAUNCH: &str = "LAUNCH";

pub struct Operator {
    pub id: &'static str,
    pub service: &'static str,
    pub title: &'static str,
    pub slug: &'static str,
    pub description: &'static str,
    /// Operators price a little apart: fares are the distance fare times this percentage.
    pub fare_percent: u32,
}

impl Operator {
    pub fn logo(&self) -> String {
        format!("/images/operators/{}.png", self.slug)
    }
}

pub struct Vehicle {
    pub id: &'static str,
    pub operator: &'static str,
    pub name: &'static str,
    /// 'ac' or 'non-ac'; `None` for launches.
    pub coach_type: Option<&'static str>,
    /// 'Economy', 'Business Class', 'Sleeper'; 'Launch' for ships.
    pub bus_class: &'static str,
    pub layout: &'static str,
}

const fn bus(
    id: &'static str,
    title: &'static str,
    slug: &'static str,
    description: &'static str,
    fare_percent: u32,
) -> Operator {
    Operator { id, service: BUS, title, slug, description, fare_percent }
}

const fn launch(
    id: &'static str,
    title: &'static str,
    slug: &'static str,
    description: &'static str,
    fare_percent: u32,
) -> Operator {
    Operator { id, service: LAUNCH, title, slug, description, fare_percent }
}

pub const OPERATORS: &[Operator] = &[
    bus(
        "op-green-line",
        "Green Line Paribahan",
        "green-line",
        "Green Line runs business-class, sleeper and double-deck Volvo and Scania coaches on the busiest intercity corridors. Every coach is air-conditioned, with a hostess service and free water on board.",
        110,
    ),
    bus(
        "op-hanif",
        "Hanif Enterprise",
        "hanif",
        "Hanif Enterprise is one of the largest bus companies in Bangladesh, with departures to almost every district town. It runs both non-AC economy coaches and AC business-class Hyundai coaches.",
        100,
    ),
    bus(
        "op-shohagh",
        "Shohagh Paribahan",
        "shohagh",
        "Shohagh Paribahan runs air-conditioned coaches from Dhaka to the south-west, Chattogram and Cox's Bazar. Its fleet includes business-class seats and Scania sleeper coaches.",
        106,
    ),
    bus(
        "op-shyamoli",
        "Shyamoli NR Travels",
        "shyamoli",
        "Shyamoli NR Travels connects Dhaka with the north, the west and Sylhet with frequent departures. Choose its non-AC economy coaches or the AC business class.",
        98,
    ),
    bus(
        "op-ena",
        "Ena Transport",
        "ena",
        "Ena Transport is known for punctual departures on the Dhaka-Sylhet and Dhaka-Mymensingh highways. Its non-AC coaches leave every hour and AC coaches run morning and night.",
        96,
    ),
    bus(
        "op-desh-travels",
        "Desh Travels",
        "desh-travels",
        "Desh Travels runs only air-conditioned coaches between Dhaka and Rajshahi, Pabna and Chapainawabganj. Reclining seats and a rest stop at Sirajganj come with every trip.",
        104,
    ),
    bus(
        "op-saint-martin",
        "Saint Martin Travels",
        "saint-martin",
        "Saint Martin Travels operates Hyundai business-class and sleeper coaches to Chattogram and Cox's Bazar. Night coaches reach the beach in time for breakfast.",
        112,
    ),
    bus(
        "op-london-express",
        "London Express",
        "london-express",
        "London Express runs premium AC coaches and a double-decker on the Dhaka-Cox's Bazar and Sylhet routes. Every seat has a charging point and extra legroom.",
        108,
    ),
    bus(
        "op-s-alam",
        "S. Alam Service",
        "s-alam",
        "S. Alam Service has linked Dhaka and Chattogram for decades and serves the hill districts of Bandarban and Rangamati. Economy coaches run all day and AC coaches at night.",
        97,
    ),
    bus(
        "op-soudia",
        "Soudia Coach Service",
        "soudia",
        "Soudia Coach Service runs frequent non-AC coaches between Dhaka, Cumilla, Chattogram and Cox's Bazar. Its fares are among the lowest on the route.",
        94,
    ),
    bus(
        "op-national",
        "National Travels",
        "national",
        "National Travels serves the north-west and Mymensingh from Gabtoli and Mohakhali. It runs reliable non-AC coaches at budget fares.",
        95,
    ),
    bus(
        "op-eagle",
        "Eagle Paribahan",
        "eagle",
        "Eagle Paribahan connects Dhaka with Khulna, Jashore, Satkhira and Noakhali. Its AC business class runs on the night departures.",
        99,
    ),
    bus(
        "op-nabil",
        "Nabil Paribahan",
        "nabil",
        "Nabil Paribahan is the north's largest operator, serving Rangpur, Dinajpur and Bogura day and night. Its fleet ranges from economy coaches to Scania sleepers.",
        101,
    ),
    bus(
        "op-tungipara",
        "Tungipara Express",
        "tungipara",
        "Tungipara Express runs over the Padma Bridge to Gopalganj, Khulna, Faridpur and Kuakata. Both non-AC and AC business-class coaches are available.",
        98,
    ),
    bus(
        "op-sakura",
        "Sakura Paribahan",
        "sakura",
        "Sakura Paribahan is a favourite on the Dhaka-Barishal and Kuakata routes. Its coaches cross the Padma Bridge and reach Barishal in about four hours.",
        97,
    ),
    bus(
        "op-royal-coach",
        "Royal Coach",
        "royal-coach",
        "Royal Coach runs air-conditioned business-class coaches between Dhaka, Cumilla and Kushtia. Seats are wide and the coaches leave on the minute.",
        105,
    ),
    bus(
        "op-unique",
        "Unique Service",
        "unique",
        "Unique Service connects Dhaka and Chattogram with Sylhet, Mymensingh and Brahmanbaria. Frequent non-AC departures are backed by AC coaches at night.",
        96,
    ),
    bus(
        "op-sr-travels",
        "SR Travels",
        "sr-travels",
        "SR Travels serves the northern districts from Kalyanpur and Gabtoli. Its Scania sleeper coach makes the night run to Rangpur a comfortable one.",
        100,
    ),
    bus(
        "op-golden-line",
        "Golden Line",
        "golden-line",
        "Golden Line runs over the Padma Bridge to Barishal, Jashore, Satkhira, Faridpur and Kuakata. Economy and AC business-class coaches leave from Gabtoli and Sayedabad.",
        99,
    ),
    bus(
        "op-grameen",
        "Grameen Travels",
        "grameen",
        "Grameen Travels links Dhaka with Rajshahi, Pabna and Chapainawabganj. Its AC coaches run overnight so travellers arrive for the start of the working day.",
        97,
    ),
    bus(
        "op-emad",
        "Emad Paribahan",
        "emad",
        "Emad Paribahan runs air-conditioned coaches from Dhaka to Khulna, Gopalganj and Faridpur over the Padma Bridge. Its coaches are among the newest on the south-west routes.",
        103,
    ),
    launch(
        "op-sundarban",
        "Sundarban Navigation",
        "sundarban",
        "Sundarban Navigation runs MV Sundarban-10 and MV Sundarban-11, two of the largest launches on the Dhaka-Barishal route. Cabins range from single berths to VIP suites with a private balcony.",
        105,
    ),
    launch(
        "op-parabat",
        "Parabat Shipping Lines",
        "parabat",
        "Parabat Shipping Lines sails MV Parabat-12 and MV Parabat-11 between Sadarghat and Barishal every night. Deck passengers get a covered, lit deck and cabin guests a restaurant on board.",
        102,
    ),
    launch(
        "op-adventure",
        "Adventure Shipping",
        "adventure",
        "Adventure Shipping runs MV Adventure-9 and MV Adventure-1 from Dhaka to Barishal and Jhalokathi. Both ships have family cabins and a chair section for budget travellers.",
        100,
    ),
    launch(
        "op-kirtankhola",
        "Kirtankhola Navigation",
        "kirtankhola",
        "Kirtankhola Navigation, named after Barishal's river, sails MV Kirtankhola-10 and MV Kirtankhola-2 to Jhalokathi via Barishal. The ships leave Sadarghat every evening.",
        98,
    ),
    launch(
        "op-surovi",
        "Surovi Shipping",
        "surovi",
        "Surovi Shipping sails MV Surovi-9 and MV Surovi-7 on the long overnight route to Barguna. Its large decks and cabins serve the coastal towns of the south.",
        97,
    ),
    launch(
        "op-tasrif",
        "Tasrif Shipping Lines",
        "tasrif",
        "Tasrif Shipping Lines runs MV Tasrif-1 and MV Tasrif-4 between Dhaka and Bhola. Both ships offer deck places, chairs and cabins at fair prices.",
        96,
    ),
    launch(
        "op-prince-awlad",
        "Prince Awlad Navigation",
        "prince-awlad",
        "Prince Awlad Navigation sails MV Prince Awlad-10 and MV Prince Awlad-7 to Bhola. The ships are known for clean cabins and a friendly crew.",
        101,
    ),
    launch(
        "op-kuakata",
        "Kuakata Shipping",
        "kuakata",
        "Kuakata Shipping runs MV Kuakata-2 and MV Kuakata-1 between Dhaka and Patuakhali. From Patuakhali it is a short road trip to the beach at Kuakata.",
        99,
    ),
    launch(
        "op-meghna",
        "Meghna Launch Service",
        "meghna",
        "Meghna Launch Service sails MV Meghna Rani and MV Sonar Tori between Sadarghat and Chandpur. The short trip on the Meghna takes about three and a half hours.",
        95,
    ),
    launch(
        "op-farhan",
        "Farhan Navigation",
        "farhan",
        "Farhan Navigation runs MV Farhan-3 and MV Farhan-4 from Dhaka to Hularhat in Pirojpur. The ships reach Hularhat early in the morning.",
        98,
    ),
];

const fn coach(
    id: &'static str,
    operator: &'static str,
    name: &'static str,
    coach_type: &'static str,
    bus_class: &'static str,
    layout: &'static str,
) -> Vehicle {
    Vehicle { id, operator, name, coach_type: Some(coach_type), bus_class, layout }
}

const fn ship(id: &'static str, operator: &'static str, name: &'static str, layout: &'static str) -> Vehicle {
    Vehicle { id, operator, name, coach_type: None, bus_class: "Launch", layout }
}

const ECONOMY: &str = "Economy";
const BUSINESS: &str = "Business Class";
const SLEEPER: &str = "Sleeper";

/// An operator's economy coaches are either all AC or all non-AC: fares are per seat class, so
/// one operator cannot price two kinds of economy seat on one route.
pub const VEHICLES: &[Vehicle] = &[
    coach("gl-101", "op-green-line", "GL-101", "ac", BUSINESS, "bus-business-30"),
    coach("gl-102", "op-green-line", "GL-102", "ac", BUSINESS, "bus-business-30"),
    coach("gl-201", "op-green-line", "GL-201", "ac", SLEEPER, "bus-sleeper-32"),
    coach("gl-301", "op-green-line", "GL-301", "ac", ECONOMY, "bus-double-deck-64"),
    coach("hn-101", "op-hanif", "HN-101", "non-ac", ECONOMY, "bus-economy-40"),
    coach("hn-102", "op-hanif", "HN-102", "non-ac", ECONOMY, "bus-economy-40"),
    coach("hn-501", "op-hanif", "HN-501", "ac", BUSINESS, "bus-business-30"),
    coach("sp-101", "op-shohagh", "SP-101", "ac", BUSINESS, "bus-business-30"),
    coach("sp-102", "op-shohagh", "SP-102", "ac", ECONOMY, "bus-economy-36"),
    coach("sp-201", "op-shohagh", "SP-201", "ac", SLEEPER, "bus-sleeper-32"),
    coach("sy-101", "op-shyamoli", "SY-101", "non-ac", ECONOMY, "bus-economy-40"),
    coach("sy-102", "op-shyamoli", "SY-102", "non-ac", ECONOMY, "bus-economy-40"),
    coach("sy-501", "op-shyamoli", "SY-501", "ac", BUSINESS, "bus-business-30"),
    coach("en-101", "op-ena", "EN-101", "non-ac", ECONOMY, "bus-economy-40"),
    coach("en-102", "op-ena", "EN-102", "non-ac", ECONOMY, "bus-economy-40"),
    coach("en-501", "op-ena", "EN-501", "ac", BUSINESS, "bus-business-30"),
    coach("dt-101", "op-desh-travels", "DT-101", "ac", ECONOMY, "bus-economy-36"),
    coach("dt-102", "op-desh-travels", "DT-102", "ac", ECONOMY, "bus-economy-36"),
    coach("dt-501", "op-desh-travels", "DT-501", "ac", BUSINESS, "bus-business-30"),
    coach("sm-101", "op-saint-martin", "SM-101", "ac", BUSINESS, "bus-business-30"),
    coach("sm-102", "op-saint-martin", "SM-102", "ac", BUSINESS, "bus-business-30"),
    coach("sm-201", "op-saint-martin", "SM-201", "ac", SLEEPER, "bus-sleeper-32"),
    coach("le-101", "op-london-express", "LE-101", "ac", BUSINESS, "bus-business-30"),
    coach("le-102", "op-london-express", "LE-102", "ac", BUSINESS, "bus-business-30"),
    coach("le-301", "op-london-express", "LE-301", "ac", ECONOMY, "bus-double-deck-64"),
    coach("sa-101", "op-s-alam", "SA-101", "non-ac", ECONOMY, "bus-economy-40"),
    coach("sa-102", "op-s-alam", "SA-102", "non-ac", ECONOMY, "bus-economy-40"),
    coach("sa-501", "op-s-alam", "SA-501", "ac", BUSINESS, "bus-business-30"),
    coach("sd-101", "op-soudia", "SD-101", "non-ac", ECONOMY, "bus-economy-40"),
    coach("sd-102", "op-soudia", "SD-102", "non-ac", ECONOMY, "bus-economy-40"),
    coach("nt-101", "op-national", "NT-101", "non-ac", ECONOMY, "bus-economy-40"),
    coach("nt-102", "op-national", "NT-102", "non-ac", ECONOMY, "bus-economy-40"),
    coach("eg-101", "op-eagle", "EG-101", "non-ac", ECONOMY, "bus-economy-40"),
    coach("eg-102", "op-eagle", "EG-102", "non-ac", ECONOMY, "bus-economy-40"),
    coach("eg-501", "op-eagle", "EG-501", "ac", BUSINESS, "bus-business-30"),
    coach("nb-101", "op-nabil", "NB-101", "non-ac", ECONOMY, "bus-economy-40"),
    coach("nb-102", "op-nabil", "NB-102", "non-ac", ECONOMY, "bus-economy-40"),
    coach("nb-501", "op-nabil", "NB-501", "ac", BUSINESS, "bus-business-30"),
    coach("nb-201", "op-nabil", "NB-201", "ac", SLEEPER, "bus-sleeper-32"),
    coach("te-101", "op-tungipara", "TE-101", "non-ac", ECONOMY, "bus-economy-40"),
    coach("te-102", "op-tungipara", "TE-102", "non-ac", ECONOMY, "bus-economy-40"),
    coach("te-501", "op-tungipara", "TE-501", "ac", BUSINESS, "bus-business-30"),
    coach("sk-101", "op-sakura", "SK-101", "non-ac", ECONOMY, "bus-economy-40"),
    coach("sk-102", "op-sakura", "SK-102", "non-ac", ECONOMY, "bus-economy-40"),
    coach("sk-501", "op-sakura", "SK-501", "ac", BUSINESS, "bus-business-30"),
    coach("rc-101", "op-royal-coach", "RC-101", "ac", BUSINESS, "bus-business-30"),
    coach("rc-102", "op-royal-coach", "RC-102", "ac", BUSINESS, "bus-business-30"),
    coach("uq-101", "op-unique", "UQ-101", "non-ac", ECONOMY, "bus-economy-40"),
    coach("uq-102", "op-unique", "UQ-102", "non-ac", ECONOMY, "bus-economy-40"),
    coach("uq-501", "op-unique", "UQ-501", "ac", BUSINESS, "bus-business-30"),
    coach("sr-101", "op-sr-travels", "SR-101", "non-ac", ECONOMY, "bus-economy-40"),
    coach("sr-102", "op-sr-travels", "SR-102", "non-ac", ECONOMY, "bus-economy-40"),
    coach("sr-201", "op-sr-travels", "SR-201", "ac", SLEEPER, "bus-sleeper-32"),
    coach("gd-101", "op-golden-line", "GD-101", "non-ac", ECONOMY, "bus-economy-40"),
    coach("gd-102", "op-golden-line", "GD-102", "non-ac", ECONOMY, "bus-economy-40"),
    coach("gd-501", "op-golden-line", "GD-501", "ac", BUSINESS, "bus-business-30"),
    coach("gt-101", "op-grameen", "GT-101", "non-ac", ECONOMY, "bus-economy-40"),
    coach("gt-501", "op-grameen", "GT-501", "ac", BUSINESS, "bus-business-30"),
    coach("em-101", "op-emad", "EM-101", "ac", ECONOMY, "bus-economy-36"),
    coach("em-102", "op-emad", "EM-102", "ac", ECONOMY, "bus-economy-36"),
    ship("mv-sundarban-10", "op-sundarban", "MV Sundarban-10", "launch-large"),
    ship("mv-sundarban-11", "op-sundarban", "MV Sundarban-11", "launch-large"),
    ship("mv-parabat-12", "op-parabat", "MV Parabat-12", "launch-large"),
    ship("mv-parabat-11", "op-parabat", "MV Parabat-11", "launch-medium"),
    ship("mv-adventure-9", "op-adventure", "MV Adventure-9", "launch-large"),
    ship("mv-adventure-1", "op-adventure", "MV Adventure-1", "launch-medium"),
    ship("mv-kirtankhola-10", "op-kirtankhola", "MV Kirtankhola-10", "launch-large"),
    ship("mv-kirtankhola-2", "op-kirtankhola", "MV Kirtankhola-2", "launch-medium"),
    ship("mv-surovi-9", "op-surovi", "MV Surovi-9", "launch-large"),
    ship("mv-surovi-7", "op-surovi", "MV Surovi-7", "launch-medium"),
    ship("mv-tasrif-1", "op-tasrif", "MV Tasrif-1", "launch-medium"),
    ship("mv-tasrif-4", "op-tasrif", "MV Tasrif-4", "launch-medium"),
    ship("mv-prince-awlad-10", "op-prince-awlad", "MV Prince Awlad-10", "launch-large"),
    ship("mv-prince-awlad-7", "op-prince-awlad", "MV Prince Awlad-7", "launch-medium"),
    ship("mv-kuakata-2", "op-kuakata", "MV Kuakata-2", "launch-large"),
    ship("mv-kuakata-1", "op-kuakata", "MV Kuakata-1", "launch-medium"),
    ship("mv-meghna-rani", "op-meghna", "MV Meghna Rani", "launch-medium"),
    ship("mv-sonar-tori", "op-meghna", "MV Sonar Tori", "launch-medium"),
    ship("mv-farhan-3", "op-farhan", "MV Farhan-3", "launch-medium"),
    ship("mv-farhan-4", "op-farhan", "MV Farhan-4", "launch-medium"),
];

pub fn operator_by_id(id: &str) -> Option<&'static Operator> {
    OPERATORS.iter().find(|o| o.id == id)
}

pub fn vehicle_by_id(id: &str) -> Option<&'static Vehicle> {
    VEHICLES.iter().find(|v| v.id == id)
}

/// The vehicle that runs the return of a both-ways service: the operator's next vehicle of the
/// same kind (coach type and class), in list order and wrapping round; the vehicle itself when
/// the operator has only one of its kind. Two ships of one operator thus swap ends each night,
/// as launches do (one leaves Sadarghat while the other leaves Barishal).
pub fn partner(vehicle: &'static Vehicle) -> &'static Vehicle {
    let kind: Vec<&'static Vehicle> = VEHICLES
        .iter()
        .filter(|v| {
            v.operator == vehicle.operator && v.coach_type == vehicle.coach_type && v.bus_class == vehicle.bus_class
        })
        .collect();
    match kind.iter().position(|v| v.id == vehicle.id) {
        Some(i) => kind[(i + 1) % kind.len()],
        None => vehicle,
    }
}
