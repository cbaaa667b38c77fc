//! The booking rules of both services: hold seats, book them for a passenger, choose a gateway,
//! drop a seat from a pending launch booking (DESIGN §3). Issuing the ticket once paid is the
//! payments' (`payments::issuing`).
//!
//! Every amount comes from the core's pricing; every statement from the store layer.

use core_wasm::contract::booking::{
    BookingStatus, PaymentPendingRequest, SeatLockRequest, SeatLockResponse, SeatRemoveRequest, SeatRemoveResponse,
    UpdateGatewayRequest, UpdateGatewayResponse,
};
use core_wasm::email::Email;
use core_wasm::phone::Phone;
use core_wasm::pricing::{self, Quote};
use core_wasm::server_messages::{self as say, Said};
use core_wasm::service::Service;

use crate::AppState;
use crate::clock::{now_unix_ms, wire_instant};
use crate::domain::access;
use crate::domain::identity::{Caller, Owner};
use crate::domain::network::Network;
use crate::domain::trip::TripInfo;
use crate::domain::views::{self, BookingAnswer};
use crate::domain::{payments, policies};
use crate::error::ApiError;
use crate::ids::{new_id, new_tnx_id};
use crate::language::Language;
use crate::store::bookings::{self, BookingRow, BookingStanding};
use crate::store::claims::ClaimState;
use crate::store::holds::{self, HeldSeats, HoldRow};
use crate::store::inventory::{self, Claim, ClaimError};
use crate::store::pool::{Tx, Writes};
use crate::waiting_room::Turned;
use crate::waiting_room::admission::Refusal;

/// The chosen seats: 1 to 4, no repeats, all on the coach or ship.
pub(crate) fn checked_seats(network: &Network, trip: &TripInfo, seats: &[String]) -> Result<Vec<String>, ApiError> {
    let seats: Vec<String> = seats.iter().map(|s| s.trim().to_owned()).collect();
    if seats.is_empty() {
        return Err(ApiError::bad(say::NO_SEAT));
    }
    if seats.len() > core_wasm::seats::MAX_SEATS {
        return Err(ApiError::bad(core_wasm::seats::TOO_MANY));
    }
    let mut unique = seats.clone();
    unique.sort();
    unique.dedup();
    if unique.len() != seats.len() {
        return Err(ApiError::bad(say::SEAT_TWICE));
    }
    let known = trip.seats(network);
    let unknown: Vec<Said> = seats
        .iter()
        .filter(|s| !known.iter().any(|k| &k.seat_no == *s))
        .map(|s| say::SEAT_UNKNOWN.with(&[("seat", s)]))
        .collect();
    if !unknown.is_empty() {
        return Err(ApiError::BadRequest(unknown));
    }
    Ok(seats)
}

/// A trip's fares in the timetable, as the core's pricing reads them.
struct TripFares<'a> {
    network: &'a Network,
    trip: &'a TripInfo,
}

impl pricing::FareTable for TripFares<'_> {
    fn fare(&self, class: &str, from: i64, to: i64) -> Option<pricing::Taka> {
        self.trip.fare(self.network, class, from, to)
    }
}

/// What seats cost over stops `[from, to)` with `discount`, by the core's pricing.
fn price(
    network: &Network,
    trip: &TripInfo,
    seats: &[String],
    from: i64,
    to: i64,
    discount: pricing::Taka,
) -> Result<Quote, ApiError> {
    Ok(pricing::quote(trip.service, &seat_fares(network, trip, seats, from, to)?, discount))
}

/// Each seat's fare over stops `[from, to)`, by the core's pricing; a seat without a fare is
/// refused by name.
pub(crate) fn seat_fares(
    network: &Network,
    trip: &TripInfo,
    seats: &[String],
    from: i64,
    to: i64,
) -> Result<Vec<pricing::Taka>, ApiError> {
    let layout = trip.seats(network);
    let chosen: Vec<pricing::ChosenSeat<'_>> = seats
        .iter()
        .map(|seat| {
            let class = layout.iter().find(|s| &s.seat_no == seat).map_or("", |s| s.seat_class.as_str());
            pricing::ChosenSeat { seat_no: seat, class }
        })
        .collect();
    pricing::seat_fares(&TripFares { network, trip }, &chosen, from, to)
        .map_err(|no_fare| ApiError::bad(say::SEAT_NO_FARE.with(&[("seat", &no_fare.seat_no)])))
}

