//! The demo data's own consistency, without a database, and one seed of a temporary SQLite file.

#![allow(clippy::unwrap_used)]

use std::collections::{HashMap, HashSet};

use core_wasm::time::Date;

use super::content::{BANNERS, BLOGS, HEADLINES, OFFERS, POPULAR_ROUTES, SETTINGS};
use super::layouts::{LAYOUTS, layout_by_id};
use super::operators::{BUS, LAUNCH, OPERATORS, VEHICLES, operator_by_id, partner, vehicle_by_id};
use super::places::{CITIES, DIVISIONS, POINTS, city_by_id};
use super::promos::PROMO_CODES;
use super::routes::{ROUTES, Route};
use super::schedule::{TIMETABLES, departures, trip_id};
use super::{SeedOptions, fares, inventory, routes};

fn assert_unique<'a>(what: &str, ids: impl IntoIterator<Item = &'a str>) {
    let mut seen = HashSet::new();
    for id in ids {
        assert!(seen.insert(id), "duplicate {what}: {id}");
    }
}

/// Sentences of a text; "S. Alam" is one word, not a sentence end.
fn sentences(text: &str) -> usize {
    text.split(". ").filter(|part| part.len() > 2).count()
}

fn day() -> Date {
    Date::new(2026, 1, 5).unwrap()
}

#[test]
fn ids_and_names_are_unique() {
    assert_unique("city id", CITIES.iter().map(|c| c.id));
    assert_unique("city name", CITIES.iter().map(|c| c.name));
    assert_unique("point id", POINTS.iter().map(|p| p.id));
    assert_unique("operator id", OPERATORS.iter().map(|o| o.id));
    assert_unique("operator slug", OPERATORS.iter().map(|o| o.slug));
    assert_unique("vehicle id", VEHICLES.iter().map(|v| v.id));
    assert_unique("vehicle name", VEHICLES.iter().map(|v| v.name));
    assert_unique("layout id", LAYOUTS.iter().map(|l| l.id));
    let all = routes::all();
    assert_unique("route id", all.iter().map(|r| r.id.as_str()));
    assert_unique("banner id", BANNERS.iter().map(|b| b.id));
    assert_unique("offer id", OFFERS.iter().map(|o| o.id));
    assert_unique("blog id", BLOGS.iter().map(|b| b.id));
    let popular: Vec<String> = POPULAR_ROUTES.iter().map(|p| p.id()).collect();
    assert_unique("popular route id", popular.iter().map(String::as_str));
    assert_unique("promo code", PROMO_CODES.iter().map(|p| p.code));
    assert_unique("setting", SETTINGS.iter().map(|s| s.0));
    assert_unique("headline service", HEADLINES.iter().map(|h| h.service));
    for layout in LAYOUTS {
        let seats: Vec<String> = layout.seats().into_iter().map(|s| s.seat_no).collect();
        assert_unique(layout.id, seats.iter().map(String::as_str));
    }
    let departures = departures(&all);
    let ids: Vec<String> = (0..3)
        .flat_map(|d| departures.iter().map(move |dep| (d, dep)))
        .map(|(d, dep)| trip_id(&all[dep.route], dep.vehicle, day().add_days(d), dep.minute))
        .collect();
    assert_unique("trip id", ids.iter().map(String::as_str));
}

#[test]
fn cities_cover_the_country() {
    assert!(CITIES.len() >= 45, "{} cities", CITIES.len());
    assert_eq!(CITIES[0].name, "Dhaka", "Dhaka is the most popular");
    for division in DIVISIONS {
        assert!(CITIES.iter().any(|c| c.division == division), "no city in {division} division");
    }
    for c in CITIES {
        assert!(DIVISIONS.contains(&c.division), "{}: unknown division {}", c.id, c.division);
    }
    for name in ["Chattogram", "Cox's Bazar", "Barishal", "Cumilla", "Bogura", "Jashore"] {
        assert!(CITIES.iter().any(|c| c.name == name), "{name} is stored as the original API stores it");
    }
    for terminal in ["Gabtoli", "Sayedabad", "Mohakhali", "Sadarghat", "Abdullahpur"] {
        assert!(!CITIES.iter().any(|c| c.name.contains(terminal)), "{terminal} is a point, not a city");
    }
}

