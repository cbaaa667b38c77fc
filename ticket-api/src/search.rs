//! `get-schedule-trips` for both services: the departures between two cities on a Dhaka date,
//! with what a traveller compares (operator, coach or ship, class, times, fare or fare range,
//! seats left). Seats left are counted from the claims on the searched legs only, so a seat
//! sold Dhaka -> Cumilla still counts as free for Cumilla -> Chattogram.

use std::collections::BTreeMap;

use axum::Json;
use axum::extract::{Path, State};
use core_wasm::contract::envelope::Envelope;
use core_wasm::contract::trips::{
    BusTripsResponse, CoachType, Company, Fare, LaunchTripsResponse, Ship, Trip, TripSearchRequest,
};
use core_wasm::routes::Service;
use core_wasm::time::Date;
use serde::Serialize;
use sqlx::Row;
use sqlx::any::AnyRow;

use crate::content::service_key;
use crate::error::ApiError;
use crate::wire::{Body, now_unix_ms, ok, today, wire_time};
use crate::{AppState, service_of};

const MINUTES_PER_DAY: i64 = 24 * 60;

/// The answer differs by service: companies and bus classes for bus, ships for launch.
#[derive(Debug, Serialize)]
#[serde(untagged)]
pub enum TripsAnswer {
    Bus(BusTripsResponse),
    Launch(LaunchTripsResponse),
}

/// A city by id or name, as shown or as stored ('Chittagong' finds 'Chattogram').
pub(crate) async fn city_id(pool: &sqlx::AnyPool, given: &str) -> Result<Option<String>, sqlx::Error> {
    let stored = core_wasm::cities::stored_name(given);
    let row = sqlx::query("SELECT id FROM cities WHERE id = $1 OR LOWER(name) = LOWER($1) OR LOWER(name) = LOWER($2)")
        .bind(given.trim())
        .bind(stored)
        .fetch_optional(pool)
        .await?;
    row.map(|r| r.try_get::<String, _>("id")).transpose()
}

struct Checked {
    from: String,
    to: String,
    date: Date,
    coach_type: Option<CoachType>,
}

async fn check(pool: &sqlx::AnyPool, request: &TripSearchRequest) -> Result<Checked, ApiError> {
    let mut problems = Vec::new();
    let from = request.from.trim();
    let to = request.to.trim();
    if from.is_empty() {
        problems.push("from is required".to_owned());
    }
    if to.is_empty() {
        problems.push("to is required".to_owned());
    }
    let date = match Date::parse(request.journey_date.trim()) {
        Ok(d) if d < today() => {
            problems.push("journeyDate cannot be before today".to_owned());
            None
        }
        Ok(d) => Some(d),
        Err(e) => {
            problems.push(format!("journeyDate: {e}"));
            None
        }
    };
    let coach_type = match request.coach_type.as_deref().map(str::trim) {
        None | Some("") | Some("all") => None,
        Some("ac") => Some(CoachType::Ac),
        Some("non-ac") => Some(CoachType::NonAc),
        Some(other) => {
            problems.push(format!("coachType must be ac, non-ac or all, not '{other}'"));
            None
        }
    };
    if !problems.is_empty() {
        return Err(ApiError::BadRequest(problems));
    }
    let from_id = city_id(pool, from).await?.ok_or_else(|| ApiError::not_found(format!("City not found: {from}")))?;
    let to_id = city_id(pool, to).await?.ok_or_else(|| ApiError::not_found(format!("City not found: {to}")))?;
    if from_id == to_id {
        return Err(ApiError::bad("from and to must be different cities"));
    }
    Ok(Checked { from: from_id, to: to_id, date: date.unwrap_or_else(today), coach_type })
}

/// One departure of the search, before its points are attached.
struct Found {
    trip: Trip,
    route_id: String,
    from_stop: i64,
    to_stop: i64,
}

