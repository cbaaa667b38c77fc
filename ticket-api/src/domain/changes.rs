//! A traveller changes a ticket's date (issue 37). The new seats are held and booked as any sale
//! (seat-lock, payment-pending: the caller's pending booking), then `change-ticket` moves the
//! ticket to that booking under the policy it was sold under: the same operator, route, stops
//! and number of seats; the fee kept; what is left of the old price counted towards the new.
//!
//! A trip costing no more than that is changed at once, in one transaction: the new seats sold,
//! the old ticket cancelled (its boarding code with it) and its seats released, the new ticket
//! issued, and the difference refunded through the gateways that took the money. A dearer trip
//! keeps the change on its booking and the gateway is asked for the difference only; the change
//! is made when that payment is issued (`issuing`), or, if the old ticket was cancelled
//! meanwhile, the payment goes back. Either way the old ticket's guarded cancel decides: a ticket
//! changes once, whatever races it.

use core_wasm::contract::booking::BookingStatus;
use core_wasm::contract::tickets::{ChangeTicketRequest, ChangeTicketResponse, Ticket, TicketStatus};
use core_wasm::policy::{ChangeQuote, PolicyRefusal};
use core_wasm::pricing::Taka;
use core_wasm::server_messages as say;
use core_wasm::time::DateTime;

use crate::AppState;
use crate::clock::now_unix_ms;
use crate::domain::identity::Caller;
use crate::domain::otp::{self, Purpose};
use crate::domain::payments::{exchange, issuing, refunds};
use crate::domain::trip::TripInfo;
use crate::domain::{access, policies, tickets as ticket_calls, views};
use crate::error::ApiError;
use crate::store::bookings;

/// What a change comes to, in taka.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Amounts {
    fee: Taka,
    credit: Taka,
    pay: Taka,
    refund: Taka,
}

/// `change-ticket`.
pub async fn change(
    state: &AppState,
    caller: &Caller,
    request: &ChangeTicketRequest,
) -> Result<ChangeTicketResponse, ApiError> {
    let phone = ticket_calls::phone(&request.phone)?;
    let row = ticket_calls::ticket_row(state, &request.ticket_id).await?;
    if row.phone != phone.as_str() {
        // Another phone's ticket is not found, not "forbidden": nothing about it is told.
        return Err(ApiError::not_found(say::TICKET_NOT_FOUND));
    }
    if ticket_calls::sold_at_counter(state, &row.booking_id).await? {
        return Err(ApiError::bad(say::COUNTER_CHANGE));
    }
    let booking = access::own_booking(state, caller, &request.tnx_id).await?;
    if booking.status != BookingStatus::Pending {
        return Err(ApiError::conflict(say::NOT_WAITING));
    }
    if booking.changes_ticket.as_deref().is_some_and(|t| t != row.id) {
        return Err(ApiError::conflict(say::CHANGE_BOOKING_FIXED));
    }
    let ticket = views::ticket(state, &row.id).await?;
    if ticket.payment_history.ticket_status != TicketStatus::Confirmed {
        return Err(ApiError::bad(say::ALREADY_CANCELLED));
    }
    let network = state.network.get(&state.pool).await?;
    let (old_trip, new_trip) = (
        TripInfo::find(&state.pool, &network, &row.trip_id).await?,
        TripInfo::find(&state.pool, &network, &booking.trip_id).await?,
    );
    new_trip.on_sale()?;
    let seats = bookings::seats(&state.pool, &booking.id).await?;
    let alike = old_trip.id != new_trip.id
        && old_trip.route_id == new_trip.route_id
        && old_trip.operator_id == new_trip.operator_id
        && (row.from_stop, row.to_stop) == (booking.from_stop, booking.to_stop)
        && row.seats.len() == seats.len();
    if !alike {
        return Err(ApiError::bad(say::CHANGE_OTHER_TRIP));
    }
    let to_departs = new_trip.leaves(booking.from_stop);
    amounts(&ticket, booking.amount, to_departs)?;
    otp::verify(state, phone.as_str(), Purpose::Change, &request.otp_code).await?;
    // Counted again after the OTP: a traveller slow to type it may have crossed the cut-off.
    let due = amounts(&ticket, booking.amount, to_departs)?;
    let answer = |ticket_id, refund_status| ChangeTicketResponse {
        fee: due.fee as f64,
        credit: due.credit as f64,
        pay: due.pay as f64,
        refund: due.refund as f64,
        ticket_id,
        refund_status,
    };
    if due.pay > 0 {
        // The gateway is asked for the difference; the change is made when it is paid.
        if !bookings::mark_change(&state.pool, &booking.id, &row.id, due.credit, due.fee).await? {
            return Err(ApiError::conflict(say::CHANGE_BOOKING_FIXED));
        }
        return Ok(answer(None, None));
    }
    let now = now_unix_ms();
    let mut tx = state.pool.begin().await?;
    // The booking's row first, as issuing takes it: its payment, a seat removed or a promo wait.
    let Some(mut booking) = bookings::lock_pending(&mut *tx, &booking.id).await? else {
        tx.rollback().await?;
        return Err(ApiError::conflict(say::NOT_WAITING));
    };
    bookings::mark_change(&mut *tx, &booking.id, &row.id, due.credit, due.fee).await?;
    (booking.changes_ticket, booking.credit, booking.change_fee) = (Some(row.id.clone()), due.credit, due.fee);
    let write = state.claims.writing(&booking.trip_id);
    if issuing::claim_sold(&mut tx, &write, &booking, now).await?.is_err() {
        tx.rollback().await?;
        return Err(ApiError::conflict(say::HOLD_OVER));
    }
    let Some(retired) = exchange::retire(state, &mut tx, &booking, &row.id, None, due.refund, now).await? else {
        tx.rollback().await?;
        return Err(ApiError::bad(say::ALREADY_CANCELLED));
    };
    let ticket_id = issuing::ticket_writes(&mut tx, &booking, now).await?;
    exchange::link(&mut tx, &row.id, &ticket_id).await?;
    tx.commit().await?;
    write.committed();
    retired.write.committed();
    tracing::info!(old = row.id, new = ticket_id, refund = due.refund, "a ticket's date changed");
    let refund_status = refunds::refund_all(state, &retired.refunds).await?;
    Ok(answer(Some(ticket_id), refund_status))
}