#[test]
fn points_belong_to_cities_and_routed_cities_have_several() {
    for p in POINTS {
        assert!(city_by_id(p.city).is_some(), "point {} in unknown city {}", p.id, p.city);
    }
    let count = |city: &str| POINTS.iter().filter(|p| p.city == city).count();
    for c in CITIES {
        assert!(count(c.id) >= 1, "{} has no point", c.id);
    }
    for r in routes::all() {
        for s in &r.stops {
            assert!(count(s.city) >= 2, "{} (on {}) has fewer than 2 points", s.city, r.id);
        }
    }
    assert!(count("dhaka") >= 4);
    for name in ["Gabtoli", "Sayedabad", "Mohakhali", "Kalyanpur", "Abdullahpur", "Arambagh", "Fakirapool", "Sadarghat"]
    {
        assert!(POINTS.iter().any(|p| p.city == "dhaka" && p.name.contains(name)), "Dhaka has no {name} point");
    }
}

fn check_route(r: &Route) {
    assert!(r.stops.len() >= 2, "{}: fewer than two stops", r.id);
    assert_eq!(r.stops[0].minutes, 0, "{}: the first stop is the start", r.id);
    let mut seen_points = HashSet::new();
    let mut last_point_minutes = -1;
    for (i, s) in r.stops.iter().enumerate() {
        assert!(city_by_id(s.city).is_some(), "{}: unknown city {}", r.id, s.city);
        if i > 0 {
            let prev = &r.stops[i - 1];
            assert!(s.minutes > prev.minutes, "{}: stop {i} is not after stop {}", r.id, i - 1);
            assert!(s.km > prev.km, "{}: stop {i} is no further than stop {}", r.id, i - 1);
            assert_ne!(s.city, prev.city, "{}: the same city twice in a row", r.id);
        }
        assert!(!s.points.is_empty(), "{}: stop {i} has no point", r.id);
        for &(point, minutes) in &s.points {
            let p = super::places::point_by_id(point).unwrap_or_else(|| panic!("{}: unknown point {point}", r.id));
            assert_eq!(p.city, s.city, "{}: point {point} is not in {}", r.id, s.city);
            assert!(seen_points.insert(point), "{}: point {point} twice", r.id);
            assert!(minutes >= s.minutes, "{}: point {point} before its stop", r.id);
            assert!(minutes > last_point_minutes, "{}: point {point} not after the previous point", r.id);
            last_point_minutes = minutes;
        }
        if let Some(next) = r.stops.get(i + 1) {
            assert!(last_point_minutes < next.minutes, "{}: stop {i}'s points run into the next stop", r.id);
        }
    }
    assert_eq!(r.stops[0].points[0].1, 0, "{}: the first point is the departure", r.id);
}

#[test]
fn routes_are_consistent_and_plentiful() {
    let all = routes::all();
    for r in &all {
        check_route(r);
    }
    let bus = all.iter().filter(|r| r.service == BUS).count();
    let launch = all.iter().filter(|r| r.service == LAUNCH).count();
    assert!(bus >= 25, "{bus} bus routes");
    assert!(launch >= 8, "{launch} launch routes");
    let ids: HashSet<&str> = all.iter().map(|r| r.id.as_str()).collect();
    for id in [
        "dhaka-chattogram",
        "chattogram-dhaka",
        "dhaka-coxs-bazar",
        "dhaka-sylhet",
        "dhaka-rajshahi",
        "dhaka-khulna",
        "dhaka-barishal",
        "dhaka-rangpur",
        "dhaka-dinajpur",
        "dhaka-jashore",
        "dhaka-kushtia",
        "dhaka-bogura",
        "dhaka-mymensingh",
    ] {
        assert!(ids.contains(id), "no route {id}");
    }
    let ctg = all.iter().find(|r| r.id == "dhaka-chattogram").unwrap();
    let cities: Vec<&str> = ctg.stops.iter().map(|s| s.city).collect();
    assert_eq!(cities, ["dhaka", "cumilla", "chattogram"]);
    assert_eq!(ctg.name, "Dhaka - Chattogram");
    for r in all.iter().filter(|r| r.service == LAUNCH) {
        assert_eq!(r.stops[0].city == "dhaka", !r.reversed, "{}: launches run from or to Dhaka", r.id);
        let dhaka = if r.reversed { r.stops.last().unwrap() } else { &r.stops[0] };
        assert!(dhaka.points.iter().any(|&(p, _)| p == "dhaka-sadarghat"), "{}: not from Sadarghat", r.id);
    }
}

