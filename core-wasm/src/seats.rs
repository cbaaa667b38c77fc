//! Seat plans and seat choice (SPEC §3 seat views, §4 "Seat booked marking").

use serde::{Deserialize, Serialize};

use crate::contract::seats::{BusSeat, BusSeatPlan, LaunchCell, LaunchSeatPlan, SeatStatus};
use crate::message::Message;

/// At most this many seats in one booking.
pub const MAX_SEATS: usize = 4;

pub const TOO_MANY: Message = Message::new("seats.max", "You can select at most 4 seats");
pub const UNAVAILABLE: Message = Message::new("seats.unavailable", "This seat is not available");
pub const POINTS_FIRST: Message = Message::new("seats.pointsRequired", "Choose boarding and dropping points first");
pub const LADIES_ONLY: Message = Message::new(
    "seats.ladiesOnly",
    "Ladies seats are for female passengers only: choose other seats, or book them for a woman",
);

/// The ladies-seat rule: seats marked 'Ladies' (`isLadies`) are set aside for women travellers,
/// so a booking with one of them needs a female passenger. The site checks it before payment;
/// the server refuses the booking.
pub fn ladies_problem(has_ladies_seat: bool, gender: crate::contract::booking::Gender) -> Option<Message> {
    (has_ladies_seat && gender != crate::contract::booking::Gender::Female).then_some(LADIES_ONLY)
}

fn same(a: &str, b: &str) -> bool {
    a.trim().eq_ignore_ascii_case(b.trim())
}

/// The chosen boarding and dropping points, when both are chosen.
fn pair<'a>(boarding: Option<&'a str>, dropping: Option<&'a str>) -> Option<(&'a str, &'a str)> {
    match (boarding, dropping) {
        (Some(b), Some(d)) if !b.trim().is_empty() && !d.trim().is_empty() => Some((b, d)),
        _ => None,
    }
}

/// A seat's status and fare as shown for the chosen points: the matching fare entry where the
/// seat's fares differ by segment, else the seat's own. Until both points are chosen, a
/// segment-priced seat shows its own status and fare (the seat view's, for the searched cities),
/// and a tap on it asks for the points first (`choose`); with points that have no entry, it is
/// not for sale for that choice.
pub fn seat_offer(seat: &BusSeat, boarding: Option<&str>, dropping: Option<&str>) -> (SeatStatus, Option<f64>) {
    match (seat.fare_list.as_deref(), pair(boarding, dropping)) {
        (Some(list), Some((b, d))) if !list.is_empty() => {
            match list.iter().find(|e| same(&e.boarding_point, b) && same(&e.dropping_point, d)) {
                Some(e) if seat.status == SeatStatus::Available => (e.status, e.fare.or(seat.fare)),
                Some(_) => (seat.status, None),
                None => (SeatStatus::Blocked, None),
            }
        }
        _ => (seat.status, seat.fare),
    }
}

fn decks_mut(plan: &mut BusSeatPlan) -> impl Iterator<Item = &mut BusSeat> {
    plan.seat_list.iter_mut().chain(plan.upper_deck_seat_list.iter_mut()).chain(plan.lower_deck_seat_list.iter_mut())
}

/// Marks a seat booked on every deck it appears in. Where the seat has a fare list and both
/// points are chosen, only the fare entry for those points is marked (the seat stays free for
/// other segments); if no entry matches, nothing changes.
pub fn mark_booked(
    mut plan: BusSeatPlan,
    seat_no: &str,
    boarding: Option<&str>,
    dropping: Option<&str>,
) -> BusSeatPlan {
    let chosen = pair(boarding, dropping);
    for seat in decks_mut(&mut plan).filter(|s| same(&s.seat_no, seat_no)) {
        match (seat.fare_list.as_mut(), chosen) {
            (Some(list), Some((b, d))) if !list.is_empty() => {
                for entry in list.iter_mut() {
                    if same(&entry.boarding_point, b) && same(&entry.dropping_point, d) {
                        entry.status = SeatStatus::Booked;
                    }
                }
            }
            _ => seat.status = SeatStatus::Booked,
        }
    }
    plan
}

