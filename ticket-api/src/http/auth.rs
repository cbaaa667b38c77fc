//! `POST /oauth/access_token` and the bearer check of every `/v1/api` call (DESIGN §3 "Auth").
//!
//! Tokens are signed, not stored: `base64url(client_id.expires_unix).base64url(hmac)`, so a check
//! costs one HMAC and no database round trip, and any server process holding the same secret
//! (`TOKEN_SECRET`) accepts them.

use axum::extract::{FromRequest, FromRequestParts, Request, State};
use axum::http::StatusCode;
use axum::http::request::Parts;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::{Form, Json};
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD as B64;
use core_wasm::contract::auth::{TokenRequest, TokenResponse};
use hmac::{Hmac, Mac};
use sha2::Sha256;

use crate::AppState;
use crate::error::ApiError;

type HmacSha256 = Hmac<Sha256>;

/// The public web client: no secret; no secret is ever shipped to the browser.
pub const PUBLIC_CLIENT: &str = "web";

/// A service account for the password grant (SPEC §7): client id and secret, user, password.
#[derive(Clone, PartialEq, Eq)]
pub struct ServiceAccount {
    pub client_id: String,
    pub client_secret: String,
    pub username: String,
    pub password: String,
}

impl std::fmt::Debug for ServiceAccount {
    /// The secrets never reach a log.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ServiceAccount").field("client_id", &self.client_id).field("username", &self.username).finish()
    }
}

#[derive(Clone)]
pub struct Tokens {
    /// The keyed MAC, cloned for each token.
    mac: HmacSha256,
    ttl_seconds: u32,
    accounts: Vec<ServiceAccount>,
}

impl std::fmt::Debug for Tokens {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Tokens").field("ttl_seconds", &self.ttl_seconds).finish_non_exhaustive()
    }
}

fn now_unix() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs())
}

/// Compares two byte strings in time that does not depend on where they differ.
fn same(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

impl Tokens {
    /// `None` only for an empty secret.
    pub fn new(secret: &[u8], ttl_seconds: u32, accounts: Vec<ServiceAccount>) -> Option<Tokens> {
        if secret.is_empty() {
            return None;
        }
        let mac = HmacSha256::new_from_slice(secret).ok()?;
        Some(Tokens { mac, ttl_seconds, accounts })
    }

    fn mac(&self, payload: &[u8]) -> Vec<u8> {
        let mut mac = self.mac.clone();
        mac.update(payload);
        mac.finalize().into_bytes().to_vec()
    }

    pub fn issue(&self, client_id: &str) -> TokenResponse {
        self.issue_at(client_id, now_unix())
    }

    fn issue_at(&self, client_id: &str, now: u64) -> TokenResponse {
        let payload = format!("{client_id}.{}", now + u64::from(self.ttl_seconds));
        let token = format!("{}.{}", B64.encode(payload.as_bytes()), B64.encode(self.mac(payload.as_bytes())));
        TokenResponse { access_token: token, token_type: "Bearer".into(), expires_in: self.ttl_seconds }
    }

    /// The client a token was issued to, if it is ours and not expired.
    pub fn verify(&self, token: &str) -> Option<String> {
        let (payload, mac) = token.split_once('.')?;
        let payload = B64.decode(payload).ok()?;
        if !same(&B64.decode(mac).ok()?, &self.mac(&payload)) {
            return None;
        }
        let payload = String::from_utf8(payload).ok()?;
        let (client, expires) = payload.rsplit_once('.')?;
        (expires.parse::<u64>().ok()? > now_unix()).then(|| client.to_owned())
    }

    /// Checks a token request: the public client, or a service account's password grant.
    pub fn grant(&self, request: &TokenRequest) -> Result<TokenResponse, OAuthError> {
        match request.grant_type.as_str() {
            "client_credentials" if request.client_id == PUBLIC_CLIENT => Ok(self.issue(PUBLIC_CLIENT)),
            "client_credentials" => Err(OAuthError::InvalidClient),
            "password" => {
                let matches = |a: &ServiceAccount| {
                    a.client_id == request.client_id
                        && same(a.client_secret.as_bytes(), request.client_secret.as_deref().unwrap_or("").as_bytes())
                        && a.username == request.username.as_deref().unwrap_or("")
                        && same(a.password.as_bytes(), request.password.as_deref().unwrap_or("").as_bytes())
                };
                if self.accounts.iter().any(matches) {
                    Ok(self.issue(&request.client_id))
                } else {
                    Err(OAuthError::InvalidGrant)
                }
            }
            _ => Err(OAuthError::UnsupportedGrantType),
        }
    }
}

/// RFC 6749 errors, answered as OAuth clients expect (not enveloped).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OAuthError {
    InvalidRequest,
    InvalidClient,
    InvalidGrant,
    UnsupportedGrantType,
}

