//! `get-seat-view` for both services: a trip's seats with their status for a segment, computed
//! from the claims on that segment's legs. A bus seat sold Dhaka -> Cumilla shows booked for
//! the whole Dhaka -> Chattogram trip, but its fare entry Cumilla -> Chattogram is available.

use axum::extract::State;
use axum::response::Response;
use core_wasm::contract::seats::{
    BusSeat, BusSeatPlan, BusSeatViewResponse, ClassPlan, FareEntry, LaunchCell, LaunchSeatPlan,
    LaunchSeatViewResponse, Point, SeatStatus, SeatViewRequest,
};
use core_wasm::server_messages as say;
use core_wasm::service::Service;
use serde::Serialize;
use sqlx::{AnyPool, Row};

use crate::AppState;
use crate::claims::{ClaimState, TripClaims};
use crate::error::ApiError;
use crate::network::{LayoutSeat, Network};
use crate::search::city_id;
use crate::wire::At;
use crate::wire::{Body, json_response, now_unix_ms, ok_bytes, wire_time};

#[derive(Debug, Serialize)]
#[serde(untagged)]
pub enum SeatViewAnswer {
    Bus(BusSeatViewResponse),
    Launch(LaunchSeatViewResponse),
}

/// The trip's timetable: where it runs and when.
pub(crate) struct TripInfo {
    pub id: String,
    pub route_id: String,
    pub operator_id: String,
    pub layout_id: String,
    pub service: Service,
    pub departs_at: i64,
    /// City ids by stop index.
    pub stops: Vec<String>,
    pub points: Vec<RoutePoint>,
}

pub(crate) struct RoutePoint {
    pub stop: i64,
    pub id: String,
    pub name: String,
    pub address: String,
    pub minutes_from_start: i64,
}

pub(crate) async fn trip_info(pool: &AnyPool, trip_id: &str) -> Result<TripInfo, ApiError> {
    let trip = sqlx::query(
        "SELECT t.id, t.route_id, t.operator_id, t.service, t.departs_at, v.layout_id \
         FROM trips t JOIN vehicles v ON v.id = t.vehicle_id WHERE t.id = $1",
    )
    .bind(trip_id.trim())
    .fetch_optional(pool)
    .await?
    .ok_or_else(|| ApiError::not_found(say::TRIP_NOT_FOUND))?;
    let route_id: String = trip.try_get("route_id")?;
    let stops = sqlx::query("SELECT city_id FROM route_stops WHERE route_id = $1 ORDER BY stop_index")
        .bind(&route_id)
        .fetch_all(pool)
        .await?
        .iter()
        .map(|r| r.try_get::<String, _>("city_id"))
        .collect::<Result<_, _>>()?;
    let points = sqlx::query(
        "SELECT rp.stop_index, rp.minutes_from_start, p.id, p.name, p.address FROM route_points rp \
         JOIN points p ON p.id = rp.point_id WHERE rp.route_id = $1 ORDER BY rp.minutes_from_start, p.name",
    )
    .bind(&route_id)
    .fetch_all(pool)
    .await?
    .iter()
    .map(|r| {
        Ok(RoutePoint {
            stop: r.try_get("stop_index")?,
            id: r.try_get("id")?,
            name: r.try_get("name")?,
            address: r.try_get("address")?,
            minutes_from_start: r.try_get("minutes_from_start")?,
        })
    })
    .collect::<Result<_, sqlx::Error>>()?;
    Ok(TripInfo {
        id: trip.try_get("id")?,
        route_id,
        operator_id: trip.try_get("operator_id")?,
        layout_id: trip.try_get("layout_id")?,
        service: Service::try_from(trip.try_get::<String, _>("service")?)
            .map_err(|e| ApiError::Internal(format!("trip {trip_id}: {e}")))?,
        departs_at: trip.try_get("departs_at")?,
        stops,
        points,
    })
}

/// A given, non-blank text.
fn filled(v: Option<&str>) -> Option<&str> {
    v.map(str::trim).filter(|v| !v.is_empty())
}

