//! Home-page content: headline tickers, banners, offers, blogs, popular routes and settings.
//!
//! Image paths are relative: the site prefixes its configured image base (SPEC §3). Offers name
//! promo codes of `promos::PROMO_CODES`; popular routes name cities a route of their service
//! runs between (the API prices them from the fares).

pub struct Headline {
    pub service: &'static str,
    pub text: &'static str,
    pub visible: bool,
}

pub const HEADLINES: &[Headline] = &[
    Headline {
        service: "BUS",
        text: "Eid-ul-Adha advance tickets are on sale: book coaches to Chattogram, Sylhet, Khulna, Rajshahi and Rangpur up to 10 days ahead. Travel with your e-ticket; no printout needed. Helpline 16374.",
        visible: true,
    },
    Headline {
        service: "LAUNCH",
        text: "Eid special launches to Barishal, Bhola, Patuakhali and Barguna: cabins open for booking 7 days before the journey. Board at Sadarghat at least 30 minutes before departure.",
        visible: true,
    },
];

pub struct Banner {
    pub id: &'static str,
    pub module_type: &'static str,
    pub title: &'static str,
    pub image: &'static str,
    pub link: Option<&'static str>,
}

pub const BANNERS: &[Banner] = &[
    Banner {
        id: "banner-intercity-eid",
        module_type: "intercity",
        title: "Eid advance tickets on sale",
        image: "/images/banners/intercity-eid.png",
        link: Some("/bus/offer/offer-eid200"),
    },
    Banner {
        id: "banner-intercity-business",
        module_type: "intercity",
        title: "Business class seats to Chattogram",
        image: "/images/banners/intercity-business-class.png",
        link: Some("/bus/popular-route"),
    },
    Banner {
        id: "banner-intercity-sleeper",
        module_type: "intercity",
        title: "Sleep your way to Cox's Bazar",
        image: "/images/banners/intercity-sleeper.png",
        link: None,
    },
    Banner {
        id: "banner-intercity-bkash",
        module_type: "intercity",
        title: "Pay with bKash, Nagad or card",
        image: "/images/banners/intercity-payment.png",
        link: None,
    },
    Banner {
        id: "banner-intercity-safety",
        module_type: "intercity",
        title: "Wear your seat belt on every trip",
        image: "/images/banners/intercity-safety.png",
        link: None,
    },
    Banner {
        id: "banner-water-cabins",
        module_type: "water",
        title: "VIP cabins on MV Sundarban-10",
        image: "/images/banners/water-vip-cabin.png",
        link: Some("/launch/operator"),
    },
    Banner {
        id: "banner-water-barishal",
        module_type: "water",
        title: "Sadarghat to Barishal every night",
        image: "/images/banners/water-barishal.png",
        link: Some("/launch/popular-route"),
    },
    Banner {
        id: "banner-water-family",
        module_type: "water",
        title: "Family cabins for the Eid journey home",
        image: "/images/banners/water-family-cabin.png",
        link: None,
    },
    Banner {
        id: "banner-water-safety",
        module_type: "water",
        title: "Life jackets on board every launch",
        image: "/images/banners/water-safety.png",
        link: None,
    },
];

pub struct Offer {
    pub id: &'static str,
    pub title: &'static str,
    pub image: &'static str,
    pub promo_code: Option<&'static str>,
    pub description: Option<&'static str>,
}

