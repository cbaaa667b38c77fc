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
use core_wasm::server_messages as say;
use core_wasm::time::WireDateTime;
use serde::Serialize;
use sqlx::Row;

use crate::AppState;
use crate::domain::views;
use crate::error::ApiError;
use crate::otp::{self, Purpose};
use crate::store::tickets::{self, TicketRow};
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
    Phone::parse(input).map_err(ApiError::bad)
}

/// The ticket with its booking.
async fn ticket_row(state: &AppState, ticket_id: &str) -> Result<TicketRow, ApiError> {
    tickets::by_id(&state.pool, ticket_id.trim()).await?.ok_or_else(|| ApiError::not_found(say::TICKET_NOT_FOUND))
}

/// `common/send-otp`: an OTP to cancel a ticket, sent to the ticket's own phone.
pub async fn send_otp(
    State(state): State<AppState>,
    headers: HeaderMap,
    Body(request): Body<SendOtpRequest>,
) -> Result<Json<Envelope<SendOtpResponse>>, ApiError> {
    let phone = ticket_row(&state, &request.ticket_id).await?.phone;
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
    let ids = tickets::ids_of_phone(&state.pool, phone.as_str(), service).await?;
    if ids.is_empty() {
        return Err(ApiError::not_found(say::NO_TICKET_FOR_PHONE));
    }
    let mut tickets: Vec<Ticket> = Vec::with_capacity(ids.len());
    for id in &ids {
        tickets.push(views::ticket(&state.pool, id).await?);
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
    let row = ticket_row(&state, &request.ticket_id).await?;
    if row.phone != phone.as_str() {
        // Another phone's ticket is not found, not "forbidden": nothing about it is told.
        return Err(ApiError::not_found(say::TICKET_NOT_FOUND));
    }
    let ticket = views::ticket(&state.pool, &row.id).await?;
    if ticket.payment_history.ticket_status != TicketStatus::Confirmed {
        return Err(ApiError::bad(say::ALREADY_CANCELLED));
    }
    let departs = ticket
        .departure_date_time
        .as_deref()
        .and_then(|w| WireDateTime::parse(w).ok())
        .map(|w| w.to_dhaka())
        .ok_or_else(|| ApiError::Internal("ticket without a departure".into()))?;
    let now = core_wasm::time::dhaka_now(now_unix_ms() as f64);
    if now.minutes_until(departs) < i64::from(state.config.cancel_cutoff_hours) * 60 {
        return Err(ApiError::bad(
            say::CANCEL_CUTOFF.with(&[("hours", &state.config.cancel_cutoff_hours.to_string())]),
        ));
    }
    otp::verify(&state.pool, &state.config.token_secret, phone.as_str(), Purpose::Cancel, &request.otp_code).await?;
    let paid = ticket.payment_history.paid_amount.unwrap_or(0.0) as i64;
    let refund = core_wasm::pricing::refund(paid, state.config.cancel_fee_percent).refund;
    let write = state.claims.writing(&row.trip_id);
    let mut tx = state.pool.begin().await?;
    if !tickets::cancel(&mut *tx, &row.id, refund, now_unix_ms()).await? {
        // Two cancels raced: the other one won and refunded.
        tx.rollback().await?;
        return Err(ApiError::bad(say::ALREADY_CANCELLED));
    }
    crate::inventory::release(&mut tx, &write, &row.booking_id).await?;
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
        return Err(ApiError::no_page());
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