impl TripInfo {
    /// The trip: from the timetable in memory, or from the store when it was written after the
    /// timetable was last loaded (it reloads within `network::RECHECK`).
    pub(crate) async fn find(pool: &AnyPool, network: &Network, trip_id: &str) -> Result<TripInfo, ApiError> {
        match TripInfo::from_network(network, trip_id) {
            Some(trip) => Ok(trip),
            None => trip_info(pool, trip_id).await,
        }
    }

    /// The trip from the timetable in memory, if it is there.
    pub(crate) fn from_network(network: &Network, trip_id: &str) -> Option<TripInfo> {
        let (route_id, index) = network.trip_index.get(trip_id.trim())?;
        let route = network.routes.get(route_id)?;
        let trip = route.trips.get(*index)?;
        let vehicle = network.vehicles.get(&trip.vehicle_id)?;
        Some(TripInfo {
            id: trip.id.clone(),
            route_id: route_id.clone(),
            operator_id: trip.operator_id.clone(),
            layout_id: vehicle.layout_id.clone(),
            service: route.service,
            departs_at: trip.departs_at,
            stops: route.stops.iter().map(|s| s.city_id.clone()).collect(),
            points: route
                .points
                .iter()
                .map(|p| RoutePoint {
                    stop: p.stop,
                    id: p.id.clone(),
                    name: p.name.clone(),
                    address: p.address.clone(),
                    minutes_from_start: p.minutes_from_start,
                })
                .collect(),
        })
    }

    /// The fare of a seat class from stop `from` to stop `to`, in taka.
    pub(crate) fn fare(&self, network: &Network, class: &str, from: i64, to: i64) -> Option<i64> {
        network.fares.get(&(self.route_id.clone(), self.operator_id.clone(), class.to_owned(), from, to)).copied()
    }

    /// The seats of the trip's coach or ship (empty for a layout newer than the timetable).
    pub(crate) fn seats<'n>(&self, network: &'n Network) -> &'n [LayoutSeat] {
        network.layout_seats.get(&self.layout_id).map_or(&[], Vec::as_slice)
    }

    fn point_stop(&self, given: &str) -> Option<i64> {
        let given = given.trim();
        self.points.iter().find(|p| p.id == given || p.name.eq_ignore_ascii_case(given)).map(|p| p.stop)
    }

    /// Minutes from the first stop to `stop`'s first point (0 if unknown).
    pub(crate) fn stop_offset(&self, stop: i64) -> i64 {
        self.points.iter().filter(|p| p.stop == stop).map(|p| p.minutes_from_start).min().unwrap_or(0)
    }

    fn last_stop(&self) -> i64 {
        self.stops.len() as i64 - 1
    }

    /// The segment `[from, to)` in stop indexes, from the chosen points, else the searched
    /// cities, else the whole route.
    pub(crate) async fn segment(
        &self,
        state: &AppState,
        boarding: Option<&str>,
        dropping: Option<&str>,
        from: Option<&str>,
        to: Option<&str>,
    ) -> Result<(i64, i64), ApiError> {
        let (from_stop, to_stop) = match (filled(boarding), filled(dropping)) {
            (Some(b), Some(d)) => {
                let b = self.point_stop(b).ok_or_else(|| {
                    ApiError::bad(say::POINT_NOT_ON_TRIP.with(&[("field", "boardingPoint"), ("point", b)]))
                })?;
                let d = self.point_stop(d).ok_or_else(|| {
                    ApiError::bad(say::POINT_NOT_ON_TRIP.with(&[("field", "droppingPoint"), ("point", d)]))
                })?;
                (b, d)
            }
            _ => {
                let stop_of = |city: Option<String>, after: i64| {
                    city.and_then(|c| {
                        self.stops
                            .iter()
                            .enumerate()
                            .skip(after as usize)
                            .find(|(_, s)| **s == c)
                            .map(|(i, _)| i as i64)
                    })
                };
                let from_city = match filled(from) {
                    Some(f) => Some(
                        city_id(state, f)
                            .await?
                            .ok_or_else(|| ApiError::bad(say::NOT_A_CITY.with(&[("field", "from"), ("city", f)])))?,
                    ),
                    None => None,
                };
                let to_city = match filled(to) {
                    Some(t) => Some(
                        city_id(state, t)
                            .await?
                            .ok_or_else(|| ApiError::bad(say::NOT_A_CITY.with(&[("field", "to"), ("city", t)])))?,
                    ),
                    None => None,
                };
                let from_stop = if from_city.is_some() {
                    stop_of(from_city, 0).ok_or_else(|| ApiError::bad(say::NO_STOP_FROM))?
                } else {
                    0
                };
                let to_stop = if to_city.is_some() {
                    stop_of(to_city, from_stop + 1).ok_or_else(|| ApiError::bad(say::NO_STOP_TO))?
                } else {
                    self.last_stop()
                };
                (from_stop, to_stop)
            }
        };
        if from_stop >= to_stop {
            return Err(ApiError::bad(say::POINTS_ORDER));
        }
        Ok((from_stop, to_stop))
    }

    fn point(&self, p: &RoutePoint) -> Point {
        Point {
            id: Some(p.id.clone()),
            name: p.name.clone(),
            time: Some(wire_time(self.departs_at + p.minutes_from_start)),
            address: Some(p.address.clone()),
        }
    }
}