/// Refuses a trip that has left the traveller's boarding stop: no hold, booking or sale.
pub(crate) fn not_departed(trip: &TripInfo, from_stop: i64, now_ms: i64) -> Result<(), ApiError> {
    if trip.has_left(from_stop, now_ms) {
        return Err(ApiError::conflict(say::TRIP_DEPARTED));
    }
    Ok(())
}

/// The caps on holding (DESIGN §3 "Holds"): at most `HOLD_SEATS_PER_VISITOR` seats held by one
/// visitor and `HOLD_SEATS_PER_ADDRESS` from one client address, the seats of this trip's hold
/// (which the new lock replaces) not counted. `held` is counted under the quota locks
/// (`holds::lock_quotas`), so that locks sent together cannot all pass.
fn within_caps(config: &crate::config::Config, held: HeldSeats, seats: usize) -> Result<(), ApiError> {
    let seats = seats as i64;
    let cap = i64::from(config.hold_seats_per_visitor);
    if held.by_visitor + seats > cap {
        return Err(ApiError::conflict(say::HOLD_VISITOR_CAP.with(&[("seats", &cap.to_string())])));
    }
    if held.from_address + seats > i64::from(config.hold_seats_per_address) {
        return Err(ApiError::TooMany(say::HOLD_ADDRESS_CAP.into(), u64::from(config.hold_seconds)));
    }
    Ok(())
}

/// How far back holds that ended unpaid are counted against their owner.
const UNPAID_WINDOW_MS: i64 = 60 * 60 * 1000;
/// Holds ended unpaid within [`UNPAID_WINDOW_MS`] that an owner may let go before being slowed.
const UNPAID_FREE: i64 = 2;
/// How long each hold ended unpaid past [`UNPAID_FREE`] makes its owner wait, from the last.
const UNPAID_WAIT_MS: i64 = 5 * 60 * 1000;

/// Refuses the churn that kept a coach unavailable (issue 39, 6): fresh visitor tokens from one
/// address taking again, at once, the seats another of its holds kept to the life cap (a seat
/// so held from an address cools for as long as a hold's life, for that address's other
/// visitors: the visitor itself is kept off the trip by its first lock's time); and an owner
/// who keeps letting holds run out unpaid waits a little longer each time. An honest neighbour
/// behind the same carrier address is refused only those few seats, and only for a while.
fn no_churn(churn: &holds::Churn, seats: &[String], life_ms: i64, now_ms: i64) -> Result<(), ApiError> {
    let mut cooling: Vec<&str> =
        churn.cooling.iter().filter(|(seat, _)| seats.contains(seat)).map(|(seat, _)| seat.as_str()).collect();
    if !cooling.is_empty() {
        cooling.sort_unstable();
        cooling.dedup();
        let until = churn.cooling.iter().map(|(_, ended)| ended + life_ms).max().unwrap_or(now_ms);
        let minutes = ((until - now_ms).max(0) + 59_999) / 60_000;
        return Err(ApiError::conflict(
            say::HOLD_COOLING.with(&[("seat", &cooling.join(", ")), ("minutes", &minutes.max(1).to_string())]),
        ));
    }
    if churn.unpaid > UNPAID_FREE {
        let until = churn.last_unpaid_end.unwrap_or(now_ms) + (churn.unpaid - UNPAID_FREE) * UNPAID_WAIT_MS;
        if until > now_ms {
            let seconds = (until - now_ms + 999) / 1000;
            let minutes = ((seconds + 59) / 60).to_string();
            return Err(ApiError::TooMany(say::HOLD_SLOW_DOWN.with(&[("minutes", &minutes)]), seconds as u64));
        }
    }
    Ok(())
}