#[test]
fn reversed_routes_mirror_their_way_out() {
    let all = routes::all();
    let back = all.iter().find(|r| r.id == "chattogram-dhaka").unwrap();
    let cities: Vec<&str> = back.stops.iter().map(|s| s.city).collect();
    assert_eq!(cities, ["chattogram", "cumilla", "dhaka"]);
    assert_eq!(back.name, "Chattogram - Dhaka");
    // Dampara was the last drop in Chattogram; on the way back it is the first boarding point.
    assert_eq!(back.stops[0].points[0], ("chattogram-dampara", 0));
    assert_eq!(back.km_between(0, 2), 250);
    assert_eq!(back.stops[2].minutes, 330);
}

#[test]
fn operators_and_vehicles() {
    let bus: Vec<_> = OPERATORS.iter().filter(|o| o.service == BUS).collect();
    let launch: Vec<_> = OPERATORS.iter().filter(|o| o.service == LAUNCH).collect();
    assert!(bus.len() >= 15, "{} bus operators", bus.len());
    assert!(launch.len() >= 8, "{} launch operators", launch.len());
    for o in OPERATORS {
        assert!(o.service == BUS || o.service == LAUNCH);
        assert!((90..=115).contains(&o.fare_percent), "{}: prices too far apart", o.id);
        assert_eq!(o.logo(), format!("/images/operators/{}.png", o.slug));
        assert_eq!(sentences(o.description), 2, "{}: a two-sentence description", o.id);
        let fleet: Vec<_> = VEHICLES.iter().filter(|v| v.operator == o.id).collect();
        let (min, max) = if o.service == BUS { (2, 4) } else { (1, 2) };
        assert!((min..=max).contains(&fleet.len()), "{}: {} vehicles", o.id, fleet.len());
    }
    for v in VEHICLES {
        let o = operator_by_id(v.operator).unwrap_or_else(|| panic!("{}: unknown operator", v.id));
        let layout = layout_by_id(v.layout).unwrap_or_else(|| panic!("{}: unknown layout", v.id));
        if o.service == BUS {
            assert!(matches!(v.coach_type, Some("ac" | "non-ac")), "{}", v.id);
            assert!(["Economy", "Business Class", "Sleeper"].contains(&v.bus_class), "{}", v.id);
            assert!(layout.id.starts_with("bus-"), "{}", v.id);
            if v.bus_class != "Economy" {
                assert_eq!(v.coach_type, Some("ac"), "{}: business and sleeper coaches are AC", v.id);
            }
        } else {
            assert_eq!(v.coach_type, None, "{}", v.id);
            assert_eq!(v.bus_class, "Launch", "{}", v.id);
            assert!(layout.id.starts_with("launch-"), "{}", v.id);
            assert!(v.name.starts_with("MV "), "{}", v.id);
        }
        let p = partner(v);
        assert_eq!((p.operator, p.coach_type, p.bus_class), (v.operator, v.coach_type, v.bus_class));
    }
    // Fares are per seat class, so an operator's economy coaches are all AC or all non-AC.
    for o in OPERATORS {
        let kinds: HashSet<_> = VEHICLES
            .iter()
            .filter(|v| v.operator == o.id && layout_by_id(v.layout).is_some_and(|l| l.classes().contains(&"economy")))
            .map(|v| v.coach_type)
            .collect();
        assert!(kinds.len() <= 1, "{}: AC and non-AC economy coaches", o.id);
    }
    let kinds: HashSet<_> = VEHICLES.iter().map(|v| v.layout).collect();
    assert!(kinds.contains("bus-double-deck-64") && kinds.contains("bus-sleeper-32"));
    assert!(VEHICLES.iter().any(|v| v.coach_type == Some("non-ac")));
}

