//! `get-schedule-trips` for both services: the departures between two cities on a Dhaka date,
//! with what a traveller compares (operator, coach or ship, class, times, fare or fare range,
//! seats left). Seats left are counted from the claims on the searched legs only, so a seat
//! sold Dhaka -> Cumilla still counts as free for Cumilla -> Chattogram.

use core_wasm::server_messages as say;
use core_wasm::staff::counter::online_free;
use std::collections::HashMap;
use std::sync::Arc;

use axum::body::Bytes;
use core_wasm::contract::trips::{
    BusTripsResponse, CoachType, Company, Fare, LaunchTripsResponse, Ship, Trip, TripSearchRequest,
};
use core_wasm::service::Service;
use core_wasm::time::Date;
use serde::Serialize;

use crate::AppState;
use crate::claims::TripClaims;
use crate::clock::{now_unix_ms, today, wire_time};
use crate::domain::network::{Network, Route, TripRow};
use crate::error::ApiError;

const MINUTES_PER_DAY: i64 = 24 * 60;

/// The answer differs by service: companies and bus classes for bus, ships for launch.
#[derive(Debug, Serialize)]
#[serde(untagged)]
pub enum TripsAnswer {
    Bus(BusTripsResponse),
    Launch(LaunchTripsResponse),
}

/// A city by id or name, as shown or as stored ('Chittagong' finds 'Chattogram').
pub(crate) async fn city_id(state: &AppState, given: &str) -> Result<Option<String>, ApiError> {
    Ok(state.network.get(&state.pool).await?.city_id(given).cloned())
}

struct Checked {
    from: String,
    to: String,
    date: Date,
    coach_type: Option<CoachType>,
}

fn check(network: &Network, request: &TripSearchRequest) -> Result<Checked, ApiError> {
    let mut problems = Vec::new();
    let from = request.from.trim();
    let to = request.to.trim();
    if from.is_empty() {
        problems.push(say::REQUIRED_FIELD.with(&[("field", "from")]));
    }
    if to.is_empty() {
        problems.push(say::REQUIRED_FIELD.with(&[("field", "to")]));
    }
    let date = match Date::parse(request.journey_date.trim()) {
        Ok(d) if d < today() => {
            problems.push(say::DATE_PAST.into());
            None
        }
        Ok(d) => Some(d),
        Err(e) => {
            problems.push(say::DATE_INVALID.with(&[("detail", &e.to_string())]));
            None
        }
    };
    let coach_type = match request.coach_type.as_deref().map(str::trim) {
        None | Some("") | Some("all") => None,
        Some("ac") => Some(CoachType::Ac),
        Some("non-ac") => Some(CoachType::NonAc),
        Some(other) => {
            problems.push(say::COACH_TYPE.with(&[("value", other)]));
            None
        }
    };
    if !problems.is_empty() {
        return Err(ApiError::BadRequest(problems));
    }
    let from_id =
        network.city_id(from).ok_or_else(|| ApiError::not_found(say::CITY_NOT_FOUND.with(&[("city", from)])))?;
    let to_id = network.city_id(to).ok_or_else(|| ApiError::not_found(say::CITY_NOT_FOUND.with(&[("city", to)])))?;
    if from_id == to_id {
        return Err(ApiError::bad(say::SAME_CITIES));
    }
    Ok(Checked { from: from_id.clone(), to: to_id.clone(), date: date.unwrap_or_else(today), coach_type })
}

/// A departure of the search: a trip of a route serving `from` at stop `from` and `to` later.
struct Candidate<'a> {
    route_id: &'a str,
    route: &'a Route,
    trip: &'a TripRow,
    from: usize,
    to: usize,
}

impl Candidate<'_> {
    fn departs(&self) -> i64 {
        self.trip.departs_at + self.route.stops[self.from].minutes_from_start
    }
}

/// The departures between two cities on a Dhaka day, in departure order.
/// The first minute a searched trip may leave its boarding stop: the day's start, or for today
/// the minute after now (a trip that has left is not offered: booking it would be refused).
fn earliest(checked: &Checked, now_ms: i64) -> i64 {
    let day_start = checked.date.days_since_epoch() * MINUTES_PER_DAY;
    day_start.max(core_wasm::time::dhaka_now(now_ms as f64).epoch_minutes() + 1)
}