/// When a hold made or renewed at `now_ms` ends: a hold's time from now, but never past the cap
/// on its whole life from the first lock.
fn hold_end(config: &crate::config::Config, first_locked_at: i64, now_ms: i64) -> i64 {
    (now_ms + i64::from(config.hold_seconds) * 1000).min(first_locked_at + i64::from(config.hold_max_seconds) * 1000)
}

/// `seat-lock`: holds the seats for the visitor, replacing their earlier hold on the trip. A seat
/// someone else holds or bought on any leg of the journey refuses the whole lock (409). A
/// re-lock keeps the first lock's time: however often renewed, a hold ends at its cap
/// (`HOLD_MAX_SECONDS`), and the visitor cannot hold the trip again until as long again has
/// passed (409 'Your time to book these seats is over').
/// The queue a seat-lock goes through: none when no sale window covers the trip now; else the
/// visitor's admission must be good for the window's opening under way, or they are sent to the
/// queue (429: the site shows the waiting room).
fn through_queue(
    state: &AppState,
    trip: &TripInfo,
    queued_as: &str,
    admission: Option<&str>,
    now_ms: i64,
) -> Result<Option<String>, ApiError> {
    let opening = trip.opening(&state.waiting_room, now_ms);
    state.waiting_room.gate(opening, queued_as, &trip.id, admission, now_ms).map_err(|turned| {
        let said = match turned {
            Turned::NoAdmission { .. } => say::QUEUE_REQUIRED,
            Turned::Refused(Refusal::Expired) => say::QUEUE_ADMISSION_ENDED,
            Turned::Refused(Refusal::NotYours | Refusal::Forged) => say::QUEUE_ADMISSION_INVALID,
        };
        ApiError::TooMany(said.into(), 5)
    })
}