#[test]
fn layouts_match_their_descriptions() {
    for layout in LAYOUTS {
        for block in layout.blocks {
            assert!(block.rows.len() * block.cols.len() >= block.count, "{}: block too small", layout.id);
        }
        let seats = layout.seats();
        let expected: usize = layout.blocks.iter().map(|b| b.count).sum();
        assert_eq!(seats.len(), expected, "{}", layout.id);
        let mut positions = HashSet::new();
        for s in &seats {
            assert!(positions.insert((s.deck, s.seat_class, s.row, s.col)), "{}: two seats at one place", layout.id);
        }
        for ladies in layout.ladies {
            assert!(seats.iter().any(|s| s.seat_no == *ladies), "{}: no seat {ladies}", layout.id);
        }
        if layout.id.starts_with("bus-") {
            let n = seats.iter().filter(|s| s.ladies).count();
            assert!((1..=2).contains(&n), "{}: {n} ladies seats", layout.id);
            for s in &seats {
                assert!(["main", "upper", "lower"].contains(&s.deck) && s.deck_name == s.deck, "{}", layout.id);
            }
        }
    }
    let economy = layout_by_id("bus-economy-40").unwrap().seats();
    assert_eq!(economy.len(), 40);
    assert_eq!(economy[0].seat_no, "A1");
    assert_eq!(economy[39].seat_no, "J4");
    let cols: HashSet<i64> = economy.iter().map(|s| s.col).collect();
    assert_eq!(cols, HashSet::from([0, 1, 3, 4]), "the aisle is column 2");
    assert!(economy.iter().all(|s| s.seat_class == "economy"));
    let business = layout_by_id("bus-business-30").unwrap().seats();
    assert!((27..=30).contains(&business.len()) && business.iter().all(|s| s.seat_class == "business"));
    let sleeper = layout_by_id("bus-sleeper-32").unwrap().seats();
    for (deck, class) in [("lower", "sleeper-lower"), ("upper", "sleeper-upper")] {
        let n = sleeper.iter().filter(|s| s.deck == deck && s.seat_class == class).count();
        assert!((14..=16).contains(&n), "{n} {deck} berths");
    }
    let names = HashMap::from([
        ("deck", "Deck"),
        ("chair", "Chair"),
        ("single", "Single cabin"),
        ("double", "Double cabin"),
        ("family", "Family cabin"),
        ("vip", "VIP cabin"),
    ]);
    let floors = HashMap::from([("floor-1", "First floor"), ("floor-2", "Second floor"), ("floor-3", "Third floor")]);
    for id in ["launch-large", "launch-medium"] {
        let seats = layout_by_id(id).unwrap().seats();
        for (class, name) in &names {
            assert!(seats.iter().any(|s| s.seat_class == *class && s.class_name == *name), "{id}: no {class}");
        }
        for s in &seats {
            assert_eq!(floors.get(s.deck), Some(&s.deck_name), "{id}: {}", s.seat_no);
        }
        assert!(seats.iter().filter(|s| s.seat_class == "deck").count() >= 50, "{id}: a large deck");
        assert!(seats.iter().any(|s| s.seat_class == "chair" && s.seat_no.starts_with("S_CHAIR")));
    }
}

