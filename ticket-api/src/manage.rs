//! Ticket management: send-otp (by ticket), send-otp-by-phone, search-ticket, cancel-ticket, and
//! the demo's SMS outbox. A ticket search never returns another phone's tickets.

use axum::Json;
use axum::extract::State;
use axum::http::HeaderMap;
use core_wasm::contract::envelope::Envelope;
use core_wasm::contract::tickets::{
    CancelTicketRequest, CancelTicketResponse, SearchTicketRequest, SearchTicketResponse, SendOtpByPhoneRequest,
    SendOtpRequest, SendOtpResponse, Ticket, TicketStatus,
};
use core_wasm::phone::Phone;
use core_wasm::time::WireDateTime;
use serde::Serialize;
use sqlx::Row;

use crate::AppState;
use crate::booking::ticket_view;
use crate::error::ApiError;
use crate::otp::{self, Purpose};
use crate::wire::At;
use crate::wire::{Body, now_unix_ms, ok};

/// The client's address for the daily OTP cap: the first X-Forwarded-For hop behind a proxy,
/// else one shared bucket for direct connections.
fn address(headers: &HeaderMap) -> String {
    headers
        .get("x-forwarded-for")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(',').next())
        .map(|v| v.trim().to_owned())
        .filter(|v| !v.is_empty())
        .unwrap_or_else(|| "direct".to_owned())
}

fn phone(input: &str) -> Result<Phone, ApiError> {
    Phone::parse(input).map_err(|m| ApiError::bad(m.text))
}

/// The phone a ticket was booked with.
async fn ticket_phone(state: &AppState, ticket_id: &str) -> Result<String, ApiError> {
    let row = sqlx::query("SELECT b.phone FROM tickets t JOIN bookings b ON b.id = t.booking_id WHERE t.id = $1")
        .bind(ticket_id.trim())
        .fetch_optional(&state.pool)
        .await?
        .ok_or_else(|| ApiError::not_found("Ticket not found"))?;
    Ok(row.try_get("phone")?)
}

/// `common/send-otp`: an OTP to cancel a ticket, sent to the ticket's own phone.
pub async fn send_otp(
    State(state): State<AppState>,
    headers: HeaderMap,
    Body(request): Body<SendOtpRequest>,
) -> Result<Json<Envelope<SendOtpResponse>>, ApiError> {
    let phone = ticket_phone(&state, &request.ticket_id).await?;
    let wait = otp::send(&state.pool, &state.config.token_secret, &phone, Purpose::Cancel, &address(&headers)).await?;
    Ok(ok(SendOtpResponse { resend_after_seconds: wait }))
}

/// `common/send-otp-by-phone`: an OTP to find the phone's tickets.
pub async fn send_otp_by_phone(
    State(state): State<AppState>,
    headers: HeaderMap,
    Body(request): Body<SendOtpByPhoneRequest>,
) -> Result<Json<Envelope<SendOtpResponse>>, ApiError> {
    let phone = phone(&request.phone)?;
    let wait =
        otp::send(&state.pool, &state.config.token_secret, phone.as_str(), Purpose::Search, &address(&headers)).await?;
    Ok(ok(SendOtpResponse { resend_after_seconds: wait }))
}

/// `search-ticket`: the phone's tickets of the service, newest first, once the OTP is right.
pub async fn search_ticket(
    State(state): State<AppState>,
    At(service): At,
    Body(request): Body<SearchTicketRequest>,
) -> Result<Json<Envelope<SearchTicketResponse>>, ApiError> {
    let phone = phone(&request.phone)?;
    otp::verify(&state.pool, &state.config.token_secret, phone.as_str(), Purpose::Search, &request.otp_code).await?;
    let ids: Vec<String> = sqlx::query(
        "SELECT t.id FROM tickets t JOIN bookings b ON b.id = t.booking_id WHERE b.phone = $1 AND b.service = $2 \
         ORDER BY t.issued_at DESC, t.id",
    )
    .bind(phone.as_str())
    .bind(crate::content::service_key(service))
    .fetch_all(&state.pool)
    .await?
    .iter()
    .map(|r| r.try_get::<String, _>("id"))
    .collect::<Result<_, _>>()?;
    if ids.is_empty() {
        return Err(ApiError::not_found("No ticket found for this phone"));
    }
    let mut tickets: Vec<Ticket> = Vec::with_capacity(ids.len());
    for id in &ids {
        tickets.push(ticket_view(&state.pool, id).await?);
    }
    Ok(ok(SearchTicketResponse { tickets }))
}

