//! Tickets after the sale: find a phone's tickets with an OTP, cancel one with an OTP (the
//! configured cut-off and fee; a second cancel is refused, never refunded twice). A ticket search
//! never returns another phone's tickets.

use core_wasm::contract::tickets::{CancelTicketRequest, CancelTicketResponse, Ticket, TicketStatus};
use core_wasm::phone::Phone;
use core_wasm::server_messages as say;
use core_wasm::service::Service;
use core_wasm::time::WireDateTime;

use crate::AppState;
use crate::clock::now_unix_ms;
use crate::domain::otp::{self, Purpose};
use crate::domain::views;
use crate::error::ApiError;
use crate::store::payments::{self, RefundReason};
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

/// Refuses a cancellation within the cut-off before `departs` (Dhaka wall clock): on the web
/// and at a counter alike.
pub(crate) fn before_cutoff(state: &AppState, departs: core_wasm::time::DateTime) -> Result<(), ApiError> {
    let now = core_wasm::time::dhaka_now(now_unix_ms() as f64);
    if now.minutes_until(departs) < i64::from(state.config.cancel_cutoff_hours) * 60 {
        let hours = state.config.cancel_cutoff_hours.to_string();
        return Err(ApiError::bad(say::CANCEL_CUTOFF.with(&[("hours", &hours)])));
    }
    Ok(())
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
    let at_counter: Option<i64> = sqlx::query_scalar("SELECT 1 FROM counter_sales WHERE booking_id = $1")
        .bind(&row.booking_id)
        .fetch_optional(&state.pool)
        .await?;
    if at_counter.is_some() {
        return Err(ApiError::bad(say::COUNTER_CANCEL));
    }
    let ticket = views::ticket(state, &row.id).await?;
    if ticket.payment_history.ticket_status != TicketStatus::Confirmed {
        return Err(ApiError::bad(say::ALREADY_CANCELLED));
    }
    let departs = ticket
        .departure_date_time
        .as_deref()
        .and_then(|w| WireDateTime::parse(w).ok())
        .map(|w| w.to_dhaka())
        .ok_or_else(|| ApiError::Internal("ticket without a departure".into()))?;
    before_cutoff(state, departs)?;
    otp::verify(state, phone.as_str(), Purpose::Cancel, &request.otp_code).await?;
    let core_wasm::pricing::Refund { fee, refund } =
        core_wasm::pricing::refund(row.amount, state.config.cancel_fee_percent);
    let write = state.claims.writing(&row.trip_id);
    let mut tx = state.pool.begin().await?;
    if !tickets::cancel(&mut *tx, &row.id, refund, now_unix_ms()).await? {
        // Two cancels raced: the other one won and refunded.
        tx.rollback().await?;
        return Err(ApiError::bad(say::ALREADY_CANCELLED));
    }
    crate::store::inventory::release(&mut tx, &write, &row.booking_id).await?;
    // The refund is asked of the gateway that took the money, and tracked until it is done.
    let session = payments::paying_session(&mut *tx, &row.tnx_id).await?;
    if let Some(session) = session.as_ref().filter(|_| refund > 0) {
        payments::request_refund(&mut *tx, session, refund * 100, RefundReason::Cancelled, now_unix_ms()).await?;
    }
    tx.commit().await?;
    write.committed();
    let refund_status = match session.filter(|_| refund > 0) {
        Some(session) => crate::domain::payments::refunds::refund_now(state, &session.id).await?,
        None => None,
    };
    Ok(CancelTicketResponse {
        ticket_status: TicketStatus::Cancelled,
        refund_amount: refund as f64,
        cancellation_fee: fee as f64,
        refund_status,
    })
}