#[test]
fn timetables_serve_every_route_with_its_own_kind_of_operator() {
    let all = routes::all();
    for t in TIMETABLES {
        assert!(ROUTES.iter().any(|r| r.id == t.route), "timetable for unknown route {}", t.route);
        for &(minute, vehicle) in t.departures {
            assert!((0..1440).contains(&minute), "{}: minute {minute}", t.route);
            assert!(vehicle_by_id(vehicle).is_some(), "{}: unknown vehicle {vehicle}", t.route);
        }
    }
    assert_unique("timetable", TIMETABLES.iter().map(|t| t.route));
    let departures = departures(&all);
    for (index, r) in all.iter().enumerate() {
        let mine: Vec<_> = departures.iter().filter(|d| d.route == index).collect();
        let mut per_operator: HashMap<&str, usize> = HashMap::new();
        for d in &mine {
            *per_operator.entry(d.vehicle.operator).or_default() += 1;
            let operator = operator_by_id(d.vehicle.operator).unwrap();
            assert_eq!(operator.service, r.service, "{}: {} is not a {} operator", r.id, operator.id, r.service);
        }
        if r.service == BUS {
            assert!((3..=6).contains(&per_operator.len()), "{}: {} operators", r.id, per_operator.len());
            for (operator, n) in &per_operator {
                assert!((1..=3).contains(n), "{}: {operator} runs {n} departures", r.id);
            }
            let kinds: HashSet<_> = mine.iter().map(|d| d.vehicle.coach_type).collect();
            assert!(kinds.contains(&Some("ac")), "{}: no AC coach", r.id);
        } else {
            assert!((1..=2).contains(&mine.len()), "{}: {} departures", r.id, mine.len());
            for d in &mine {
                assert!((18 * 60..=21 * 60).contains(&d.minute), "{}: launches leave in the evening", r.id);
            }
        }
    }
    let per_day = departures.len();
    assert!(per_day >= 250, "{per_day} trips a day");
}

#[test]
fn every_departure_has_fares_for_every_class_and_stop_pair() {
    let all = routes::all();
    let departures = departures(&all);
    let fares = fares::all(&all, &departures);
    let mut table = HashMap::new();
    for f in &fares {
        assert!(f.fare > 0 && f.fare % 10 == 0, "fare {}", f.fare);
        assert!(f.from_stop < f.to_stop);
        let key = (f.route, f.operator, f.seat_class, f.from_stop, f.to_stop);
        assert!(table.insert(key, f.fare).is_none(), "two fares for {key:?}");
    }
    for d in &departures {
        let r = &all[d.route];
        for class in layout_by_id(d.vehicle.layout).unwrap().classes() {
            for from in 0..r.stops.len() {
                for to in from + 1..r.stops.len() {
                    let key = (d.route, d.vehicle.operator, class, from, to);
                    assert!(table.contains_key(&key), "{}: no fare for {key:?}", r.id);
                }
            }
        }
    }
    let fare = |route: &str, operator: &str, class: &str, from: usize, to: usize| {
        let index = all.iter().position(|r| r.id == route).unwrap();
        table[&(index, operator, class, from, to)]
    };
    // 250 km at 2.2 TK/km, Hanif prices at 100%.
    assert_eq!(fare("dhaka-chattogram", "op-hanif", "economy", 0, 2), 550);
    assert!(fare("dhaka-chattogram", "op-hanif", "economy", 0, 1) < 550);
    assert_eq!(fare("chattogram-dhaka", "op-hanif", "economy", 0, 2), 550, "the same both ways");
    assert!(
        fare("dhaka-chattogram", "op-green-line", "sleeper-lower", 0, 2)
            > fare("dhaka-chattogram", "op-green-line", "sleeper-upper", 0, 2)
    );
    let deck = fare("dhaka-barishal-launch", "op-sundarban", "deck", 0, 1);
    assert!((250..=450).contains(&deck), "deck {deck}");
    let single = fare("dhaka-barishal-launch", "op-sundarban", "single", 0, 1);
    assert!((1200..=1600).contains(&single), "single cabin {single}");
    let double = fare("dhaka-barishal-launch", "op-sundarban", "double", 0, 1);
    assert!((2200..=3000).contains(&double), "double cabin {double}");
    let family = fare("dhaka-barishal-launch", "op-sundarban", "family", 0, 1);
    assert!((3500..=4500).contains(&family), "family cabin {family}");
    let vip = fare("dhaka-barishal-launch", "op-sundarban", "vip", 0, 1);
    assert!((6000..=9000).contains(&vip), "VIP cabin {vip}");
}