pub async fn lock_seats(
    state: &AppState,
    service: Service,
    who: &Owner,
    queued_as: &str,
    address: &str,
    request: &SeatLockRequest,
) -> Result<SeatLockResponse, ApiError> {
    let network = state.network.get(&state.pool).await?;
    let trip = TripInfo::find_for(&state.pool, &network, service, &request.trip_id).await?;
    // An Eid sale window's trips are held only with the visitor's turn in its queue.
    let queue = through_queue(state, &trip, queued_as, request.admission.as_deref(), now_unix_ms())?;
    let (from, to) = trip
        .segment(
            state,
            request.boarding_point.as_deref(),
            request.dropping_point.as_deref(),
            request.from.as_deref(),
            request.to.as_deref(),
        )
        .await?;
    let seats = checked_seats(&network, &trip, &request.seats)?;
    let now = now_unix_ms();
    not_departed(&trip, from, now)?;
    let mut hold = HoldRow {
        id: new_id("hold")?,
        trip_id: trip.id.clone(),
        visitor: who.as_str().to_owned(),
        from_stop: from,
        to_stop: to,
        boarding_point: request.boarding_point.clone(),
        dropping_point: request.dropping_point.clone(),
        expires_at: 0,
        created_at: now,
        first_locked_at: now,
        client_address: address.to_owned(),
    };

    let write = state.claims.writing(&trip.id);
    let mut tx = state.pool.begin().await?;
    // The trip's expired claims swept and the caps' locks taken, together (store::writes), then
    // what the caps count read under the locks.
    let mut first = Writes::new();
    inventory::reclaim_expired(&mut first, &write, now)?;
    holds::lock_quotas(&mut first, &tx, &hold.visitor, &hold.client_address)?;
    first.run_in(&mut tx).await?;
    let before = holds::before_lock(&mut tx, &hold.visitor, &hold.client_address, &trip.id, now).await?;
    within_caps(&state.config, before.held, seats.len())?;
    let life_ms = i64::from(state.config.hold_max_seconds) * 1000;
    let churn =
        holds::churn(&mut tx, &hold.visitor, &hold.client_address, &trip.id, now, life_ms, UNPAID_WINDOW_MS).await?;
    no_churn(&churn, &seats, life_ms, now)?;
    // Re-locking replaces the visitor's own hold on this trip and keeps its first lock's time,
    // for the hold's life and as long again after it: a hold that reached its cap cannot be
    // taken afresh the moment it ends (others get their turn at the seats first).
    for old in before.replaced {
        if old.first_locked_at + 2 * life_ms > now {
            hold.first_locked_at = hold.first_locked_at.min(old.first_locked_at);
        }
        inventory::release(&mut tx, &write, &old.id).await?;
        // Not with the new hold's insert below: one statement writes a table once.
        let mut gone = Writes::new();
        holds::delete(&mut gone, &old.id)?;
        gone.run_in(&mut tx).await?;
    }
    hold.expires_at = hold_end(&state.config, hold.first_locked_at, now);
    if hold.expires_at <= now {
        tx.rollback().await?;
        return Err(ApiError::conflict(say::HOLD_OVER));
    }
    // The operator's online quota is counted under the trip's lock, with the claim after it.
    if !inventory::within_online_quota(&mut tx, &write, from, to, seats.len() as i64).await? {
        tx.rollback().await?;
        return Err(ApiError::conflict(say::COUNTER_ONLY));
    }
    let claim = Claim {
        seats: &seats,
        from_stop: from,
        to_stop: to,
        claim_id: &hold.id,
        state: ClaimState::Held,
        expires_at: Some(hold.expires_at),
    };
    match inventory::insert(&mut tx, &write, &claim).await {
        Ok(()) => {}
        Err(ClaimError::Taken(taken)) => {
            tx.rollback().await?;
            return Err(ApiError::SeatsTaken(taken));
        }
        Err(ClaimError::Store(e)) => return Err(e.into()),
    }
    // The hold and its seats: written last, together (store::writes), once its claim is in.
    let mut writes = Writes::new();
    holds::insert(&mut writes, &hold, &seats)?;
    writes.run_in(&mut tx).await?;
    tx.commit().await?;
    write.committed();
    if let Some(queue_id) = queue {
        // The turn was used: not a no-show. The seats are held whatever this answers.
        if let Err(e) = state.waiting_room.held(&queue_id, queued_as).await {
            tracing::warn!(error = %e, queue = %queue_id, "could not note a held seat in the queue");
        }
    }
    Ok(SeatLockResponse {
        trip_id: trip.id,
        seats,
        expires_at: wire_instant(hold.expires_at),
        hold_seconds: state.config.hold_seconds,
    })
}

/// The passenger's details (the name as the core's rule trims it), each problem named.
fn passenger(request: &PaymentPendingRequest) -> Result<(&str, Phone, Option<Email>), ApiError> {
    let mut problems = Vec::new();
    let name = core_wasm::passenger::check_name(&request.name).map_err(|wrong| problems.push(wrong.into())).ok();
    let phone = Phone::parse(&request.phone).map_err(|m| problems.push(m.into())).ok();
    let email = match request.email.as_deref().map(str::trim).filter(|e| !e.is_empty()) {
        None => None,
        Some(e) => Email::parse(e).map_err(|m| problems.push(m.into())).ok(),
    };
    match (name, phone) {
        (Some(name), Some(phone)) if problems.is_empty() => Ok((name, phone, email)),
        _ => Err(ApiError::BadRequest(problems)),
    }
}

/// A live hold on the trip that owner `from` made after its login had moved its holds to `to`
/// (a seat-lock sent with the visitor's token while the login was answered), given to `to`.
async fn adopted(
    state: &AppState,
    trip_id: &str,
    from: &Owner,
    to: &Owner,
    now_ms: i64,
) -> Result<Option<(HoldRow, Vec<String>)>, ApiError> {
    let write = state.claims.writing(trip_id);
    let mut tx = state.pool.begin().await?;
    let moved = holds::adopt(&mut tx, trip_id, from.as_str(), to.as_str(), now_ms).await?;
    tx.commit().await?;
    write.committed();
    if !moved {
        return Ok(None);
    }
    Ok(holds::live_of_visitor(&state.pool, trip_id, to.as_str(), now_ms).await?)
}