const SEARCH: &str = "\
SELECT t.id, t.route_id, t.departs_at, t.operator_id, o.title AS operator, v.id AS vehicle_id, v.name AS vehicle, \
       v.coach_type, v.bus_class, r.name AS route_name, o.logo, \
       a.stop_index AS from_stop, a.minutes_from_start AS from_offset, \
       b.stop_index AS to_stop, b.minutes_from_start AS to_offset, \
       (SELECT COUNT(*) FROM layout_seats s WHERE s.layout_id = v.layout_id) AS seats, \
       (SELECT COUNT(DISTINCT c.seat_no) FROM seat_claims c \
         WHERE c.trip_id = t.id AND c.leg >= a.stop_index AND c.leg < b.stop_index \
           AND (c.state <> 'held' OR c.expires_at > $5)) AS taken, \
       (SELECT MIN(f.fare) FROM fares f WHERE f.route_id = t.route_id AND f.operator_id = t.operator_id \
         AND f.from_stop = a.stop_index AND f.to_stop = b.stop_index \
         AND f.seat_class IN (SELECT s.seat_class FROM layout_seats s WHERE s.layout_id = v.layout_id)) AS fare_low, \
       (SELECT MAX(f.fare) FROM fares f WHERE f.route_id = t.route_id AND f.operator_id = t.operator_id \
         AND f.from_stop = a.stop_index AND f.to_stop = b.stop_index \
         AND f.seat_class IN (SELECT s.seat_class FROM layout_seats s WHERE s.layout_id = v.layout_id)) AS fare_high \
FROM route_stops a \
JOIN route_stops b ON b.route_id = a.route_id AND b.city_id = $2 AND b.stop_index > a.stop_index \
JOIN routes r ON r.id = a.route_id AND r.service = $3 \
JOIN trips t ON t.route_id = a.route_id \
JOIN operators o ON o.id = t.operator_id \
JOIN vehicles v ON v.id = t.vehicle_id \
WHERE a.city_id = $1 AND t.departs_at >= $4 - a.minutes_from_start AND t.departs_at < $6 - a.minutes_from_start \
ORDER BY t.departs_at + a.minutes_from_start, o.title";

fn found(row: &AnyRow, service: Service) -> Result<Found, sqlx::Error> {
    let departs_at: i64 = row.try_get("departs_at")?;
    let (from_offset, to_offset): (i64, i64) = (row.try_get("from_offset")?, row.try_get("to_offset")?);
    let seats: i64 = row.try_get("seats")?;
    let taken: i64 = row.try_get("taken")?;
    let low: Option<i64> = row.try_get("fare_low")?;
    let high: Option<i64> = row.try_get("fare_high")?;
    let seat_fare = match (low, high) {
        (Some(l), Some(h)) if l == h => Fare::Amount(l as f64),
        (Some(l), Some(h)) => Fare::Text(format!("{l}-{h}")),
        // A trip without a fare for this segment is shown, but cannot be priced.
        _ => Fare::Text(String::new()),
    };
    let coach_type = match row.try_get::<Option<String>, _>("coach_type")?.as_deref() {
        Some("ac") => Some(CoachType::Ac),
        Some("non-ac") => Some(CoachType::NonAc),
        _ => None,
    };
    let vehicle: String = row.try_get("vehicle")?;
    let vehicle_id: String = row.try_get("vehicle_id")?;
    let (coach_no, ship_id, ship_name) = match service {
        Service::Bus => (Some(vehicle), None, None),
        Service::Launch => (None, Some(vehicle_id), Some(vehicle)),
    };
    Ok(Found {
        trip: Trip {
            id: row.try_get("id")?,
            company_id: Some(row.try_get("operator_id")?),
            company_name: Some(row.try_get("operator")?),
            coach_no,
            ship_id,
            ship_name,
            coach_type,
            bus_class: Some(row.try_get("bus_class")?),
            route_name: Some(row.try_get("route_name")?),
            departure_date_time: wire_time(departs_at + from_offset),
            arrival_date_time: Some(wire_time(departs_at + to_offset)),
            seat_fare,
            available_seats: Some((seats - taken).max(0) as u32),
            boarding_points: Vec::new(),
            dropping_points: Vec::new(),
            logo: row.try_get("logo")?,
        },
        route_id: row.try_get("route_id")?,
        from_stop: row.try_get("from_stop")?,
        to_stop: row.try_get("to_stop")?,
    })
}

