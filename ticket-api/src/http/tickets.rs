//! Ticket management calls: send-otp (by ticket), send-otp-by-phone, search-ticket,
//! cancel-ticket, and the demo's SMS outbox.

use axum::Json;
use axum::extract::State;
use axum::http::HeaderMap;
use core_wasm::contract::envelope::Envelope;
use core_wasm::contract::tickets::{
    CancelTicketRequest, CancelTicketResponse, SearchTicketRequest, SearchTicketResponse, SendOtpByPhoneRequest,
    SendOtpRequest, SendOtpResponse,
};

use crate::AppState;
use crate::domain::otp::{self, Purpose};
use crate::domain::tickets;
use crate::error::ApiError;
use crate::http::extract::{At, Body, ok};
use crate::store::otp::{self as outbox, OutboxMessage};

type Answer<T> = Result<Json<Envelope<T>>, ApiError>;

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

/// `common/send-otp`: an OTP to cancel a ticket, sent to the ticket's own phone.
pub async fn send_otp(
    State(state): State<AppState>,
    headers: HeaderMap,
    Body(request): Body<SendOtpRequest>,
) -> Answer<SendOtpResponse> {
    let phone = tickets::ticket_row(&state, &request.ticket_id).await?.phone;
    let wait = otp::send(&state.pool, &state.config.token_secret, &phone, Purpose::Cancel, &address(&headers)).await?;
    Ok(ok(SendOtpResponse { resend_after_seconds: wait }))
}

/// `common/send-otp-by-phone`: an OTP to find the phone's tickets.
pub async fn send_otp_by_phone(
    State(state): State<AppState>,
    headers: HeaderMap,
    Body(request): Body<SendOtpByPhoneRequest>,
) -> Answer<SendOtpResponse> {
    let phone = tickets::phone(&request.phone)?;
    let wait =
        otp::send(&state.pool, &state.config.token_secret, phone.as_str(), Purpose::Search, &address(&headers)).await?;
    Ok(ok(SendOtpResponse { resend_after_seconds: wait }))
}

/// `search-ticket`: the phone's tickets of the service, newest first, once the OTP is right.
pub async fn search_ticket(
    State(state): State<AppState>,
    At(service): At,
    Body(request): Body<SearchTicketRequest>,
) -> Answer<SearchTicketResponse> {
    let phone = tickets::phone(&request.phone)?;
    Ok(ok(SearchTicketResponse { tickets: tickets::search(&state, service, &phone, &request.otp_code).await? }))
}

/// `cancel-ticket`: the configured policy (cut-off before departure, fee), seats released,
/// refund in the answer.
pub async fn cancel_ticket(
    State(state): State<AppState>,
    Body(request): Body<CancelTicketRequest>,
) -> Answer<CancelTicketResponse> {
    Ok(ok(tickets::cancel(&state, &request).await?))
}

/// `dev/sms-outbox` (demo mode only): the messages the site sent, newest first, so a demo (and
/// the browser tests) can read the OTP a traveller would get by SMS.
pub async fn outbox(State(state): State<AppState>) -> Answer<Vec<OutboxMessage>> {
    if !state.config.demo {
        return Err(ApiError::no_page());
    }
    Ok(ok(outbox::outbox(&state.pool, 50).await?))
}
