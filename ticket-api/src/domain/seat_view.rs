//! `get-seat-view` for both services: a trip's seats with their status for a segment, computed
//! from the claims on that segment's legs. A bus seat sold Dhaka -> Cumilla shows booked for
//! the whole Dhaka -> Chattogram trip, but its fare entry Cumilla -> Chattogram is available.

use axum::body::Bytes;
use core_wasm::contract::queue::QueueNotice;
use core_wasm::contract::seats::{
    BusSeat, BusSeatPlan, BusSeatViewResponse, ClassPlan, FareEntry, LaunchCell, LaunchSeatPlan,
    LaunchSeatViewResponse, SeatStatus, SeatViewRequest,
};
use core_wasm::service::Service;
use serde::Serialize;

use crate::AppState;
use crate::clock::{now_unix_ms, wire_instant};
use crate::domain::identity::Owner;
use crate::domain::network::LayoutSeat;
use crate::domain::trip::{RoutePoint, Seen, TripInfo};
use crate::error::ApiError;

#[derive(Debug, Serialize)]
#[serde(untagged)]
pub enum SeatViewAnswer {
    Bus(BusSeatViewResponse),
    Launch(LaunchSeatViewResponse),
}

/// The seat plan of the trip for the chosen segment, as the envelope's JSON: kept and served again
/// while the claims it was made from stand.
/// `viewer`: whose own holds count as free to them (they may lock those seats again).
pub async fn seat_view(
    state: &AppState,
    service: Service,
    viewer: &Owner,
    request: &SeatViewRequest,
    encode: impl Fn(SeatViewAnswer) -> Result<Bytes, ApiError>,
) -> Result<Bytes, ApiError> {
    // The timetable, layout and fares come from memory; only the claims are read live.
    let network = state.network.get(&state.pool).await?;
    let trip = TripInfo::find_for(&state.pool, &network, service, &request.trip_id).await?;
    let (from, to) = trip
        .segment(
            state,
            request.boarding_point.as_deref(),
            request.dropping_point.as_deref(),
            request.from.as_deref(),
            request.to.as_deref(),
        )
        .await?;
    let seats = trip.seats(&network);
    let claims = state.claims.trip(&state.pool, &network.version, &trip.id).await?;
    let now_ms = now_unix_ms();
    let viewer = Some(viewer.as_str());
    // An Eid sale window covering the trip now: the site shows its waiting room (issue 16).
    let opening = trip.opening(&state.waiting_room, now_ms);
    let queue = opening.as_ref().map(|o| QueueNotice {
        phase: o.phase,
        opens_at: wire_instant(o.opens_ms),
        closes_at: wire_instant(o.closes_ms()),
    });
    let make = || {
        let queue = queue.clone();
        let quota = trip.online_quota.map(|q| (seats.len() as i64, q));
        let seen = Seen { claims: &claims, now_ms, viewer, quota };
        let fare = |class: &str, p: i64, q: i64| trip.fare(&network, class, p, q).map(|f| f as f64);
        encode(match service {
            Service::Bus => SeatViewAnswer::Bus(BusSeatViewResponse {
                seat_plan: bus_plan(&trip, seats, &seen, from, to, &fare),
                queue,
            }),
            Service::Launch => SeatViewAnswer::Launch(LaunchSeatViewResponse {
                seat_plan: launch_plan(seats, &seen, from, to, &fare),
                queue,
            }),
        })
    };
    // The same segment of the same claims gives everyone the same answer until a hold in it
    // expires, except a visitor who holds seats here: theirs is their own.
    let body = match viewer {
        Some(v) if claims.holds_of(v, now_ms) => make()?,
        // The window's phase is part of the answer: a new phase is a new answer.
        _ => {
            let phase = opening.map(|o| format!("{} {:?}", o.queue_id(), o.phase)).unwrap_or_default();
            claims.answer(&format!("seat-view {from} {to} {phase}"), now_ms, make)?
        }
    };
    Ok(body)
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
                        class_name_bn: s.class_name_bn.clone(),
                        floor_name_bn: s.deck_name_bn.clone(),
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