/// The names of a route's points at each stop, in time order.
async fn points_by_stop(pool: &sqlx::AnyPool, route_id: &str) -> Result<BTreeMap<i64, Vec<String>>, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT rp.stop_index, p.name FROM route_points rp JOIN points p ON p.id = rp.point_id \
         WHERE rp.route_id = $1 ORDER BY rp.minutes_from_start, p.name",
    )
    .bind(route_id)
    .fetch_all(pool)
    .await?;
    let mut by_stop: BTreeMap<i64, Vec<String>> = BTreeMap::new();
    for row in rows {
        by_stop.entry(row.try_get("stop_index")?).or_default().push(row.try_get("name")?);
    }
    Ok(by_stop)
}

pub async fn schedule_trips(
    State(state): State<AppState>,
    Path(segment): Path<String>,
    Body(request): Body<TripSearchRequest>,
) -> Result<Json<Envelope<TripsAnswer>>, ApiError> {
    let service = service_of(&segment)?;
    let checked = check(&state.pool, &request).await?;
    let day_start = checked.date.days_since_epoch() * MINUTES_PER_DAY;
    let rows = sqlx::query(SEARCH)
        .bind(&checked.from)
        .bind(&checked.to)
        .bind(service_key(service))
        .bind(day_start)
        .bind(now_unix_ms())
        .bind(day_start + MINUTES_PER_DAY)
        .fetch_all(&state.pool)
        .await?;
    let mut found = rows.iter().map(|r| found(r, service)).collect::<Result<Vec<_>, _>>()?;
    found.retain(|f| checked.coach_type.is_none() || f.trip.coach_type == checked.coach_type);

    let mut points: BTreeMap<String, BTreeMap<i64, Vec<String>>> = BTreeMap::new();
    for f in &found {
        if !points.contains_key(&f.route_id) {
            points.insert(f.route_id.clone(), points_by_stop(&state.pool, &f.route_id).await?);
        }
    }
    let mut boarding_points: Vec<String> = Vec::new();
    let mut trips = Vec::with_capacity(found.len());
    for mut f in found {
        if let Some(route) = points.get(&f.route_id) {
            f.trip.boarding_points = route.get(&f.from_stop).cloned().unwrap_or_default();
            f.trip.dropping_points = route.get(&f.to_stop).cloned().unwrap_or_default();
        }
        for p in &f.trip.boarding_points {
            if !boarding_points.contains(p) {
                boarding_points.push(p.clone());
            }
        }
        trips.push(f.trip);
    }
    let mut companies: Vec<Company> = Vec::new();
    for t in &trips {
        if let (Some(id), Some(name)) = (&t.company_id, &t.company_name)
            && !companies.iter().any(|c| &c.id == id)
        {
            companies.push(Company { id: id.clone(), name: name.clone() });
        }
    }
    Ok(ok(match service {
        Service::Bus => {
            let mut bus_classes: Vec<String> = trips.iter().filter_map(|t| t.bus_class.clone()).collect();
            bus_classes.sort();
            bus_classes.dedup();
            TripsAnswer::Bus(BusTripsResponse { trips, boarding_points, companies, bus_classes })
        }
        Service::Launch => {
            let mut ships: Vec<Ship> = Vec::new();
            for t in &trips {
                if let (Some(id), Some(name)) = (&t.ship_id, &t.ship_name)
                    && !ships.iter().any(|s| &s.id == id)
                {
                    ships.push(Ship { id: id.clone(), name: name.clone(), logo: t.logo.clone() });
                }
            }
            TripsAnswer::Launch(LaunchTripsResponse { trips, boarding_points, ships })
        }
    }))
}
