//! A trip as the booking calls see it: its route, stops, points, times, seats and fares, from the
//! timetable in memory (or the store for a trip newer than it), and the segment a traveller
//! chose.

use crate::store::pool::Pool;
use core_wasm::server_messages as say;
use core_wasm::service::Service;

use crate::AppState;
use crate::claims::TripClaims;
use crate::clock::wire_time;
use crate::domain::network::{LayoutSeat, Network};
use crate::domain::search::city_id;
use crate::error::ApiError;
use crate::store::claims::ClaimState;
use crate::store::trips;
use crate::waiting_room::WaitingRoom;
use crate::waiting_room::windows::Opening;
use core_wasm::contract::seats::{Point, SeatStatus};

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
    /// Whether each stop boards and drops passengers (a route of the back office may say no).
    pub ends: Vec<(bool, bool)>,
    pub points: Vec<RoutePoint>,
    /// Seats the website leaves to the counters (issue 41).
    pub online_quota: Option<i64>,
    /// The operator cancelled it: nothing more is sold (the timetable in memory leaves it out,
    /// so only the store's copy can say so).
    pub cancelled: bool,
}

pub(crate) struct RoutePoint {
    pub stop: i64,
    pub id: String,
    pub name: String,
    pub name_bn: Option<String>,
    pub address: String,
    pub minutes_from_start: i64,
}

pub(crate) async fn trip_info(pool: &Pool, trip_id: &str) -> Result<TripInfo, ApiError> {
    let trip = trips::timetable(pool, trip_id.trim()).await?.ok_or_else(|| ApiError::not_found(say::TRIP_NOT_FOUND))?;
    let stops = trips::stop_cities(pool, &trip.route_id).await?;
    let ends = trips::stop_ends(pool, &trip.route_id).await?.into_iter().map(|(b, d)| (b != 0, d != 0)).collect();
    let moves = crate::store::network::point_moves_of(pool, &trip.id).await?;
    let points = trips::route_points(pool, &trip.route_id)
        .await?
        .into_iter()
        .map(|p| {
            // The place this trip's travellers use instead, if the point moved (issue 37).
            let (id, name, name_bn, address) = match moves.iter().find(|m| m.point_id == p.id) {
                Some(m) => (m.id.clone(), m.name.clone(), m.name_bn.clone(), m.address.clone()),
                None => (p.id, p.name, p.name_bn, p.address),
            };
            RoutePoint { stop: p.stop_index, id, name, name_bn, address, minutes_from_start: p.minutes_from_start }
        })
        .collect();
    Ok(TripInfo {
        id: trip.id,
        route_id: trip.route_id,
        operator_id: trip.operator_id,
        layout_id: trip.layout_id,
        service: trip.service,
        departs_at: trip.departs_at,
        stops,
        ends,
        points,
        online_quota: trip.online_quota,
        cancelled: trip.cancelled_at.is_some(),
    })
}

/// A given, non-blank text.
fn filled(v: Option<&str>) -> Option<&str> {
    v.map(str::trim).filter(|v| !v.is_empty())
}

impl TripInfo {
    /// The opening of an Eid sale window covering the trip under way at `now_ms`, if any.
    pub fn opening(&self, room: &WaitingRoom, now_ms: i64) -> Option<Opening> {
        room.opening_for(self.service, &self.stops, self.departs_at, now_ms)
    }

    /// When the trip leaves stop `from_stop`: its first point there (Dhaka wall clock, as
    /// departures are stored).
    pub(crate) fn leaves(&self, from_stop: i64) -> core_wasm::time::DateTime {
        let offset =
            self.points.iter().filter(|p| p.stop == from_stop).map(|p| p.minutes_from_start).min().unwrap_or(0);
        core_wasm::time::DateTime::from_epoch_minutes(self.departs_at + offset)
    }

    /// Whether the trip has left stop `from_stop` at `now_ms`.
    pub(crate) fn has_left(&self, from_stop: i64, now_ms: i64) -> bool {
        self.leaves(from_stop) <= core_wasm::time::dhaka_now(now_ms as f64)
    }

    /// The trip: from the timetable in memory, or from the store when it was written after the
    /// timetable was last loaded (it reloads within `network::RECHECK`).
    pub(crate) async fn find(pool: &Pool, network: &Network, trip_id: &str) -> Result<TripInfo, ApiError> {
        match TripInfo::from_network(network, trip_id) {
            Some(trip) => Ok(trip),
            None => trip_info(pool, trip_id).await,
        }
    }