/// `payment-pending` (and launch `passenger-details-payment`): a pending booking of the
/// visitor's live hold, priced, its hold renewed for the gateway session. A logged-in traveller's
/// hold may still be their visitor's (`logged_in_from`), made while they logged in: it is theirs.
pub async fn book(
    state: &AppState,
    service: Service,
    who: &Owner,
    logged_in_from: Option<&Owner>,
    request: &PaymentPendingRequest,
    language: Language,
) -> Result<BookingAnswer, ApiError> {
    let (name, phone, email) = passenger(request)?;
    let network = state.network.get(&state.pool).await?;
    let trip = TripInfo::find_for(&state.pool, &network, service, &request.trip_id).await?;
    let now = now_unix_ms();
    let live = match (holds::live_of_visitor(&state.pool, &trip.id, who.as_str(), now).await?, logged_in_from) {
        (None, Some(visitor)) => adopted(state, &trip.id, visitor, who, now).await?,
        (live, _) => live,
    };
    let (hold, held) = live.ok_or_else(|| ApiError::conflict(say::HOLD_EXPIRED))?;
    not_departed(&trip, hold.from_stop, now)?;
    let mut asked: Vec<&str> = request.seats.iter().map(|s| s.trim()).collect();
    let mut sorted_held: Vec<&str> = held.iter().map(String::as_str).collect();
    asked.sort_unstable();
    sorted_held.sort_unstable();
    if asked != sorted_held {
        return Err(ApiError::bad(say::SEATS_NOT_HELD));
    }
    let layout = trip.seats(&network);
    let has_ladies_seat = held.iter().any(|seat| layout.iter().any(|s| &s.seat_no == seat && s.is_ladies));
    if let Some(problem) = core_wasm::seats::ladies_problem(has_ladies_seat, request.gender) {
        return Err(ApiError::bad(problem));
    }
    let quote = price(&network, &trip, &held, hold.from_stop, hold.to_stop, 0)?;
    // Renewed for the gateway session, within the hold's whole-life cap.
    let hold_until = hold_end(&state.config, hold.first_locked_at, now);
    let booking = BookingRow {
        id: new_id("booking")?,
        tnx_id: new_tnx_id()?,
        service,
        trip_id: trip.id.clone(),
        hold_id: hold.id.clone(),
        visitor: who.as_str().to_owned(),
        from_stop: hold.from_stop,
        to_stop: hold.to_stop,
        boarding_point: hold.boarding_point,
        dropping_point: hold.dropping_point,
        passenger_name: name.to_owned(),
        phone: phone.as_str().to_owned(),
        email: email.map(|e| e.as_str().to_owned()),
        gender: request.gender,
        sub_total: quote.sub_total,
        discount: quote.discount,
        promo_code: None,
        service_charge: quote.service_charge,
        gateway_commission: quote.commission,
        amount: quote.amount,
        status: BookingStatus::Pending,
        created_at: now,
        paid_at: None,
        policy: Some(policies::for_sale(
            &state.config,
            network.operators.get(&trip.operator_id).and_then(|o| o.policy.as_deref()),
        )),
        language: Some(language.tag().to_owned()),
        changes_ticket: None,
        credit: 0,
        change_fee: 0,
    };
    let write = state.claims.writing(&trip.id);
    // The gateway session must not outlive the hold: renew it for the payment. Nothing is read
    // between these writes, so on PostgreSQL they are one statement (store::writes).
    let mut writes = Writes::new();
    inventory::extend_hold(&mut writes, &write, &hold.id, hold_until)?;
    holds::set_expiry(&mut writes, &hold.id, hold_until)?;
    bookings::insert(&mut writes, &booking, &held)?;
    writes.run(&state.pool).await?;
    write.committed();
    views::new_booking(state, booking, held, hold_until).await
}