pub const OFFERS: &[Offer] = &[
    Offer {
        id: "offer-eid200",
        title: "Eid offer: 200 TK off",
        image: "/images/offers/eid200.png",
        promo_code: Some("EID200"),
        description: Some("200 TK off any bus ticket of 1,000 TK or more during the Eid rush."),
    },
    Offer {
        id: "offer-launch10",
        title: "10% off launch cabins",
        image: "/images/offers/launch10.png",
        promo_code: Some("LAUNCH10"),
        description: Some("10% off launch tickets of 800 TK or more, up to 300 TK."),
    },
    Offer {
        id: "offer-green15",
        title: "Green Line: 15% off",
        image: "/images/offers/green15.png",
        promo_code: Some("GREEN15"),
        description: Some("15% off Green Line Paribahan tickets of 1,000 TK or more, up to 250 TK."),
    },
    Offer {
        id: "offer-first100",
        title: "First trip: 100 TK off",
        image: "/images/offers/first100.png",
        promo_code: Some("FIRST100"),
        description: Some("100 TK off your first bus or launch ticket of 500 TK or more."),
    },
    Offer {
        id: "offer-night50",
        title: "Night coach: 50 TK off",
        image: "/images/offers/night50.png",
        promo_code: Some("NIGHT50"),
        description: Some("50 TK off bus tickets of 400 TK or more, up to five times per phone."),
    },
    Offer {
        id: "offer-cabin500",
        title: "Sundarban cabins: 500 TK off",
        image: "/images/offers/cabin500.png",
        promo_code: Some("CABIN500"),
        description: Some("500 TK off Sundarban Navigation cabin bookings of 2,500 TK or more."),
    },
];

pub struct Blog {
    pub id: &'static str,
    pub title: &'static str,
    pub summary: &'static str,
    pub image: &'static str,
    pub url: &'static str,
}

pub const BLOGS: &[Blog] = &[
    Blog {
        id: "blog-coxs-bazar-guide",
        title: "Ten things to do in Cox's Bazar",
        summary: "The longest natural sea beach in the world is more than Kolatoli and Sugandha Point. Here is how to spend three days between Himchari, Inani and the Marine Drive.",
        image: "/images/blogs/coxs-bazar.png",
        url: "/blog/coxs-bazar-guide",
    },
    Blog {
        id: "blog-launch-to-barishal",
        title: "Your first launch trip to Barishal",
        summary: "An overnight launch from Sadarghat is the classic way to reach the south. We explain the classes from deck to VIP cabin and what to bring on board.",
        image: "/images/blogs/launch-barishal.png",
        url: "/blog/launch-to-barishal",
    },
    Blog {
        id: "blog-sylhet-tea-gardens",
        title: "Tea gardens of Sreemangal and Sylhet",
        summary: "Green hills, Lawachara forest and the seven-layer tea make the north-east a perfect weekend escape. Take a morning coach from Dhaka and be in the gardens by lunch.",
        image: "/images/blogs/sylhet-tea.png",
        url: "/blog/sylhet-tea-gardens",
    },
    Blog {
        id: "blog-kuakata-sunrise",
        title: "Kuakata: sunrise and sunset on one beach",
        summary: "Since the Padma Bridge opened, Kuakata is a night's coach ride from Dhaka. Find out where to watch the sun rise and set over the Bay of Bengal.",
        image: "/images/blogs/kuakata.png",
        url: "/blog/kuakata-sunrise",
    },
    Blog {
        id: "blog-eid-travel-tips",
        title: "Travelling home for Eid without the stress",
        summary: "Advance tickets sell out in hours, and counters are crowded. Our tips on booking early, choosing a departure and carrying an e-ticket.",
        image: "/images/blogs/eid-travel.png",
        url: "/blog/eid-travel-tips",
    },
    Blog {
        id: "blog-hill-tracts",
        title: "Bandarban and Rangamati by night coach",
        summary: "The Chattogram Hill Tracts are a night coach and a short drive away. Plan a trip to Nilgiri, Boga Lake and Kaptai Lake with our route guide.",
        image: "/images/blogs/hill-tracts.png",
        url: "/blog/hill-tracts",
    },
    Blog {
        id: "blog-sundarbans-from-khulna",
        title: "Into the Sundarbans from Khulna",
        summary: "Khulna is the gateway to the largest mangrove forest on earth. Take a coach over the Padma Bridge and join a three-day boat trip to Kotka and Katka.",
        image: "/images/blogs/sundarbans.png",
        url: "/blog/sundarbans-from-khulna",
    },
];

pub struct PopularRoute {
    pub service: &'static str,
    pub from: &'static str,
    pub to: &'static str,
    pub description: &'static str,
}