fn candidates<'a>(network: &'a Network, checked: &Checked, service: Service, earliest: i64) -> Vec<Candidate<'a>> {
    let day_start = checked.date.days_since_epoch() * MINUTES_PER_DAY;
    let day_end = day_start + MINUTES_PER_DAY;
    let mut found = Vec::new();
    for (route_id, from) in network.stops_by_city.get(&checked.from).into_iter().flatten() {
        let Some(route) = network.routes.get(route_id).filter(|r| r.service == service && r.stops[*from].boards) else {
            continue;
        };
        let Some(to) =
            (from + 1..route.stops.len()).find(|j| route.stops[*j].city_id == checked.to && route.stops[*j].drops)
        else {
            continue;
        };
        let offset = route.stops[*from].minutes_from_start;
        let first = route.trips.partition_point(|t| t.departs_at + offset < earliest);
        for trip in route.trips[first..].iter().take_while(|t| t.departs_at + offset < day_end) {
            found.push(Candidate { route_id, route, trip, from: *from, to });
        }
    }
    found.sort_by(|a, b| a.departs().cmp(&b.departs()).then_with(|| a.trip.operator_id.cmp(&b.trip.operator_id)));
    found
}

/// Seats taken on each trip's searched legs at `now`.
fn taken_seats(claims: &HashMap<String, Arc<TripClaims>>, found: &[Candidate<'_>], now: i64) -> HashMap<String, i64> {
    found
        .iter()
        .map(|c| {
            let taken = claims.get(&c.trip.id).map_or(0, |t| t.taken(c.from as i64, c.to as i64, now));
            (c.trip.id.clone(), taken as i64)
        })
        .collect()
}

fn trip_of(network: &Network, c: &Candidate<'_>, service: Service, taken: i64) -> Trip {
    let vehicle = network.vehicles.get(&c.trip.vehicle_id);
    let operator = network.operators.get(&c.trip.operator_id);
    let layout = network.layouts.get(&c.trip.layout_id);
    // A dated (Eid) fare is the trip's date's: one date for every class.
    let travel_date = core_wasm::time::DateTime::from_epoch_minutes(c.trip.departs_at).date;
    let fares: Vec<i64> = layout
        .map(|l| {
            l.classes
                .iter()
                .filter_map(|class| {
                    let key =
                        (c.route_id.to_owned(), c.trip.operator_id.clone(), class.clone(), c.from as i64, c.to as i64);
                    network.fare(&key, travel_date)
                })
                .collect()
        })
        .unwrap_or_default();
    let seat_fare = match (fares.iter().min(), fares.iter().max()) {
        (Some(l), Some(h)) if l == h => Fare::Amount(*l as f64),
        (Some(l), Some(h)) => Fare::Text(format!("{l}-{h}")),
        // A trip without a fare for this segment is shown, but cannot be priced.
        _ => Fare::Text(String::new()),
    };
    let coach_type = match vehicle.and_then(|v| v.coach_type.as_deref()) {
        Some("ac") => Some(CoachType::Ac),
        Some("non-ac") => Some(CoachType::NonAc),
        _ => None,
    };
    let name = vehicle.map(|v| v.name.clone());
    let (coach_no, ship_id, ship_name) = match service {
        Service::Bus => (name, None, None),
        Service::Launch => (None, Some(c.trip.vehicle_id.clone()), name),
    };
    let points_at = |stop: usize| -> Vec<String> {
        c.route.points.iter().filter(|p| p.stop == stop as i64).map(|p| c.trip.point(p).name.clone()).collect()
    };
    // Item by item as the English list; a point without Bangla keeps its English name there.
    let points_bn_at = |stop: usize| -> Vec<String> {
        let at = c.route.points.iter().filter(|p| p.stop == stop as i64).map(|p| c.trip.point(p));
        let names: Vec<String> = at.map(|p| p.name_bn.clone().unwrap_or_else(|| p.name.clone())).collect();
        if c.route.points.iter().any(|p| p.name_bn.is_some()) { names } else { Vec::new() }
    };
    let name_bn = vehicle.and_then(|v| v.name_bn.clone());
    let ship_name_bn = if service == Service::Launch { name_bn } else { None };
    Trip {
        id: c.trip.id.clone(),
        company_id: Some(c.trip.operator_id.clone()),
        company_name: operator.map(|o| o.title.clone()),
        company_name_bn: operator.and_then(|o| o.title_bn.clone()),
        ship_name_bn,
        bus_class_bn: vehicle.and_then(|v| v.bus_class_bn.clone()),
        route_name_bn: c.route.name_bn.clone(),
        boarding_points_bn: points_bn_at(c.from),
        dropping_points_bn: points_bn_at(c.to),
        coach_no,
        ship_id,
        ship_name,
        coach_type,
        bus_class: vehicle.map(|v| v.bus_class.clone()),
        route_name: Some(c.route.name.clone()),
        departure_date_time: wire_time(c.departs()),
        arrival_date_time: Some(wire_time(c.trip.departs_at + c.route.stops[c.to].minutes_from_start)),
        seat_fare,
        // What the website may sell: the free seats above the operator's online quota.
        available_seats: Some(online_free(layout.map_or(0, |l| l.seat_count) - taken, c.trip.online_quota) as u32),
        boarding_points: points_at(c.from),
        dropping_points: points_at(c.to),
        logo: operator.map(|o| o.logo.clone()),
    }
}

/// The departures, made into the answer's bytes by `encode` (the http layer's): kept and served
/// again while the claims it was made from stand.
pub async fn search(
    state: &AppState,
    service: Service,
    request: &TripSearchRequest,
    encode: impl FnOnce(TripsAnswer) -> Result<Bytes, ApiError>,
) -> Result<Bytes, ApiError> {
    let network = state.network.get(&state.pool).await?;
    let checked = check(&network, request)?;
    let now = now_unix_ms();
    let earliest = earliest(&checked, now);
    let mut found = candidates(&network, &checked, service, earliest);
    if let Some(wanted) = checked.coach_type {
        found.retain(|c| {
            let coach = network.vehicles.get(&c.trip.vehicle_id).and_then(|v| v.coach_type.as_deref());
            coach
                == Some(match wanted {
                    CoachType::Ac => "ac",
                    CoachType::NonAc => "non-ac",
                })
        });
    }
    let ids: Vec<&str> = found.iter().map(|c| c.trip.id.as_str()).collect();
    let claims = state.claims.trips(&state.pool, &network.version, &ids).await?;
    let made_from: Vec<Arc<TripClaims>> = ids.iter().filter_map(|id| claims.get(*id).cloned()).collect();
    // The same search over the same claims gives the same answer until a hold in them expires,
    // or (today) until the next minute, when another trip may have left.
    let key = format!(
        "{} {} {} {} {:?} {} {earliest}",
        service.api_segment(),
        checked.from,
        checked.to,
        checked.date,
        checked.coach_type,
        network.version
    );
    let body =
        state.claims.answer_from(&key, &made_from, now, || encode(answer(&network, &found, service, &claims, now)))?;
    Ok(body)
}

/// The trips found, with the boarding points, companies and classes or ships among them.
fn answer(
    network: &Network,
    found: &[Candidate<'_>],
    service: Service,
    claims: &HashMap<String, Arc<TripClaims>>,
    now: i64,
) -> TripsAnswer {
    let taken = taken_seats(claims, found, now);
    let trips: Vec<Trip> =
        found.iter().map(|c| trip_of(network, c, service, taken.get(&c.trip.id).copied().unwrap_or(0))).collect();

    let mut boarding_points: Vec<String> = Vec::new();
    let mut boarding_points_bn: Vec<String> = Vec::new();
    let mut companies: Vec<Company> = Vec::new();
    for t in &trips {
        for (i, p) in t.boarding_points.iter().enumerate() {
            if !boarding_points.contains(p) {
                boarding_points.push(p.clone());
                boarding_points_bn.push(t.boarding_points_bn.get(i).unwrap_or(p).clone());
            }
        }
        if let (Some(id), Some(name)) = (&t.company_id, &t.company_name)
            && !companies.iter().any(|c| &c.id == id)
        {
            companies.push(Company { id: id.clone(), name: name.clone(), name_bn: t.company_name_bn.clone() });
        }
    }
    if boarding_points_bn == boarding_points {
        // Nothing in Bangla: the list is left out of the answer.
        boarding_points_bn.clear();
    }
    match service {
        Service::Bus => {
            let mut classes: Vec<(String, String)> = trips
                .iter()
                .filter_map(|t| {
                    let class = t.bus_class.clone()?;
                    Some((class.clone(), t.bus_class_bn.clone().unwrap_or(class)))
                })
                .collect();
            classes.sort();
            classes.dedup_by(|a, b| a.0 == b.0);
            let (bus_classes, mut bus_classes_bn): (Vec<String>, Vec<String>) = classes.into_iter().unzip();
            if bus_classes_bn == bus_classes {
                bus_classes_bn.clear();
            }
            TripsAnswer::Bus(BusTripsResponse {
                trips,
                boarding_points,
                companies,
                bus_classes,
                boarding_points_bn,
                bus_classes_bn,
            })
        }
        Service::Launch => {
            let mut ships: Vec<Ship> = Vec::new();
            for t in &trips {
                if let (Some(id), Some(name)) = (&t.ship_id, &t.ship_name)
                    && !ships.iter().any(|s| &s.id == id)
                {
                    let name_bn = t.ship_name_bn.clone();
                    ships.push(Ship { id: id.clone(), name: name.clone(), name_bn, logo: t.logo.clone() });
                }
            }
            TripsAnswer::Launch(LaunchTripsResponse { trips, boarding_points, ships, boarding_points_bn })
        }
    }
}
