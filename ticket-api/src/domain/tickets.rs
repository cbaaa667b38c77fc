//! Tickets after the sale: find a phone's tickets with an OTP, cancel one with an OTP (the fee
//! and the cut-off of the policy it was sold under; a second cancel is refused, never refunded
//! twice). A ticket search never returns another phone's tickets.

use core_wasm::contract::tickets::{CancelTicketRequest, CancelTicketResponse, CancelledBy, Ticket, TicketStatus};
use core_wasm::phone::Phone;
use core_wasm::server_messages as say;
use core_wasm::service::Service;

use crate::AppState;
use crate::clock::now_unix_ms;
use crate::domain::otp::{self, Purpose};
use crate::domain::payments::{funds, refunds};
use crate::domain::{policies, views};
use crate::error::ApiError;
use crate::store::payments::RefundReason;
use crate::store::tickets::{self, TicketRow};

pub fn phone(input: &str) -> Result<Phone, ApiError> {
    Phone::parse(input).map_err(ApiError::bad)
}

/// The ticket with its booking.
pub async fn ticket_row(state: &AppState, ticket_id: &str) -> Result<TicketRow, ApiError> {
    tickets::by_id(&state.pool, ticket_id.trim()).await?.ok_or_else(|| ApiError::not_found(say::TICKET_NOT_FOUND))
}

/// The phone's tickets of the service, newest first, once the OTP is right.
pub async fn search(
    state: &AppState,
    service: Service,
    phone: &Phone,
    otp_code: &str,
) -> Result<Vec<Ticket>, ApiError> {
    otp::verify(state, phone.as_str(), Purpose::Search, otp_code).await?;
    let ids = tickets::ids_of_phone(&state.pool, phone.as_str(), service).await?;
    if ids.is_empty() {
        return Err(ApiError::not_found(say::NO_TICKET_FOR_PHONE));
    }
    let mut found = Vec::with_capacity(ids.len());
    for id in &ids {
        found.push(views::ticket(state, id).await?);
    }
    Ok(found)
}

/// Whether the booking was sold at a counter: its cash is handled at one.
pub async fn sold_at_counter(state: &AppState, booking_id: &str) -> Result<bool, ApiError> {
    let found: Option<i64> = sqlx::query_scalar("SELECT 1 FROM counter_sales WHERE booking_id = $1")
        .bind(booking_id)
        .fetch_optional(&state.pool)
        .await?;
    Ok(found.is_some())
}

/// The fee and refund of cancelling `ticket` now under the policy it was sold under (issue 37),
/// as the core counts it for the site before the traveller confirms, or why it cannot be: on
/// the web and at a counter alike.
pub(crate) fn cancel_amounts(ticket: &Ticket) -> Result<(i64, i64), ApiError> {
    let now = core_wasm::time::dhaka_now(now_unix_ms() as f64);
    let (Some(quote), Some(policy), Some(departs)) =
        (core_wasm::tickets::cancel_quote(ticket, now), ticket.policy.as_ref(), core_wasm::tickets::departs(ticket))
    else {
        return Err(ApiError::bad(say::ALREADY_CANCELLED));
    };
    policies::allowed(policy, quote, departs)
}

/// Cancels a ticket of the phone that proved itself with the OTP: seats released, refund after
/// the fee (the core's pricing).
pub async fn cancel(state: &AppState, request: &CancelTicketRequest) -> Result<CancelTicketResponse, ApiError> {
    let phone = phone(&request.phone)?;
    let row = ticket_row(state, &request.ticket_id).await?;
    if row.phone != phone.as_str() {
        // Another phone's ticket is not found, not "forbidden": nothing about it is told.
        return Err(ApiError::not_found(say::TICKET_NOT_FOUND));
    }
    // A counter's ticket was paid into a drawer: its cash comes back at a counter (issue 41).
    if sold_at_counter(state, &row.booking_id).await? {
        return Err(ApiError::bad(say::COUNTER_CANCEL));
    }
    let ticket = views::ticket(state, &row.id).await?;
    if ticket.payment_history.ticket_status != TicketStatus::Confirmed {
        return Err(ApiError::bad(say::ALREADY_CANCELLED));
    }
    cancel_amounts(&ticket)?;
    otp::verify(state, phone.as_str(), Purpose::Cancel, &request.otp_code).await?;
    // Counted again after the OTP: a traveller slow to type it may have crossed a slab.
    let (fee, refund) = cancel_amounts(&ticket)?;
    let write = state.claims.writing(&row.trip_id);
    let mut tx = state.pool.begin().await?;
    if !tickets::cancel(&mut *tx, &row.id, refund, CancelledBy::Traveller, now_unix_ms()).await? {
        // Two cancels raced: the other one won and refunded.
        tx.rollback().await?;
        return Err(ApiError::bad(say::ALREADY_CANCELLED));
    }
    crate::store::inventory::release(&mut tx, &write, &row.booking_id).await?;
    // The refund is asked of the gateways that took the money, and tracked until it is done.
    let refunds = funds::refund(&mut tx, &row.tnx_id, refund * 100, RefundReason::Cancelled, now_unix_ms()).await?;
    tx.commit().await?;
    write.committed();
    let refund_status = refunds::refund_all(state, &refunds).await?;
    Ok(CancelTicketResponse {
        ticket_status: TicketStatus::Cancelled,
        refund_amount: refund as f64,
        cancellation_fee: fee as f64,
        refund_status,
    })
}