#[test]
fn seed_sales_respect_one_claim_per_seat_leg() {
    let seats: Vec<String> = layout_by_id("bus-economy-40").unwrap().seats().into_iter().map(|s| s.seat_no).collect();
    let mut partial = 0;
    let mut blocked_trips = 0;
    for n in 0..200 {
        let trip = format!("trip-test-{n}");
        let claims = inventory::claims(&trip, &seats, 2, 0);
        let again = inventory::claims(&trip, &seats, 2, 0);
        assert_eq!(claims.len(), again.len(), "deterministic");
        let mut seen = HashSet::new();
        for c in &claims {
            assert!(seen.insert((c.seat_no, c.leg)), "{trip}: {} leg {} claimed twice", c.seat_no, c.leg);
            assert!((0..2).contains(&c.leg));
            assert!(c.claim_id.starts_with(&format!("seed-{trip}-")));
        }
        let sold_seats: HashSet<&str> =
            claims.iter().filter(|c| c.state == inventory::SOLD).map(|c| c.seat_no).collect();
        assert!((4..=14).contains(&sold_seats.len()), "{trip}: {} of 40 seats sold", sold_seats.len());
        let far = inventory::claims(&trip, &seats, 2, 20);
        let far_sold: HashSet<&str> = far.iter().filter(|c| c.state == inventory::SOLD).map(|c| c.seat_no).collect();
        assert!((4..=8).contains(&far_sold.len()), "{trip}: {} of 40 seats sold three weeks ahead", far_sold.len());
        let blocked: Vec<_> = claims.iter().filter(|c| c.state == inventory::BLOCKED).collect();
        assert!(blocked.is_empty() || blocked.len() == 2, "a blocked seat is blocked on every leg");
        blocked_trips += usize::from(!blocked.is_empty());
        let by_seat = sold_seats.iter().filter(|s| claims.iter().filter(|c| c.seat_no == **s).count() == 1).count();
        partial += by_seat;
    }
    assert!(partial > 0, "some seats are sold for one leg only");
    assert!((20..=80).contains(&blocked_trips), "{blocked_trips} of 200 trips have a blocked seat");
}

#[test]
fn content_is_complete_and_consistent() {
    for service in [BUS, LAUNCH] {
        let h = HEADLINES.iter().find(|h| h.service == service).unwrap();
        assert!(h.visible && !h.text.is_empty());
        let popular = POPULAR_ROUTES.iter().filter(|p| p.service == service).count();
        assert!(popular >= 8, "{popular} popular {service} routes");
    }
    for module in ["intercity", "water"] {
        let n = BANNERS.iter().filter(|b| b.module_type == module).count();
        assert!(n >= 4, "{n} {module} banners");
    }
    for b in BANNERS {
        assert!(b.image.starts_with("/images/banners/") && b.image.ends_with(".png"));
    }
    assert!(OFFERS.len() >= 5 && BLOGS.len() >= 6);
    for o in OFFERS {
        let code = o.promo_code.unwrap();
        assert!(PROMO_CODES.iter().any(|p| p.code == code), "offer {} names unknown code {code}", o.id);
    }
    for b in BLOGS {
        assert_eq!(sentences(b.summary), 2, "{}: a two-sentence summary", b.id);
    }
    let all = routes::all();
    for p in POPULAR_ROUTES {
        assert!(city_by_id(p.from).is_some() && city_by_id(p.to).is_some(), "{}", p.id());
        let served = all.iter().filter(|r| r.service == p.service).any(|r| {
            let from = r.stops.iter().position(|s| s.city == p.from);
            let to = r.stops.iter().position(|s| s.city == p.to);
            matches!((from, to), (Some(a), Some(b)) if a < b)
        });
        assert!(served, "popular route {} has no route", p.id());
    }
    let settings: HashMap<_, _> = SETTINGS.iter().copied().collect();
    assert_eq!(settings.get("helpline"), Some(&"16374"));
    assert_eq!(settings.get("rollout_percentage"), Some(&"0"));
}