pub const POPULAR_ROUTES: &[PopularRoute] = &[
    PopularRoute {
        service: "BUS",
        from: "dhaka",
        to: "chattogram",
        description: "The country's busiest highway, with coaches every half hour from early morning to past midnight.",
    },
    PopularRoute {
        service: "BUS",
        from: "dhaka",
        to: "coxs-bazar",
        description: "Night coaches reach the beach town in the morning; sleeper and business class available.",
    },
    PopularRoute {
        service: "BUS",
        from: "dhaka",
        to: "sylhet",
        description: "Through the tea country to Sylhet in about five and a half hours.",
    },
    PopularRoute {
        service: "BUS",
        from: "dhaka",
        to: "rajshahi",
        description: "Over the Jamuna bridge to the silk city, via Natore.",
    },
    PopularRoute {
        service: "BUS",
        from: "dhaka",
        to: "khulna",
        description: "Over the Padma Bridge to Khulna in about five hours, via Gopalganj.",
    },
    PopularRoute {
        service: "BUS",
        from: "dhaka",
        to: "barishal",
        description: "Barishal is now four hours away by road over the Padma Bridge.",
    },
    PopularRoute {
        service: "BUS",
        from: "dhaka",
        to: "rangpur",
        description: "Day and night coaches to the north, via Bogura.",
    },
    PopularRoute {
        service: "BUS",
        from: "chattogram",
        to: "dhaka",
        description: "From Dampara and GEC Circle to Dhaka, day and night.",
    },
    PopularRoute {
        service: "BUS",
        from: "dhaka",
        to: "kuakata",
        description: "To the beach of sunrise and sunset, via Patuakhali.",
    },
    PopularRoute {
        service: "BUS",
        from: "chattogram",
        to: "coxs-bazar",
        description: "Four hours down the Arakan Road from Chattogram to the sea.",
    },
    PopularRoute {
        service: "LAUNCH",
        from: "dhaka",
        to: "barishal",
        description: "The classic overnight launch from Sadarghat to Barishal.",
    },
    PopularRoute {
        service: "LAUNCH",
        from: "barishal",
        to: "dhaka",
        description: "Leave Barishal in the evening, wake up at Sadarghat.",
    },
    PopularRoute {
        service: "LAUNCH",
        from: "dhaka",
        to: "bhola",
        description: "Overnight to the island district of Bhola.",
    },
    PopularRoute {
        service: "LAUNCH",
        from: "dhaka",
        to: "patuakhali",
        description: "The long river run to Patuakhali, gateway to Kuakata.",
    },
    PopularRoute {
        service: "LAUNCH",
        from: "dhaka",
        to: "chandpur",
        description: "Three and a half hours down the Meghna to the city of hilsa.",
    },
    PopularRoute {
        service: "LAUNCH",
        from: "dhaka",
        to: "pirojpur",
        description: "Overnight to Hularhat launch ghat in Pirojpur.",
    },
    PopularRoute {
        service: "LAUNCH",
        from: "dhaka",
        to: "jhalokathi",
        description: "Via Barishal to Jhalokathi, arriving early in the morning.",
    },
    PopularRoute {
        service: "LAUNCH",
        from: "dhaka",
        to: "barguna",
        description: "The longest overnight run, to the coastal town of Barguna.",
    },
    PopularRoute {
        service: "LAUNCH",
        from: "bhola",
        to: "dhaka",
        description: "From Ilisha and Bhola ghats back to Sadarghat overnight.",
    },
];

impl PopularRoute {
    pub fn id(&self) -> String {
        format!("popular-{}-{}-{}", self.service.to_ascii_lowercase(), self.from, self.to)
    }

    pub fn image(&self) -> String {
        format!("/images/routes/{}-{}.png", self.from, self.to)
    }
}

/// Settings the site reads. The rollout share starts at 0: no visitor sees the new-site banner
/// until an operator raises it (SPEC §4).
pub const SETTINGS: &[(&str, &str)] = &[("helpline", "16374"), ("rollout_percentage", "0")];