/// Marks a launch seat or cabin taken in every class it appears in.
pub fn mark_launch_booked(mut plan: LaunchSeatPlan, seat_no: &str) -> LaunchSeatPlan {
    let cells = plan.class_wise_seat_plan.iter_mut().flat_map(|c| c.seats.iter_mut().flatten());
    for cell in cells.filter(|c| c.seat_no.as_deref().is_some_and(|n| same(n, seat_no))) {
        cell.available = false;
    }
    plan
}

/// A seat in the traveller's choice.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct ChosenSeat {
    pub seat_no: String,
    pub fare: Option<f64>,
    /// Launch: the class the seat or cabin belongs to.
    pub class_id: Option<String>,
}

/// The traveller's seat choice and the last problem with it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
#[serde(rename_all = "camelCase", default)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct SeatChoice {
    pub seats: Vec<ChosenSeat>,
    pub problem: Option<Message>,
    /// Total fare of the chosen seats, in TK.
    pub total: f64,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub enum SeatEvent {
    /// A tap on a bus seat, with the points chosen at that moment.
    #[serde(rename_all = "camelCase")]
    ToggleBusSeat { seat: BusSeat, boarding_point: Option<String>, dropping_point: Option<String> },
    /// A tap on a launch seat or cabin; `classFare` is the class's fare when the cell has none.
    #[serde(rename_all = "camelCase")]
    ToggleLaunchSeat { class_id: String, cell: LaunchCell, class_fare: Option<f64> },
    /// Drop one seat (another visitor took it, or the traveller removed it).
    #[serde(rename_all = "camelCase")]
    Remove { seat_no: String },
    /// Start over (points changed, hold expired).
    Clear,
}

/// The seat-choice reducer: a tap selects a free seat or deselects a chosen one; a fifth seat,
/// a taken seat, or a segment-priced seat before the points are chosen is refused with a
/// message and changes nothing else.
pub fn choose(state: SeatChoice, event: SeatEvent) -> SeatChoice {
    let mut seats = state.seats;
    let toggle = |seats: &mut Vec<ChosenSeat>, seat: ChosenSeat, offer: Result<(), Message>| {
        if let Some(i) = seats.iter().position(|s| s.seat_no == seat.seat_no) {
            seats.remove(i);
            return None;
        }
        if let Err(problem) = offer {
            return Some(problem);
        }
        if seats.len() >= MAX_SEATS {
            return Some(TOO_MANY);
        }
        seats.push(seat);
        None
    };
    let problem = match event {
        SeatEvent::ToggleBusSeat { seat, boarding_point, dropping_point } => {
            let (b, d) = (boarding_point.as_deref(), dropping_point.as_deref());
            let (status, fare) = seat_offer(&seat, b, d);
            let needs_points = seat.fare_list.as_ref().is_some_and(|l| !l.is_empty()) && pair(b, d).is_none();
            let offer = match status {
                _ if needs_points => Err(POINTS_FIRST),
                SeatStatus::Available => Ok(()),
                _ => Err(UNAVAILABLE),
            };
            toggle(&mut seats, ChosenSeat { seat_no: seat.seat_no, fare, class_id: None }, offer)
        }
        SeatEvent::ToggleLaunchSeat { class_id, cell, class_fare } => match cell.seat_no {
            Some(seat_no) => {
                let offer = if cell.available { Ok(()) } else { Err(UNAVAILABLE) };
                let chosen = ChosenSeat { seat_no, fare: cell.fare.or(class_fare), class_id: Some(class_id) };
                toggle(&mut seats, chosen, offer)
            }
            None => None,
        },
        SeatEvent::Remove { seat_no } => {
            seats.retain(|s| s.seat_no != seat_no);
            None
        }
        SeatEvent::Clear => {
            seats.clear();
            None
        }
    };
    let total = seats.iter().filter_map(|s| s.fare).sum();
    SeatChoice { seats, problem, total }
}