#[test]
fn promo_codes_are_valid_around_today() {
    assert!(PROMO_CODES.len() >= 5);
    let today = day();
    // 2026-01-05 00:00 in Dhaka is 2026-01-04 18:00 UTC.
    assert_eq!(super::promos::dhaka_midnight_ms(today), 1_767_549_600_000);
    for p in PROMO_CODES {
        assert!(p.kind == "flat" || p.kind == "percent", "{}", p.code);
        assert_eq!(p.kind == "percent", p.max_discount.is_some(), "{}: a percentage has a cap", p.code);
        assert!(p.amount > 0 && p.min_fare > 0 && p.total_uses >= p.uses_per_phone && p.uses_per_phone > 0);
        assert!(p.valid_from(today) < p.valid_until(today));
        assert!(p.from_day >= -60 && p.until_day <= 60, "{}: within 60 days of today", p.code);
        if let Some(operator) = p.operator {
            let o = operator_by_id(operator).unwrap();
            assert_eq!(Some(o.service), p.service, "{}", p.code);
        }
    }
    assert!(PROMO_CODES.iter().any(|p| p.operator.is_some()));
    assert!(PROMO_CODES.iter().any(|p| p.service == Some(LAUNCH)));
}

/// Seeds two days into a fresh database, checks what was written, and seeds again.
async fn seed_and_check(pool: &sqlx::AnyPool) {
    assert!(super::is_empty(pool).await.unwrap());
    let options = SeedOptions { today: day(), days: 2 };
    let first = super::seed_demo(pool, &options).await.unwrap();
    assert!(!super::is_empty(pool).await.unwrap());
    assert_eq!(first.cities, CITIES.len());
    assert_eq!(first.operators, OPERATORS.len());
    assert_eq!(first.routes, routes::all().len());
    let per_day = departures(&routes::all()).len();
    assert_eq!(first.trips, 2 * per_day);
    // 10-35% of the seats of every trip, at least one leg each.
    assert!(first.sold_seat_legs >= first.trips * 3, "{first:?}");

    let count = |sql: &'static str| async move { sqlx::query_scalar::<_, i64>(sql).fetch_one(pool).await.unwrap() };
    assert_eq!(count("SELECT COUNT(*) FROM trips").await as usize, first.trips);
    assert_eq!(count("SELECT COUNT(*) FROM seat_claims WHERE state = 'sold'").await as usize, first.sold_seat_legs);
    assert!(count("SELECT COUNT(*) FROM seat_claims WHERE state = 'blocked'").await > 0);
    assert_eq!(count("SELECT COUNT(*) FROM seat_claims WHERE expires_at IS NOT NULL").await, 0);
    assert_eq!(count("SELECT COUNT(*) FROM points").await as usize, POINTS.len());
    assert_eq!(
        count("SELECT COUNT(*) FROM vehicles WHERE coach_type IS NULL").await,
        count("SELECT COUNT(*) FROM vehicles WHERE bus_class = 'Launch'").await
    );
    assert_eq!(count("SELECT COUNT(*) FROM layout_seats WHERE is_ladies = 1").await, 8);
    assert!(count("SELECT COUNT(*) FROM fares").await > 0);
    assert_eq!(count("SELECT COUNT(*) FROM promo_codes WHERE operator_id IS NOT NULL").await, 2);
    assert_eq!(count("SELECT COUNT(*) FROM banners WHERE link IS NULL").await, 5);
    // Every trip's route and operator has a fare for each class of its vehicle's layout.
    let unpriced = count(
        "SELECT COUNT(*) FROM trips t JOIN vehicles v ON v.id = t.vehicle_id \
         JOIN (SELECT DISTINCT layout_id, seat_class FROM layout_seats) s ON s.layout_id = v.layout_id \
         WHERE NOT EXISTS (SELECT 1 FROM fares f WHERE f.route_id = t.route_id AND f.operator_id = t.operator_id \
                           AND f.seat_class = s.seat_class)",
    );
    assert_eq!(unpriced.await, 0);
    let first_day = options.today.days_since_epoch() * 1440;
    let earliest = count("SELECT MIN(departs_at) FROM trips").await;
    assert!(earliest >= first_day && earliest < first_day + 1440);

    let again = super::seed_demo(pool, &options).await.unwrap();
    assert_eq!(again, first, "a re-seed writes the same network");
    assert_eq!(count("SELECT COUNT(*) FROM trips").await as usize, first.trips);
}