impl IntoResponse for OAuthError {
    fn into_response(self) -> Response {
        let (status, code, description) = match self {
            OAuthError::InvalidRequest => {
                (StatusCode::BAD_REQUEST, "invalid_request", "grant_type and client_id are required")
            }
            OAuthError::InvalidClient => (StatusCode::UNAUTHORIZED, "invalid_client", "unknown client"),
            OAuthError::InvalidGrant => (StatusCode::BAD_REQUEST, "invalid_grant", "wrong credentials"),
            OAuthError::UnsupportedGrantType => {
                (StatusCode::BAD_REQUEST, "unsupported_grant_type", "use client_credentials or password")
            }
        };
        (status, Json(serde_json::json!({"error": code, "error_description": description}))).into_response()
    }
}

/// `POST /oauth/access_token`, JSON or form-encoded.
pub async fn access_token(State(state): State<AppState>, request: Request) -> Response {
    let is_json = request
        .headers()
        .get(axum::http::header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    let parsed: Option<TokenRequest> = if is_json {
        Json::<TokenRequest>::from_request(request, &state).await.ok().map(|Json(r)| r)
    } else {
        Form::<TokenRequest>::from_request(request, &state).await.ok().map(|Form(r)| r)
    };
    let Some(token_request) = parsed else {
        return OAuthError::InvalidRequest.into_response();
    };
    match state.tokens.grant(&token_request) {
        Ok(token) => ([(axum::http::header::CACHE_CONTROL, "no-store")], Json(token)).into_response(),
        Err(e) => e.into_response(),
    }
}

/// The bearer check in front of every `/v1/api` call.
pub async fn require_token(State(state): State<AppState>, request: Request, next: Next) -> Response {
    let token = request
        .headers()
        .get(axum::http::header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "));
    match token.and_then(|t| state.tokens.verify(t.trim())) {
        Some(_) => next.run(request).await,
        None => ApiError::Unauthorized.into_response(),
    }
}

/// The caller's client id, for handlers that want it (service accounts vs the public site).
#[derive(Debug, Clone)]
pub struct Caller(pub String);

impl FromRequestParts<AppState> for Caller {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Caller, ApiError> {
        parts
            .headers
            .get(axum::http::header::AUTHORIZATION)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.strip_prefix("Bearer "))
            .and_then(|t| state.tokens.verify(t.trim()))
            .map(Caller)
            .ok_or(ApiError::Unauthorized)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tokens() -> Tokens {
        Tokens::new(b"test secret", 60, vec![]).expect("a secret")
    }

    #[test]
    fn a_token_verifies_until_it_expires() {
        let t = tokens();
        let fresh = t.issue(PUBLIC_CLIENT);
        assert_eq!(t.verify(&fresh.access_token).as_deref(), Some(PUBLIC_CLIENT));
        let old = t.issue_at(PUBLIC_CLIENT, now_unix() - 61);
        assert_eq!(t.verify(&old.access_token), None);
    }

    #[test]
    fn a_tampered_or_foreign_token_is_refused() {
        let t = tokens();
        let token = t.issue(PUBLIC_CLIENT).access_token;
        let (payload, mac) = token.split_once('.').unwrap_or_default();
        let forged_payload = B64.encode(format!("admin.{}", now_unix() + 9999));
        assert_eq!(t.verify(&format!("{forged_payload}.{mac}")), None);
        let other = Tokens::new(b"other", 60, vec![]).expect("a secret");
        assert_eq!(other.verify(&token), None);
        assert_eq!(t.verify(payload), None);
        assert_eq!(t.verify("garbage"), None);
    }
}
