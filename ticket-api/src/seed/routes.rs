//! Bus and launch routes: ordered stops (cities) with the road or river distance and the
//! running time from the first stop, and each stop's boarding/dropping points.
//!
//! Leg i runs from stop i to stop i + 1 (schema), so a three-stop route sells a seat per leg
//! (Dhaka-Cumilla and Cumilla-Chattogram on the same seat). A point's time is written as an
//! offset from its stop's time, in the order the coach or ship reaches the points. A
//! both-ways route also runs in reverse, derived by [`Route::reversed`].

use super::operators::{BUS, LAUNCH};
use super::places::city_by_id;

pub struct RouteDef {
    pub id: &'static str,
    pub service: &'static str,
    pub stops: &'static [StopDef],
    /// Also runs the other way (id and name derived from the stops).
    pub both_ways: bool,
}

pub struct StopDef {
    pub city: &'static str,
    /// Distance from the first stop, in km (fares are distance-based).
    pub km: u32,
    /// Running time from the first stop's first point, in minutes.
    pub minutes: i64,
    /// The stop's points and their offsets in minutes from `minutes`, in the order reached.
    pub points: &'static [(&'static str, i64)],
}

const fn stop(city: &'static str, km: u32, minutes: i64, points: &'static [(&'static str, i64)]) -> StopDef {
    StopDef { city, km, minutes, points }
}

const fn bus(id: &'static str, both_ways: bool, stops: &'static [StopDef]) -> RouteDef {
    RouteDef { id, service: BUS, stops, both_ways }
}

const fn launch(id: &'static str, both_ways: bool, stops: &'static [StopDef]) -> RouteDef {
    RouteDef { id, service: LAUNCH, stops, both_ways }
}

// Dhaka's terminals by the direction of travel.
/// East and south-east (Cumilla, Chattogram, Cox's Bazar, Noakhali): the Motijheel counters, then
/// out through Sayedabad and Jatrabari.
const DHAKA_EAST: &[(&str, i64)] =
    &[("dhaka-arambagh", 0), ("dhaka-fakirapool", 10), ("dhaka-sayedabad", 25), ("dhaka-jatrabari", 40)];
/// North-west over the Jamuna bridge (Rajshahi, Pabna): along Mirpur Road to Gabtoli.
const DHAKA_MIRPUR_ROAD: &[(&str, i64)] =
    &[("dhaka-shyamoli", 0), ("dhaka-kalyanpur", 10), ("dhaka-technical", 15), ("dhaka-gabtoli", 25)];
/// North (Rangpur, Dinajpur): from Kalyanpur and Gabtoli.
const DHAKA_NORTH_WEST: &[(&str, i64)] = &[("dhaka-kalyanpur", 0), ("dhaka-technical", 5), ("dhaka-gabtoli", 15)];
/// North through Tongi (Bogura, Mymensingh, Tangail).
const DHAKA_NORTH: &[(&str, i64)] = &[("dhaka-mohakhali", 0), ("dhaka-abdullahpur", 35)];
/// South-west over the Padma Bridge (Khulna, Barishal, Kuakata).
const DHAKA_SOUTH_WEST: &[(&str, i64)] = &[("dhaka-arambagh", 0), ("dhaka-sayedabad", 15), ("dhaka-jatrabari", 25)];
/// West from Gabtoli (Jashore, Benapole, Satkhira, Kushtia).
const DHAKA_WEST: &[(&str, i64)] = &[("dhaka-technical", 0), ("dhaka-gabtoli", 10)];
const DHAKA_SAYEDABAD: &[(&str, i64)] = &[("dhaka-sayedabad", 0), ("dhaka-jatrabari", 15)];
const DHAKA_SADARGHAT: &[(&str, i64)] = &[("dhaka-sadarghat", 0)];

const CHATTOGRAM_FROM_DHAKA: &[(&str, i64)] = &[
    ("chattogram-city-gate", 0),
    ("chattogram-ak-khan", 10),
    ("chattogram-gec-circle", 25),
    ("chattogram-dampara", 40),
];
const COXS_BAZAR: &[(&str, i64)] = &[
    ("coxs-bazar-link-road", 0),
    ("coxs-bazar-central-terminal", 10),
    ("coxs-bazar-kolatoli", 25),
    ("coxs-bazar-sugandha", 30),
];
const RAJSHAHI: &[(&str, i64)] = &[("rajshahi-kazla", 0), ("rajshahi-talaimari", 10), ("rajshahi-shiroil", 20)];
const BOGURA_THROUGH: &[(&str, i64)] = &[("bogura-banani", 0), ("bogura-charmatha", 10)];
const JASHORE: &[(&str, i64)] = &[("jashore-monihar", 0), ("jashore-chanchra", 10)];

pub const ROUTES: &[RouteDef] = &[
    bus(
        "dhaka-chattogram",
        true,
        &[
            stop("dhaka", 0, 0, DHAKA_EAST),
            stop("cumilla", 100, 150, &[("cumilla-cantonment", 0), ("cumilla-padua-bazar", 15)]),
            stop("chattogram", 250, 330, CHATTOGRAM_FROM_DHAKA),
        ],
    ),
    bus(
        "dhaka-coxs-bazar",
        true,
        &[
            stop("dhaka", 0, 0, DHAKA_EAST),
            stop(
                "chattogram",
                250,
                330,
                &[("chattogram-city-gate", 0), ("chattogram-bahaddarhat", 25), ("chattogram-notun-bridge", 40)],
            ),
            stop("coxs-bazar", 400, 600, COXS_BAZAR),
        ],
    ),
    bus(
        "dhaka-sylhet",
        true,
        &[
            stop("dhaka", 0, 0, &[("dhaka-arambagh", 0), ("dhaka-fakirapool", 10), ("dhaka-sayedabad", 25)]),
            stop(
                "sylhet",
                240,
                330,
                &[
                    ("sylhet-humayun-rashid", 0),
                    ("sylhet-kadamtali", 10),
                    ("sylhet-subhanighat", 25),
                    ("sylhet-amberkhana", 35),
                ],
            ),
        ],
    ),
    bus(
        "dhaka-rajshahi",
        true,
        &[
            stop("dhaka", 0, 0, DHAKA_MIRPUR_ROAD),
            stop("natore", 215, 270, &[("natore-bypass", 0), ("natore-madrasa-mor", 10)]),
            stop("rajshahi", 255, 330, RAJSHAHI),
        ],
    ),
    bus(
        "dhaka-khulna",
        true,
        &[
            stop("dhaka", 0, 0, DHAKA_SOUTH_WEST),
            stop("gopalganj", 150, 180, &[("gopalganj-ghonapara", 0), ("gopalganj-bus-terminal", 10)]),
            stop("khulna", 230, 300, &[("khulna-rupsha", 0), ("khulna-royal-mor", 15), ("khulna-sonadanga", 25)]),
        ],
    ),
    bus(
        "dhaka-barishal",
        true,
        &[
            stop("dhaka", 0, 0, DHAKA_SOUTH_WEST),
            stop("barishal", 170, 240, &[("barishal-nathullabad", 0), ("barishal-rupatoli", 15)]),
        ],
    ),
    bus(
        "dhaka-rangpur",
        true,
        &[
            stop("dhaka", 0, 0, DHAKA_NORTH_WEST),
            stop("bogura", 200, 270, BOGURA_THROUGH),
            stop(
                "rangpur",
                310,
                420,
                &[("rangpur-modern-mor", 0), ("rangpur-central-terminal", 10), ("rangpur-shapla-chattar", 20)],
            ),
        ],
    ),
    bus(
        "dhaka-dinajpur",
        true,
        &[
            stop("dhaka", 0, 0, DHAKA_NORTH_WEST),
            stop("bogura", 200, 270, BOGURA_THROUGH),
            stop("dinajpur", 330, 480, &[("dinajpur-dashmile", 0), ("dinajpur-central-terminal", 20)]),
        ],
    ),
    bus("dhaka-jashore", true, &[stop("dhaka", 0, 0, DHAKA_WEST), stop("jashore", 165, 240, JASHORE)]),
    bus(
        "dhaka-benapole",
        false,
        &[
            stop("dhaka", 0, 0, DHAKA_WEST),
            stop("jashore", 165, 240, JASHORE),
            stop("benapole", 205, 300, &[("benapole-bus-stand", 0), ("benapole-check-post", 10)]),
        ],
    ),
    bus(
        "dhaka-kushtia",
        true,
        &[
            stop("dhaka", 0, 0, DHAKA_WEST),
            stop("rajbari", 130, 210, &[("rajbari-goalanda-mor", 0), ("rajbari-bus-terminal", 20)]),
            stop("kushtia", 190, 330, &[("kushtia-majampur", 0), ("kushtia-chowrhas", 15)]),
        ],
    ),
    bus(
        "dhaka-bogura",
        true,
        &[
            stop("dhaka", 0, 0, DHAKA_NORTH),
            stop("bogura", 200, 300, &[("bogura-banani", 0), ("bogura-charmatha", 10), ("bogura-thanthania", 20)]),
        ],
    ),
    bus(
        "dhaka-mymensingh",
        true,
        &[
            stop("dhaka", 0, 0, DHAKA_NORTH),
            stop("mymensingh", 120, 180, &[("mymensingh-masakanda", 0), ("mymensingh-notun-bazar", 15)]),
        ],
    ),
    bus(
        "dhaka-cumilla",
        false,
        &[
            stop("dhaka", 0, 0, DHAKA_SAYEDABAD),
            stop(
                "cumilla",
                100,
                150,
                &[("cumilla-cantonment", 0), ("cumilla-padua-bazar", 15), ("cumilla-shashongacha", 25)],
            ),
        ],
    ),
    bus(
        "dhaka-noakhali",
        false,
        &[
            stop("dhaka", 0, 0, DHAKA_EAST),
            stop("feni", 160, 240, &[("feni-lalpol", 0), ("feni-mohipal", 10)]),
            stop("noakhali", 195, 300, &[("noakhali-chowmuhani", 0), ("noakhali-maijdee", 25)]),
        ],
    ),
    bus(
        "dhaka-moulvibazar",
        false,
        &[
            stop("dhaka", 0, 0, &[("dhaka-fakirapool", 0), ("dhaka-sayedabad", 15)]),
            stop("sreemangal", 190, 270, &[("sreemangal-bus-stand", 0), ("sreemangal-station-road", 10)]),
            stop("moulvibazar", 215, 330, &[("moulvibazar-bus-terminal", 0), ("moulvibazar-chowmohona", 10)]),
        ],
    ),
    bus(
        "dhaka-kuakata",
        true,
        &[
            stop("dhaka", 0, 0, DHAKA_SOUTH_WEST),
            stop("patuakhali", 210, 300, &[("patuakhali-bus-terminal", 0), ("patuakhali-chowrasta", 10)]),
            stop("kuakata", 280, 420, &[("kuakata-bus-terminal", 0), ("kuakata-zero-point", 10)]),
        ],
    ),
    bus(
        "dhaka-satkhira",
        false,
        &[
            stop("dhaka", 0, 0, DHAKA_WEST),
            stop("jashore", 165, 240, &[("jashore-monihar", 0), ("jashore-palbari", 10)]),
            stop("satkhira", 240, 360, &[("satkhira-khulna-road", 0), ("satkhira-bus-terminal", 10)]),
        ],
    ),
    bus(
        "dhaka-tangail",
        false,
        &[
            stop("dhaka", 0, 0, DHAKA_NORTH),
            stop("tangail", 90, 150, &[("tangail-rabna", 0), ("tangail-new-terminal", 15)]),
        ],
    ),
    bus(
        "dhaka-faridpur",
        false,
        &[
            stop("dhaka", 0, 0, DHAKA_SAYEDABAD),
            stop("faridpur", 110, 180, &[("faridpur-bhanga", 0), ("faridpur-new-terminal", 40)]),
        ],
    ),
    bus(
        "dhaka-chapainawabganj",
        false,
        &[
            stop("dhaka", 0, 0, DHAKA_MIRPUR_ROAD),
            stop("rajshahi", 255, 330, &[("rajshahi-kazla", 0), ("rajshahi-shiroil", 20)]),
            stop("chapainawabganj", 305, 420, &[("chapainawabganj-bus-terminal", 0), ("chapainawabganj-shibganj", 30)]),
        ],
    ),
    bus(
        "dhaka-pabna",
        false,
        &[
            stop("dhaka", 0, 0, &[("dhaka-kalyanpur", 0), ("dhaka-gabtoli", 15)]),
            stop("pabna", 160, 270, &[("pabna-kashinathpur", 0), ("pabna-bus-terminal", 30)]),
        ],
    ),
    bus(
        "dhaka-bandarban",
        false,
        &[
            stop("dhaka", 0, 0, DHAKA_EAST),
            stop("chattogram", 250, 330, &[("chattogram-city-gate", 0), ("chattogram-bahaddarhat", 25)]),
            stop("bandarban", 330, 480, &[("bandarban-meghla", 0), ("bandarban-bus-stand", 10)]),
        ],
    ),
    bus(
        "dhaka-rangamati",
        false,
        &[
            stop("dhaka", 0, 0, DHAKA_EAST),
            stop("chattogram", 250, 330, &[("chattogram-city-gate", 0), ("chattogram-oxygen", 25)]),
            stop("rangamati", 320, 480, &[("rangamati-bus-terminal", 0), ("rangamati-reserve-bazar", 15)]),
        ],
    ),
    bus(
        "dhaka-brahmanbaria",
        false,
        &[
            stop("dhaka", 0, 0, DHAKA_SAYEDABAD),
            stop("brahmanbaria", 110, 180, &[("brahmanbaria-bishwa-road", 0), ("brahmanbaria-kawtoli", 15)]),
        ],
    ),
    bus(
        "chattogram-coxs-bazar",
        true,
        &[
            stop(
                "chattogram",
                0,
                0,
                &[("chattogram-dampara", 0), ("chattogram-bahaddarhat", 20), ("chattogram-notun-bridge", 35)],
            ),
            stop("coxs-bazar", 150, 240, COXS_BAZAR),
        ],
    ),
    bus(
        "chattogram-sylhet",
        true,
        &[
            stop(
                "chattogram",
                0,
                0,
                &[("chattogram-kadamtali", 0), ("chattogram-ak-khan", 20), ("chattogram-city-gate", 30)],
            ),
            stop("cumilla", 150, 210, &[("cumilla-padua-bazar", 0), ("cumilla-cantonment", 15)]),
            stop("sylhet", 360, 480, &[("sylhet-humayun-rashid", 0), ("sylhet-kadamtali", 10)]),
        ],
    ),
    // Launches leave Sadarghat in the evening and reach the south next morning.
    launch(
        "dhaka-barishal-launch",
        true,
        &[stop("dhaka", 0, 0, DHAKA_SADARGHAT), stop("barishal", 170, 510, &[("barishal-launch-ghat", 0)])],
    ),
    launch(
        "dhaka-bhola-launch",
        true,
        &[
            stop("dhaka", 0, 0, DHAKA_SADARGHAT),
            stop("bhola", 195, 540, &[("bhola-ilisha", 0), ("bhola-launch-ghat", 45)]),
        ],
    ),
    launch(
        "dhaka-patuakhali-launch",
        true,
        &[stop("dhaka", 0, 0, DHAKA_SADARGHAT), stop("patuakhali", 230, 720, &[("patuakhali-launch-ghat", 0)])],
    ),
    launch(
        "dhaka-chandpur-launch",
        true,
        &[stop("dhaka", 0, 0, DHAKA_SADARGHAT), stop("chandpur", 65, 210, &[("chandpur-launch-terminal", 0)])],
    ),
    launch(
        "dhaka-pirojpur-launch",
        true,
        &[stop("dhaka", 0, 0, DHAKA_SADARGHAT), stop("pirojpur", 210, 600, &[("pirojpur-hularhat", 0)])],
    ),
    launch(
        "dhaka-jhalokathi-launch",
        true,
        &[
            stop("dhaka", 0, 0, DHAKA_SADARGHAT),
            stop("barishal", 170, 480, &[("barishal-launch-ghat", 0)]),
            stop("jhalokathi", 195, 570, &[("jhalokathi-launch-ghat", 0)]),
        ],
    ),
    launch(
        "dhaka-barguna-launch",
        true,
        &[stop("dhaka", 0, 0, DHAKA_SADARGHAT), stop("barguna", 250, 780, &[("barguna-launch-ghat", 0)])],
    ),
];

/// A route as written to the database: stop times and point times from the first stop.
pub struct Route {
    pub id: String,
    pub service: &'static str,
    pub name: String,
    pub stops: Vec<Stop>,
    /// The written route this one comes from (itself, or the route it reverses).
    pub def: &'static RouteDef,
    pub reversed: bool,
}

pub struct Stop {
    pub city: &'static str,
    pub km: u32,
    pub minutes: i64,
    /// Points and their minutes from the route's start (absolute, as `route_points` stores).
    pub points: Vec<(&'static str, i64)>,
}

fn city_name(id: &str) -> &str {
    city_by_id(id).map_or(id, |c| c.name)
}

impl RouteDef {
    fn forward(&'static self) -> Route {
        let stops = self
            .stops
            .iter()
            .map(|s| Stop {
                city: s.city,
                km: s.km,
                minutes: s.minutes,
                points: s.points.iter().map(|&(p, offset)| (p, s.minutes + offset)).collect(),
            })
            .collect();
        Route {
            id: self.id.to_owned(),
            service: self.service,
            name: name_of(self.stops.iter().map(|s| s.city)),
            stops,
            def: self,
            reversed: false,
        }
    }

    /// The way back: stops in reverse order; a stop's time is the forward time still to run
    /// from it to the last stop, and its points come in reverse order, each after the previous
    /// by the same gaps as on the way out. The id swaps the end cities ('chattogram-dhaka';
    /// launch ids keep their '-launch' suffix).
    fn reversed(&'static self) -> Route {
        let (last_km, last_minutes) = self.stops.last().map_or((0, 0), |s| (s.km, s.minutes));
        let stops = self
            .stops
            .iter()
            .rev()
            .map(|s| {
                let minutes = last_minutes - s.minutes;
                let max_offset = s.points.iter().map(|&(_, o)| o).max().unwrap_or(0);
                Stop {
                    city: s.city,
                    km: last_km - s.km,
                    minutes,
                    points: s.points.iter().rev().map(|&(p, offset)| (p, minutes + max_offset - offset)).collect(),
                }
            })
            .collect();
        let first = self.stops.first().map_or("", |s| s.city);
        let last = self.stops.last().map_or("", |s| s.city);
        let suffix = if self.service == LAUNCH { "-launch" } else { "" };
        Route {
            id: format!("{last}-{first}{suffix}"),
            service: self.service,
            name: name_of(self.stops.iter().rev().map(|s| s.city)),
            stops,
            def: self,
            reversed: true,
        }
    }
}

/// 'Dhaka - Chattogram': the first and last stop, as the original API names routes.
fn name_of<'a>(mut cities: impl Iterator<Item = &'a str>) -> String {
    let first = cities.next().unwrap_or("");
    let last = cities.last().unwrap_or(first);
    format!("{} - {}", city_name(first), city_name(last))
}

/// Every route as written to the database: each written route, then its reverse if it runs
/// both ways.
pub fn all() -> Vec<Route> {
    let mut routes = Vec::new();
    for def in ROUTES {
        routes.push(def.forward());
        if def.both_ways {
            routes.push(def.reversed());
        }
    }
    routes
}

impl Route {
    /// Distance between two stops of the route, in km.
    pub fn km_between(&self, from: usize, to: usize) -> u32 {
        match (self.stops.get(from), self.stops.get(to)) {
            (Some(a), Some(b)) => b.km.abs_diff(a.km),
            _ => 0,
        }
    }
}