/// The caller's own booking, still waiting for payment with its hold live: a pending booking
/// ends with its hold.
pub async fn pending(state: &AppState, caller: &Caller, tnx_id: &str) -> Result<BookingRow, ApiError> {
    let found = bookings::standing_by_tnx(&state.pool, tnx_id.trim()).await?;
    let BookingStanding { booking, hold_expires_at, .. } = access::own(caller, found)?;
    if booking.status != BookingStatus::Pending {
        return Err(ApiError::conflict(say::NOT_WAITING));
    }
    if hold_expires_at.is_none_or(|end| end <= now_unix_ms()) {
        return Err(ApiError::conflict(say::HOLD_EXPIRED));
    }
    Ok(booking)
}

/// `update-gateway`: a session at the chosen gateway for the booking's amount as it stands now
/// (a promo or seat change afterwards needs a new session: the gateway is paid what the session
/// froze, and a session whose amount is no longer the booking's is refunded, not ticketed).
pub async fn choose_gateway(
    state: &AppState,
    caller: &Caller,
    request: &UpdateGatewayRequest,
) -> Result<UpdateGatewayResponse, ApiError> {
    let booking = pending(state, caller, &request.tnx_id).await?;
    let session = payments::open_session(state, &booking, request.gateway.trim()).await?;
    Ok(UpdateGatewayResponse {
        redirect_url: session.redirect_url.unwrap_or_default(),
        gateway: session.gateway,
        amount: Some(session.amount as f64),
        promo_discount: booking.promo_code.map(|_| booking.discount as f64),
    })
}

/// Launch `payment-seat-remove`: one seat dropped from a pending booking, its claim released,
/// the amounts priced again (a promo's discount stays, never more than the remaining fares).
/// The last seat cannot be removed (cancel the payment instead). The seats and the discount are
/// read under the booking's row ([`bookings::lock_pending`]): two removals at once, or a removal
/// beside a promo or the payment, each see what the other left.
pub async fn remove_seat(
    state: &AppState,
    caller: &Caller,
    request: &SeatRemoveRequest,
) -> Result<SeatRemoveResponse, ApiError> {
    let booking = pending(state, caller, &request.tnx_id).await?;
    let seat = request.seat_no.trim();
    let network = state.network.get(&state.pool).await?;
    let trip = TripInfo::find(&state.pool, &network, &booking.trip_id).await?;
    let write = state.claims.writing(&trip.id);
    // A refusal below drops the transaction, which rolls it back.
    let mut tx = state.pool.begin().await?;
    let booking = lock_to_reprice(&mut tx, &booking.id).await?;
    let mut seats = bookings::seats(&mut *tx, &booking.id).await?;
    let index = seats
        .iter()
        .position(|s| s == seat)
        .ok_or_else(|| ApiError::bad(say::SEAT_NOT_BOOKED.with(&[("seat", seat)])))?;
    if seats.len() == 1 {
        return Err(ApiError::bad(say::LAST_SEAT));
    }
    seats.remove(index);
    let quote = price(&network, &trip, &seats, booking.from_stop, booking.to_stop, booking.discount)?;
    bookings::reprice(&mut tx, &booking.id, &seats, &quote).await?;
    inventory::release_seat(&mut tx, &write, &booking.hold_id, seat).await?;
    holds::remove_seat(&mut *tx, &booking.hold_id, seat).await?;
    tx.commit().await?;
    write.committed();
    Ok(SeatRemoveResponse {
        seat_no: seats,
        sub_total: quote.sub_total as f64,
        discount: quote.discount as f64,
        amount: quote.amount as f64,
        service_charge: quote.service_charge as f64,
        payment_gateway_commission: quote.commission as f64,
    })
}

/// A pending booking's row taken for the transaction to change its seats or price; refused once
/// it is a ticket's new date (issue 37): what the change brings was counted on its price.
pub(crate) async fn lock_to_reprice(tx: &mut Tx, booking_id: &str) -> Result<BookingRow, ApiError> {
    let booking =
        bookings::lock_pending(&mut **tx, booking_id).await?.ok_or_else(|| ApiError::conflict(say::NOT_WAITING))?;
    if booking.changes_ticket.is_some() {
        return Err(ApiError::conflict(say::CHANGE_BOOKING_FIXED));
    }
    Ok(booking)
}