fn unique_suffix() -> String {
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_nanos();
    format!("{}_{nanos}", std::process::id())
}

#[tokio::test]
async fn seeds_a_fresh_sqlite_database_and_seeds_again() {
    let path = std::env::temp_dir().join(format!("ticket-api-seed-{}.db", unique_suffix()));
    let (pool, _) = crate::store::pool::open(&format!("sqlite://{}", path.display()), 4).await.unwrap();
    seed_and_check(&pool).await;
    pool.close().await;
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
    }
}

/// The same on PostgreSQL when the test run provides a server (`TICKET_API_TEST_POSTGRES`, as
/// tests/run-all.sh does), in a database of its own: seeding clears every network table.
#[tokio::test]
async fn seeds_postgres_too_when_a_server_is_given() {
    let Ok(server) = std::env::var("TICKET_API_TEST_POSTGRES") else { return };
    sqlx::any::install_default_drivers();
    let admin = sqlx::AnyPool::connect(&server).await.unwrap();
    let name = format!("seed_test_{}", unique_suffix());
    // The name is ours: digits and underscores.
    sqlx::query(sqlx::AssertSqlSafe(format!("CREATE DATABASE {name}"))).execute(&admin).await.unwrap();
    // postgres://user@host:port[/db][?query]: the same server, our database.
    let (head, query) = server.split_once('?').map_or((server.as_str(), None), |(h, q)| (h, Some(q)));
    let authority_end = head.find("://").map_or(0, |i| i + 3);
    let base = match head[authority_end..].find('/') {
        Some(slash) => &head[..authority_end + slash],
        None => head,
    };
    let url = match query {
        Some(q) => format!("{base}/{name}?{q}"),
        None => format!("{base}/{name}"),
    };
    let (pool, _) = crate::store::pool::open(&url, 4).await.unwrap();
    seed_and_check(&pool).await;
    pool.close().await;
    sqlx::query(sqlx::AssertSqlSafe(format!("DROP DATABASE {name}"))).execute(&admin).await.unwrap();
    admin.close().await;
}

#[test]
fn every_name_a_traveller_sees_has_its_bangla() {
    use super::bangla::{self, lookup};
    let missing = |table: &[(&'static str, &'static str)], keys: Vec<&str>| -> Vec<String> {
        keys.into_iter().filter(|k| lookup(table, k).is_none_or(|bn| bn.trim().is_empty())).map(str::to_owned).collect()
    };
    assert_eq!(missing(bangla::CITIES, CITIES.iter().map(|c| c.id).collect()), Vec::<String>::new());
    assert_eq!(missing(bangla::POINTS, POINTS.iter().map(|p| p.id).collect()), Vec::<String>::new());
    assert_eq!(missing(bangla::OPERATORS, OPERATORS.iter().map(|o| o.id).collect()), Vec::<String>::new());
    let ships = VEHICLES.iter().filter(|v| v.coach_type.is_none()).map(|v| v.id).collect();
    assert_eq!(missing(bangla::SHIPS, ships), Vec::<String>::new());
    let mut words: Vec<&str> = VEHICLES.iter().map(|v| v.bus_class).collect();
    for layout in LAYOUTS {
        for seat in layout.seats() {
            words.extend([seat.class_name, seat.deck_name]);
        }
    }
    words.sort_unstable();
    words.dedup();
    assert_eq!(missing(bangla::WORDS, words), Vec::<String>::new());
    assert_eq!(missing(bangla::HEADLINES, HEADLINES.iter().map(|h| h.service).collect()), Vec::<String>::new());
    // Nothing listed that the network does not have: a renamed id would leave its Bangla behind.
    let known: HashSet<&str> = CITIES.iter().map(|c| c.id).chain(POINTS.iter().map(|p| p.id)).collect();
    for (id, _) in bangla::CITIES.iter().chain(bangla::POINTS) {
        assert!(known.contains(id), "{id} is not a city or point of the network");
    }
}
