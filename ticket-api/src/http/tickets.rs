//! Ticket management calls: send-otp (by ticket), send-otp-by-phone, search-ticket,
//! cancel-ticket, and the demo's SMS outbox.

use axum::Json;
use axum::extract::State;
use core_wasm::contract::envelope::Envelope;
use core_wasm::contract::tickets::{
    CancelTicketRequest, CancelTicketResponse, ChangeTicketRequest, ChangeTicketResponse, SearchTicketRequest,
    SearchTicketResponse, SendOtpByPhoneRequest, SendOtpRequest, SendOtpResponse, TicketAction,
};

use crate::AppState;
use crate::domain::identity::Caller;
use crate::domain::otp::{self, Purpose};
use crate::domain::{access, changes, tickets};
use crate::error::ApiError;
use crate::http::client_address::ClientAddress;
use crate::http::extract::{At, Body, Speaks, ok};
use crate::store::otp::{self as outbox, OutboxMessage};

type Answer<T> = Result<Json<Envelope<T>>, ApiError>;

/// `common/send-otp`: an OTP to cancel a ticket or change its date, sent to the ticket's own phone; the ticket must
/// be the caller's, or one of a phone they proved.
pub async fn send_otp(
    State(state): State<AppState>,
    caller: Caller,
    ClientAddress(address): ClientAddress,
    Speaks(language): Speaks,
    Body(request): Body<SendOtpRequest>,
) -> Answer<SendOtpResponse> {
    let phone = access::ticket(&state, &caller, &request.ticket_id).await?.phone;
    let purpose = match request.action {
        TicketAction::Cancel => Purpose::Cancel,
        TicketAction::Change => Purpose::Change,
    };
    let wait = otp::send(&state, &phone, purpose, &address.to_string(), language).await?;
    Ok(ok(SendOtpResponse { resend_after_seconds: wait }))
}

/// `common/send-otp-by-phone`: an OTP to find the phone's tickets.
pub async fn send_otp_by_phone(
    State(state): State<AppState>,
    ClientAddress(address): ClientAddress,
    Speaks(language): Speaks,
    Body(request): Body<SendOtpByPhoneRequest>,
) -> Answer<SendOtpResponse> {
    let phone = tickets::phone(&request.phone)?;
    let wait = otp::send(&state, phone.as_str(), Purpose::Search, &address.to_string(), language).await?;
    Ok(ok(SendOtpResponse { resend_after_seconds: wait }))
}

/// `search-ticket`: the phone's tickets of the service, newest first, once the OTP is right; the
/// phone's tickets then open to the caller for a while (`access::GRANT_MS`).
pub async fn search_ticket(
    State(state): State<AppState>,
    At(service): At,
    caller: Caller,
    Body(request): Body<SearchTicketRequest>,
) -> Answer<SearchTicketResponse> {
    caller.check_named(None, request.anonymous_id.as_deref())?;
    let phone = tickets::phone(&request.phone)?;
    let found = tickets::search(&state, service, &phone, &request.otp_code).await?;
    access::grant_phone(&state, &caller, &phone).await?;
    Ok(ok(SearchTicketResponse { tickets: found }))
}

/// `cancel-ticket`: the configured policy (cut-off before departure, fee), seats released,
/// refund in the answer.
pub async fn cancel_ticket(
    State(state): State<AppState>,
    Body(request): Body<CancelTicketRequest>,
) -> Answer<CancelTicketResponse> {
    Ok(ok(tickets::cancel(&state, &request).await?))
}

/// `change-ticket` (issue 37): a ticket moved to the caller's pending booking on another date.
pub async fn change_ticket(
    State(state): State<AppState>,
    caller: Caller,
    Body(request): Body<ChangeTicketRequest>,
) -> Answer<ChangeTicketResponse> {
    Ok(ok(changes::change(&state, &caller, &request).await?))
}

/// `dev/sms-outbox` (demo mode only): the messages the site sent, newest first, so a demo (and
/// the browser tests) can read the OTP a traveller would get by SMS.
pub async fn outbox(State(state): State<AppState>) -> Answer<Vec<OutboxMessage>> {
    if !state.config.demo {
        return Err(ApiError::no_page());
    }
    Ok(ok(outbox::outbox(&state.pool, 50).await?))
}