    /// Refuses a trip the operator cancelled.
    pub(crate) fn on_sale(&self) -> Result<(), ApiError> {
        if self.cancelled { Err(ApiError::conflict(say::TRIP_CANCELLED)) } else { Ok(()) }
    }

    /// The trip, if it runs for `service` (another service's trip is not found).
    pub(crate) async fn find_for(
        pool: &Pool,
        network: &Network,
        service: Service,
        trip_id: &str,
    ) -> Result<TripInfo, ApiError> {
        let trip = TripInfo::find(pool, network, trip_id).await?;
        if trip.service != service {
            return Err(ApiError::not_found(say::TRIP_NOT_FOUND));
        }
        trip.on_sale()?;
        Ok(trip)
    }

    /// The trip from the timetable in memory, if it is there.
    pub(crate) fn from_network(network: &Network, trip_id: &str) -> Option<TripInfo> {
        let (route_id, index) = network.trip_index.get(trip_id.trim())?;
        let route = network.routes.get(route_id)?;
        let trip = route.trips.get(*index)?;
        network.vehicles.get(&trip.vehicle_id)?;
        Some(TripInfo {
            id: trip.id.clone(),
            route_id: route_id.clone(),
            operator_id: trip.operator_id.clone(),
            layout_id: trip.layout_id.clone(),
            service: route.service,
            departs_at: trip.departs_at,
            stops: route.stops.iter().map(|s| s.city_id.clone()).collect(),
            ends: route.stops.iter().map(|s| (s.boards, s.drops)).collect(),
            points: route
                .points
                .iter()
                .map(|p| trip.point(p))
                .map(|p| RoutePoint {
                    stop: p.stop,
                    id: p.id.clone(),
                    name: p.name.clone(),
                    name_bn: p.name_bn.clone(),
                    address: p.address.clone(),
                    minutes_from_start: p.minutes_from_start,
                })
                .collect(),
            online_quota: trip.online_quota,
            cancelled: false,
        })
    }

    /// The fare of a seat class from stop `from` to stop `to`, in taka, on the trip's date.
    pub(crate) fn fare(&self, network: &Network, class: &str, from: i64, to: i64) -> Option<i64> {
        let key = (self.route_id.clone(), self.operator_id.clone(), class.to_owned(), from, to);
        network.fare(&key, self.travel_date())
    }

    /// The Dhaka date it leaves on (a dated fare's date).
    pub(crate) fn travel_date(&self) -> core_wasm::time::Date {
        core_wasm::time::DateTime::from_epoch_minutes(self.departs_at).date
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
        // A stop where passengers do not get on (or off) is no end of a journey.
        let end = |stop: i64| self.ends.get(stop as usize).copied().unwrap_or((true, true));
        if !end(from_stop).0 {
            return Err(ApiError::bad(say::NO_STOP_FROM));
        }
        if !end(to_stop).1 {
            return Err(ApiError::bad(say::NO_STOP_TO));
        }
        Ok((from_stop, to_stop))
    }

    pub(crate) fn point(&self, p: &RoutePoint) -> Point {
        Point {
            id: Some(p.id.clone()),
            name: p.name.clone(),
            name_bn: p.name_bn.clone(),
            time: Some(wire_time(self.departs_at + p.minutes_from_start)),
            address: Some(p.address.clone()),
        }
    }
}

/// The claims as one visitor sees them at one moment: their own holds do not count (their
/// seats show available to them, to choose again: a new lock replaces their hold).
/// An operator's online quota (issue 41) shows too: once the seats free on a segment fall to
/// it, the rest show blocked, as the website will not sell them.
pub(crate) struct Seen<'a> {
    pub claims: &'a TripClaims,
    pub now_ms: i64,
    pub viewer: Option<&'a str>,
    /// The coach's seats and the trip's online quota, if it has one.
    pub quota: Option<(i64, i64)>,
}

impl Seen<'_> {
    /// A seat's status over legs `[from, to)`: blocked over booked over locked over available;
    /// an available seat is blocked when only the counters' quota is left.
    pub(crate) fn status(&self, seat_no: &str, from: i64, to: i64) -> SeatStatus {
        let status = self.claimed(seat_no, from, to);
        match self.quota {
            Some((seats, quota)) if status == SeatStatus::Available => {
                // The viewer's own held seats are free to them: a new lock replaces their hold.
                let free = seats - self.claims.taken_for(from, to, self.now_ms, self.viewer) as i64;
                if core_wasm::staff::counter::online_free(free, Some(quota)) == 0 {
                    SeatStatus::Blocked
                } else {
                    status
                }
            }
            _ => status,
        }
    }

    fn claimed(&self, seat_no: &str, from: i64, to: i64) -> SeatStatus {
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
