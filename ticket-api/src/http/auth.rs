//! `POST /oauth/access_token` and the bearer check of every `/v1/api` call (DESIGN §3 "Auth",
//! "Identity and ownership"). What a token says and how it is signed: `domain::tokens`.

use axum::extract::{FromRequest, FromRequestParts, Request, State};
use axum::http::StatusCode;
use axum::http::request::Parts;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::{Form, Json};
use core_wasm::contract::auth::TokenRequest;
use core_wasm::server_messages as say;

use crate::AppState;
use crate::domain::identity::{Caller, Login};
use crate::domain::tokens::{Bearer, OAuthError};
use crate::error::ApiError;
use crate::limits::Limit;

impl IntoResponse for OAuthError {
    fn into_response(self) -> Response {
        let (status, code, description) = match self {
            OAuthError::InvalidRequest => {
                (StatusCode::BAD_REQUEST, "invalid_request", "grant_type and client_id are required")
            }
            OAuthError::InvalidClient => (StatusCode::UNAUTHORIZED, "invalid_client", "unknown client"),
            OAuthError::InvalidGrant => (StatusCode::BAD_REQUEST, "invalid_grant", "wrong credentials"),
            OAuthError::UnsupportedGrantType => {
                (StatusCode::BAD_REQUEST, "unsupported_grant_type", "use client_credentials, refresh_token or password")
            }
            OAuthError::Unavailable => {
                (StatusCode::SERVICE_UNAVAILABLE, "temporarily_unavailable", "try again in a moment")
            }
        };
        (status, Json(serde_json::json!({"error": code, "error_description": description}))).into_response()
    }
}

/// `POST /oauth/access_token`, JSON or form-encoded.
pub async fn access_token(State(state): State<AppState>, request: Request) -> Response {
    let (parts, body) = request.into_parts();
    let address = crate::http::client_address::of_parts(&parts, &state);
    let request = Request::from_parts(parts, body);
    let parsed: Option<TokenRequest> = if crate::http::extract::is_json(request.headers()) {
        Json::<TokenRequest>::from_request(request, &state).await.ok().map(|Json(r)| r)
    } else {
        Form::<TokenRequest>::from_request(request, &state).await.ok().map(|Form(r)| r)
    };
    let Some(token_request) = parsed else {
        return OAuthError::InvalidRequest.into_response();
    };
    // A refresh counts against its visitor; anything else (a new visitor, a wrong refresh
    // token, a service account) against the address.
    let limited = match state.tokens.refreshing(&token_request) {
        Some(caller) => state.limits.check(Some(Limit::Refresh), address, Some(&caller)),
        None => state.limits.check(Some(Limit::Token), address, None),
    };
    if let Err(e) = limited {
        return e.into_response();
    }
    match state.tokens.grant(&token_request) {
        Ok(token) => ([(axum::http::header::CACHE_CONTROL, "no-store")], Json(token)).into_response(),
        Err(e) => e.into_response(),
    }
}

/// The bearer check in front of every `/v1/api` call: the token's [`Caller`] goes with the
/// request, for the layers and handlers after it. A login's token counts only while its
/// session stands in the store (401 'Your login has ended' once logged out or expired).
pub async fn require_token(State(state): State<AppState>, mut request: Request, next: Next) -> Response {
    let token = request
        .headers()
        .get(axum::http::header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "));
    let Some(Bearer { mut caller, session }) = token.and_then(|t| state.tokens.verify(t)) else {
        return ApiError::Unauthorized.into_response();
    };
    if let Some(claim) = session {
        match state.sessions.check(&state.pool, &claim, crate::clock::now_unix_ms()).await {
            Ok(Some(login)) => caller.login = Some(login),
            Ok(None) => return ApiError::NotLoggedIn(say::SESSION_ENDED.into()).into_response(),
            Err(e) => return ApiError::from(e).into_response(),
        }
    }
    request.extensions_mut().insert(caller);
    next.run(request).await
}

/// In front of the calls the table marks `login`: a visitor's token is refused before the call
/// runs (401, 'Please log in first').
pub async fn require_login(request: Request, next: Next) -> Response {
    match request.extensions().get::<Caller>() {
        Some(caller) if caller.login.is_some() => next.run(request).await,
        Some(_) => ApiError::NotLoggedIn(say::LOGIN_REQUIRED.into()).into_response(),
        None => ApiError::Unauthorized.into_response(),
    }
}

impl<S: Send + Sync> FromRequestParts<S> for Caller {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Caller, ApiError> {
        parts.extensions.get::<Caller>().cloned().ok_or(ApiError::Unauthorized)
    }
}

/// The login of a call for logged-in users; a visitor's token is refused (401).
impl<S: Send + Sync> FromRequestParts<S> for Login {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Login, ApiError> {
        let caller = parts.extensions.get::<Caller>().ok_or(ApiError::Unauthorized)?;
        caller.login.clone().ok_or_else(|| ApiError::NotLoggedIn(say::LOGIN_REQUIRED.into()))
    }
}