/// The amounts of changing `ticket` to a trip leaving at `to_departs` for `new_amount`, by the
/// policy it was sold under, or why not.
fn amounts(ticket: &Ticket, new_amount: Taka, to_departs: DateTime) -> Result<Amounts, ApiError> {
    let now = core_wasm::time::dhaka_now(now_unix_ms() as f64);
    let (Some(quote), Some(policy), Some(departs)) = (
        core_wasm::tickets::change_quote(ticket, new_amount, to_departs, now),
        ticket.policy.as_ref(),
        core_wasm::tickets::departs(ticket),
    ) else {
        return Err(ApiError::bad(say::ALREADY_CANCELLED));
    };
    match quote {
        ChangeQuote::Allowed { fee, credit, pay, refund, .. } => Ok(Amounts { fee, credit, pay, refund }),
        ChangeQuote::Refused { reason: PolicyRefusal::Departed, .. } => Err(ApiError::bad(say::CHANGE_DEPARTED)),
        ChangeQuote::Refused { reason: PolicyRefusal::NotOffered, .. } => Err(ApiError::bad(say::CHANGE_NOT_OFFERED)),
        ChangeQuote::Refused { reason: PolicyRefusal::NotInPeriod, .. } => {
            // The old date's period, or else the new one's.
            let period = [departs, to_departs].into_iter().find_map(|at| core_wasm::policy::period_of(policy, at));
            Err(ApiError::bad(say::CHANGE_PERIOD.with(&[("period", &policies::period_name(period))])))
        }
        ChangeQuote::Refused { reason: PolicyRefusal::TooLate, .. } => {
            let hours = policy.reschedule.as_ref().map_or(0, |r| r.hours).to_string();
            Err(ApiError::bad(say::CHANGE_CUTOFF.with(&[("hours", &hours)])))
        }
    }
}