/// The claims as one visitor sees them at one moment: their own holds do not count (their
/// seats show available to them, to choose again: a new lock replaces their hold).
pub(crate) struct Seen<'a> {
    pub claims: &'a TripClaims,
    pub now_ms: i64,
    pub viewer: Option<&'a str>,
}

impl Seen<'_> {
    /// A seat's status over legs `[from, to)`: blocked over booked over locked over available.
    pub(crate) fn status(&self, seat_no: &str, from: i64, to: i64) -> SeatStatus {
        let mut status = SeatStatus::Available;
        for claim in self.claims.of_seat(seat_no, self.now_ms, self.viewer).filter(|c| c.leg >= from && c.leg < to) {
            status = match (claim.state, status) {
                (ClaimState::Blocked, _) | (_, SeatStatus::Blocked) => SeatStatus::Blocked,
                (ClaimState::Sold, _) | (_, SeatStatus::Booked) => SeatStatus::Booked,
                (ClaimState::Held, _) => SeatStatus::Locked,
            };
        }
        status
    }
}

pub async fn seat_view(
    State(state): State<AppState>,
    At(service): At,
    Body(request): Body<SeatViewRequest>,
) -> Result<Response, ApiError> {
    // The timetable, layout and fares come from memory; only the claims are read live.
    let network = state.network.get(&state.pool).await?;
    let trip = TripInfo::find(&state.pool, &network, &request.trip_id).await?;
    let service_matches =
        matches!((service, trip.service.as_str()), (Service::Bus, "BUS") | (Service::Launch, "LAUNCH"));
    if !service_matches {
        return Err(ApiError::not_found(say::TRIP_NOT_FOUND));
    }
    let (from, to) = trip
        .segment(
            &state,
            request.boarding_point.as_deref(),
            request.dropping_point.as_deref(),
            request.from.as_deref(),
            request.to.as_deref(),
        )
        .await?;
    let seats = trip.seats(&network);
    let claims = state.claims.trip(&state.pool, &network.version, &trip.id).await?;
    let now_ms = now_unix_ms();
    let viewer =
        [&request.user_id, &request.anonymous_id].into_iter().flatten().map(|v| v.trim()).find(|v| !v.is_empty());
    let make = || {
        let seen = Seen { claims: &claims, now_ms, viewer };
        let fare = |class: &str, p: i64, q: i64| trip.fare(&network, class, p, q).map(|f| f as f64);
        ok_bytes(match service {
            Service::Bus => {
                SeatViewAnswer::Bus(BusSeatViewResponse { seat_plan: bus_plan(&trip, seats, &seen, from, to, &fare) })
            }
            Service::Launch => {
                SeatViewAnswer::Launch(LaunchSeatViewResponse { seat_plan: launch_plan(seats, &seen, from, to, &fare) })
            }
        })
    };
    // The same segment of the same claims gives everyone the same answer until a hold in it
    // expires, except a visitor who holds seats here: theirs is their own.
    let body = match viewer {
        Some(v) if claims.holds_of(v, now_ms) => make()?,
        _ => claims.answer(&format!("seat-view {from} {to}"), now_ms, make)?,
    };
    Ok(json_response(body))
}

