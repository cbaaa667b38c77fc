//! Fares: whole taka per route, operator, seat class and stop pair, rounded to 10 TK.
//!
//! Bus fares follow the distance (about 2.2 TK/km for a non-AC economy seat, 1.4 times that in
//! an AC coach, twice it in business class, 2.6 and 2.3 times it for a lower and an upper
//! sleeper berth). Launch fares are a class price plus a little per km: a deck place costs a
//! few hundred taka, a VIP cabin several thousand. Each operator prices a few per cent apart
//! (`Operator::fare_percent`).

use super::layouts::layout_by_id;
use super::operators::{BUS, operator_by_id};
use super::routes::Route;
use super::schedule::Departure;

/// Non-AC economy, TK per km.
const BASE_PER_KM: f64 = 2.2;
/// The shortest bus hop still costs this much.
const MIN_BUS_FARE: f64 = 100.0;

/// TK per km of a bus seat class; an economy seat costs more in an AC coach.
fn bus_per_km(seat_class: &str, coach_type: Option<&str>) -> Option<f64> {
    let factor = match seat_class {
        "economy" if coach_type == Some("ac") => 1.4,
        "economy" => 1.0,
        "business" => 2.0,
        "sleeper-lower" => 2.6,
        "sleeper-upper" => 2.3,
        _ => return None,
    };
    Some(BASE_PER_KM * factor)
}

/// A launch class's fixed price and its price per km of river.
fn launch_price(seat_class: &str) -> Option<(f64, f64)> {
    Some(match seat_class {
        "deck" => (180.0, 1.1),
        "chair" => (300.0, 1.2),
        "single" => (900.0, 2.8),
        "double" => (1700.0, 5.0),
        "family" => (3000.0, 6.0),
        "vip" => (5000.0, 14.0),
        _ => return None,
    })
}

fn round_to_10(taka: f64) -> i64 {
    (taka / 10.0).round() as i64 * 10
}

/// The fare of `km` in a seat class for an operator pricing at `percent`, rounded to 10 TK;
/// `None` for a class the service does not sell.
pub fn fare(service: &str, seat_class: &str, coach_type: Option<&str>, km: u32, percent: u32) -> Option<i64> {
    let km = f64::from(km);
    let base = if service == BUS {
        (bus_per_km(seat_class, coach_type)? * km).max(MIN_BUS_FARE)
    } else {
        let (fixed, per_km) = launch_price(seat_class)?;
        fixed + per_km * km
    };
    Some(round_to_10(base * f64::from(percent) / 100.0)).filter(|f| *f > 0)
}

pub struct FareRow {
    pub route: usize,
    pub operator: &'static str,
    pub seat_class: &'static str,
    pub from_stop: usize,
    pub to_stop: usize,
    pub fare: i64,
}

/// The fares of every route for each operator and seat class that its departures carry, for
/// every stop pair (from < to).
pub fn all(routes: &[Route], departures: &[Departure]) -> Vec<FareRow> {
    // (route, operator, seat class, coach type), first seen first.
    let mut sold: Vec<(usize, &'static str, &'static str, Option<&'static str>)> = Vec::new();
    for d in departures {
        let classes = layout_by_id(d.vehicle.layout).map(|l| l.classes()).unwrap_or_default();
        for class in classes {
            let key = (d.route, d.vehicle.operator, class, d.vehicle.coach_type);
            // One fare per (route, operator, class): operators' economy coaches share a coach
            // type (checked by the unit tests), so the first one seen prices the class.
            if !sold.iter().any(|s| s.0 == key.0 && s.1 == key.1 && s.2 == key.2) {
                sold.push(key);
            }
        }
    }
    let mut rows = Vec::new();
    for (route_index, operator_id, seat_class, coach_type) in sold {
        let (Some(route), Some(operator)) = (routes.get(route_index), operator_by_id(operator_id)) else { continue };
        for from in 0..route.stops.len() {
            for to in from + 1..route.stops.len() {
                let km = route.km_between(from, to);
                if let Some(fare) = fare(route.service, seat_class, coach_type, km, operator.fare_percent) {
                    rows.push(FareRow {
                        route: route_index,
                        operator: operator_id,
                        seat_class,
                        from_stop: from,
                        to_stop: to,
                        fare,
                    });
                }
            }
        }
    }
    rows
}