/// `cancel-ticket`: the configured policy (cut-off before departure, fee), seats released,
/// refund in the answer. A second cancel is refused, never refunded twice.
pub async fn cancel_ticket(
    State(state): State<AppState>,
    Body(request): Body<CancelTicketRequest>,
) -> Result<Json<Envelope<CancelTicketResponse>>, ApiError> {
    let phone = phone(&request.phone)?;
    if ticket_phone(&state, &request.ticket_id).await? != phone.as_str() {
        // Another phone's ticket is not found, not "forbidden": nothing about it is told.
        return Err(ApiError::not_found("Ticket not found"));
    }
    let ticket = ticket_view(&state.pool, request.ticket_id.trim()).await?;
    if ticket.payment_history.ticket_status != TicketStatus::Confirmed {
        return Err(ApiError::bad("This ticket is already cancelled"));
    }
    let departs = ticket
        .departure_date_time
        .as_deref()
        .and_then(|w| WireDateTime::parse(w).ok())
        .map(|w| w.to_dhaka())
        .ok_or_else(|| ApiError::Internal("ticket without a departure".into()))?;
    let now = core_wasm::time::dhaka_now(now_unix_ms() as f64);
    if now.minutes_until(departs) < i64::from(state.config.cancel_cutoff_hours) * 60 {
        return Err(ApiError::bad(format!(
            "Tickets can be cancelled until {} hours before departure",
            state.config.cancel_cutoff_hours
        )));
    }
    otp::verify(&state.pool, &state.config.token_secret, phone.as_str(), Purpose::Cancel, &request.otp_code).await?;
    let paid = ticket.payment_history.paid_amount.unwrap_or(0.0) as i64;
    let refund = core_wasm::pricing::refund(paid, state.config.cancel_fee_percent).refund;
    let mut tx = state.pool.begin().await?;
    let changed = sqlx::query(
        "UPDATE tickets SET status = 'cancelled', cancelled_at = $1, refund_amount = $2 WHERE id = $3 AND status = 'confirmed'",
    )
    .bind(now_unix_ms())
    .bind(refund)
    .bind(&ticket.id)
    .execute(&mut *tx)
    .await?;
    if changed.rows_affected() != 1 {
        // Two cancels raced: the other one won and refunded.
        tx.rollback().await?;
        return Err(ApiError::bad("This ticket is already cancelled"));
    }
    let booking =
        sqlx::query("SELECT b.id, b.trip_id FROM tickets t JOIN bookings b ON b.id = t.booking_id WHERE t.id = $1")
            .bind(&ticket.id)
            .fetch_one(&mut *tx)
            .await?;
    let write = state.claims.writing(&booking.try_get::<String, _>("trip_id")?);
    crate::inventory::release(&mut tx, &write, &booking.try_get::<String, _>("id")?).await?;
    tx.commit().await?;
    Ok(ok(CancelTicketResponse { ticket_status: TicketStatus::Cancelled, refund_amount: refund as f64 }))
}

#[derive(Debug, Serialize)]
pub struct OutboxMessage {
    pub phone: String,
    pub body: String,
    #[serde(rename = "createdAt")]
    pub created_at: i64,
}

/// `dev/sms-outbox` (demo mode only): the messages the site sent, newest first, so a demo (and
/// the browser tests) can read the OTP a traveller would get by SMS.
pub async fn outbox(State(state): State<AppState>) -> Result<Json<Envelope<Vec<OutboxMessage>>>, ApiError> {
    if !state.config.demo {
        return Err(ApiError::not_found(crate::error::PAGE_NOT_FOUND));
    }
    let rows = sqlx::query("SELECT phone, body, created_at FROM sms_outbox ORDER BY created_at DESC, id LIMIT 50")
        .fetch_all(&state.pool)
        .await?;
    let messages = rows
        .iter()
        .map(|r| {
            Ok(OutboxMessage {
                phone: r.try_get("phone")?,
                body: r.try_get("body")?,
                created_at: r.try_get("created_at")?,
            })
        })
        .collect::<Result<_, sqlx::Error>>()?;
    Ok(ok(messages))
}
