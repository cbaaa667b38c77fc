//! The account calls (issue 13): login-otp, login, me, logout, my-tickets. Extract, call the
//! domain, answer.

use axum::Json;
use axum::extract::State;
use core_wasm::contract::accounts::{
    LoginOtpRequest, LoginRequest, LoginResponse, LogoutResponse, Me, MyTicketsRequest, MyTicketsResponse,
};
use core_wasm::contract::envelope::Envelope;
use core_wasm::contract::tickets::SendOtpResponse;

use crate::AppState;
use crate::domain::accounts;
use crate::domain::identity::{Caller, Login};
use crate::error::ApiError;
use crate::http::client_address::ClientAddress;
use crate::http::extract::{Body, Speaks, ok};

type Answer<T> = Result<Json<Envelope<T>>, ApiError>;

/// `common/login-otp`: a code to log in, sent to the phone.
pub async fn login_otp(
    State(state): State<AppState>,
    ClientAddress(address): ClientAddress,
    Speaks(language): Speaks,
    Body(request): Body<LoginOtpRequest>,
) -> Answer<SendOtpResponse> {
    let wait = accounts::send_code(&state, &request.phone, &address.to_string(), language).await?;
    Ok(ok(SendOtpResponse { resend_after_seconds: wait }))
}

/// `common/login`: with the visitor's token, the phone and its code; a user token.
pub async fn login(
    State(state): State<AppState>,
    caller: Caller,
    Body(request): Body<LoginRequest>,
) -> Answer<LoginResponse> {
    Ok(ok(accounts::log_in(&state, &caller, &request).await?))
}

/// `common/me`.
pub async fn me(State(state): State<AppState>, login: Login) -> Answer<Me> {
    Ok(ok(accounts::me(&state, &login).await?))
}

/// `common/logout`: whatever the body (it names nothing).
pub async fn logout(State(state): State<AppState>, login: Login) -> Answer<LogoutResponse> {
    accounts::log_out(&state, &login).await?;
    Ok(ok(LogoutResponse { logged_out: true }))
}

/// `common/my-tickets`.
pub async fn my_tickets(
    State(state): State<AppState>,
    caller: Caller,
    login: Login,
    Body(request): Body<MyTicketsRequest>,
) -> Answer<MyTicketsResponse> {
    caller.check_named(request.user_id.as_deref(), request.anonymous_id.as_deref())?;
    Ok(ok(MyTicketsResponse { tickets: accounts::my_tickets(&state, &login).await? }))
}