fn bus_plan(
    trip: &TripInfo,
    seats: &[LayoutSeat],
    seen: &Seen<'_>,
    from: i64,
    to: i64,
    fare: &dyn Fn(&str, i64, i64) -> Option<f64>,
) -> BusSeatPlan {
    // Boarding at any stop of the segment but its last; dropping at any but its first.
    let boarding: Vec<&RoutePoint> = trip.points.iter().filter(|p| p.stop >= from && p.stop < to).collect();
    let dropping: Vec<&RoutePoint> = trip.points.iter().filter(|p| p.stop > from && p.stop <= to).collect();
    let per_segment = to - from > 1;
    let mut plan = BusSeatPlan::default();
    for s in seats {
        let fare_list = per_segment.then(|| {
            boarding
                .iter()
                .flat_map(|b| dropping.iter().filter(move |d| d.stop > b.stop).map(move |d| (b, d)))
                .map(|(b, d)| FareEntry {
                    boarding_point: b.name.clone(),
                    dropping_point: d.name.clone(),
                    fare: fare(&s.seat_class, b.stop, d.stop),
                    status: seen.status(&s.seat_no, b.stop, d.stop),
                })
                .collect()
        });
        let seat = BusSeat {
            seat_no: s.seat_no.clone(),
            status: seen.status(&s.seat_no, from, to),
            fare: fare(&s.seat_class, from, to),
            fare_list,
            is_ladies: Some(s.is_ladies),
            row: Some(s.row as u16),
            col: Some(s.col as u16),
        };
        match s.deck.as_str() {
            "upper" => plan.upper_deck_seat_list.push(seat),
            "lower" => plan.lower_deck_seat_list.push(seat),
            _ => plan.seat_list.push(seat),
        }
    }
    plan.boarding_points = boarding.iter().map(|p| trip.point(p)).collect();
    plan.dropping_points = dropping.iter().map(|p| trip.point(p)).collect();
    plan
}

/// Launch classes per floor, each a grid of rows; gaps in a row are cells without a seat.
fn launch_plan(
    seats: &[LayoutSeat],
    seen: &Seen<'_>,
    from: i64,
    to: i64,
    fare: &dyn Fn(&str, i64, i64) -> Option<f64>,
) -> LaunchSeatPlan {
    let mut groups: Vec<ClassPlan> = Vec::new();
    let mut cells: Vec<Vec<(i64, i64, LaunchCell)>> = Vec::new();
    for s in seats {
        let index =
            match groups.iter().position(|g| g.class_id == s.seat_class && g.floor_id.as_deref() == Some(&s.deck)) {
                Some(i) => i,
                None => {
                    groups.push(ClassPlan {
                        class_id: s.seat_class.clone(),
                        class_name: Some(s.class_name.clone()),
                        floor_id: Some(s.deck.clone()),
                        floor_name: Some(s.deck_name.clone()),
                        fare: fare(&s.seat_class, from, to),
                        seats: Vec::new(),
                    });
                    cells.push(Vec::new());
                    groups.len() - 1
                }
            };
        let available = seen.status(&s.seat_no, from, to) == SeatStatus::Available;
        cells[index].push((s.row, s.col, LaunchCell { seat_no: Some(s.seat_no.clone()), available, fare: None }));
    }
    for (group, mut group_cells) in groups.iter_mut().zip(cells) {
        group_cells.sort_by_key(|(r, c, _)| (*r, *c));
        let width = group_cells.iter().map(|(_, c, _)| *c).max().unwrap_or(0) + 1;
        let mut rows: Vec<Vec<LaunchCell>> = Vec::new();
        let mut current_row = None;
        for (r, c, cell) in group_cells {
            if current_row != Some(r) {
                rows.push(Vec::new());
                current_row = Some(r);
            }
            if let Some(row) = rows.last_mut() {
                while (row.len() as i64) < c {
                    row.push(LaunchCell { seat_no: None, available: false, fare: None });
                }
                row.push(cell);
            }
        }
        for row in &mut rows {
            while (row.len() as i64) < width {
                row.push(LaunchCell { seat_no: None, available: false, fare: None });
            }
        }
        group.seats = rows;
    }
    LaunchSeatPlan { class_wise_seat_plan: groups }
}
