//! `POST /oauth/access_token` and the bearer check of every `/v1/api` call (DESIGN §3 "Auth",
//! "Identity and ownership").
//!
//! Tokens are signed, not stored: `base64url(claims).base64url(hmac)` with the claims as JSON
//! (kind, client, subject, expiry), so a check costs one HMAC and no database round trip, and any
//! server process holding the same secret (`TOKEN_SECRET`) accepts them.
//!
//! The public client's grant makes a new visitor: a random id the server chose, the token's
//! subject. With it comes a refresh token (RFC 6749 §6, [`REFRESH_TTL_SECONDS`]), so an expired
//! access token is renewed for the same visitor: a traveller whose token runs out mid-booking
//! keeps their hold and their bookings.

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
use serde::{Deserialize, Serialize};
use sha2::Sha256;

use crate::AppState;
pub use crate::domain::identity::{Caller, PUBLIC_CLIENT};
use crate::error::ApiError;
use crate::ids::{NoRandomness, random_bytes};

type HmacSha256 = Hmac<Sha256>;

/// How long a visitor's refresh token lasts: a visitor who comes back within it is the same
/// visitor (their bookings are theirs); each refresh starts the time again.
pub const REFRESH_TTL_SECONDS: u64 = 30 * 24 * 60 * 60;

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

/// What a token says. An access token opens the API; a refresh token only gets a new access
/// token for the same caller.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
enum Kind {
    #[serde(rename = "a")]
    Access,
    #[serde(rename = "r")]
    Refresh,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
struct Claims {
    #[serde(rename = "k")]
    kind: Kind,
    #[serde(rename = "c")]
    client: String,
    #[serde(rename = "s")]
    subject: String,
    #[serde(rename = "e")]
    expires: u64,
}

/// A new visitor id: 128 random bits, URL-safe.
pub fn new_visitor_id() -> Result<String, NoRandomness> {
    Ok(B64.encode(random_bytes::<16>()?))
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

    fn sign(&self, claims: &Claims) -> String {
        // Serialising a struct of strings and numbers cannot fail.
        let payload = serde_json::to_vec(claims).unwrap_or_default();
        format!("{}.{}", B64.encode(&payload), B64.encode(self.mac(&payload)))
    }

    fn read(&self, token: &str, kind: Kind) -> Option<Claims> {
        let (payload, mac) = token.trim().split_once('.')?;
        let payload = B64.decode(payload).ok()?;
        if !same(&B64.decode(mac).ok()?, &self.mac(&payload)) {
            return None;
        }
        let claims: Claims = serde_json::from_slice(&payload).ok()?;
        (claims.kind == kind && claims.expires > now_unix()).then_some(claims)
    }

    /// An access token for `caller`, with a refresh token for the public client's visitors.
    pub fn issue(&self, caller: &Caller) -> TokenResponse {
        self.issue_at(caller, now_unix())
    }

    fn issue_at(&self, caller: &Caller, now: u64) -> TokenResponse {
        let claims =
            |kind, expires| Claims { kind, client: caller.client.clone(), subject: caller.subject.clone(), expires };
        let access = self.sign(&claims(Kind::Access, now + u64::from(self.ttl_seconds)));
        let public = caller.is_public();
        TokenResponse {
            access_token: access,
            token_type: "Bearer".into(),
            expires_in: self.ttl_seconds,
            refresh_token: public.then(|| self.sign(&claims(Kind::Refresh, now + REFRESH_TTL_SECONDS))),
            visitor_id: public.then(|| caller.subject.clone()),
        }
    }

    /// A token for a new visitor of the public site.
    pub fn new_visitor(&self) -> Result<TokenResponse, NoRandomness> {
        Ok(self.issue(&Caller { client: PUBLIC_CLIENT.into(), subject: new_visitor_id()? }))
    }

    /// Who holds `token`, if it is one of our access tokens and not expired.
    pub fn verify(&self, token: &str) -> Option<Caller> {
        self.read(token, Kind::Access).map(|c| Caller { client: c.client, subject: c.subject })
    }

    /// Checks a token request: the public client (a new visitor), a refresh (the same one), or
    /// a service account's password grant.
    pub fn grant(&self, request: &TokenRequest) -> Result<TokenResponse, OAuthError> {
        match request.grant_type.as_str() {
            "client_credentials" if request.client_id == PUBLIC_CLIENT => {
                self.new_visitor().map_err(|_| OAuthError::Unavailable)
            }
            "client_credentials" => Err(OAuthError::InvalidClient),
            "refresh_token" => {
                let claims = request
                    .refresh_token
                    .as_deref()
                    .and_then(|t| self.read(t, Kind::Refresh))
                    .filter(|c| c.client == request.client_id)
                    .ok_or(OAuthError::InvalidGrant)?;
                Ok(self.issue(&Caller { client: claims.client, subject: claims.subject }))
            }
            "password" => {
                let matches = |a: &&ServiceAccount| {
                    a.client_id == request.client_id
                        && same(a.client_secret.as_bytes(), request.client_secret.as_deref().unwrap_or("").as_bytes())
                        && a.username == request.username.as_deref().unwrap_or("")
                        && same(a.password.as_bytes(), request.password.as_deref().unwrap_or("").as_bytes())
                };
                let account = self.accounts.iter().find(matches).ok_or(OAuthError::InvalidGrant)?;
                Ok(self.issue(&Caller { client: account.client_id.clone(), subject: account.username.clone() }))
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
    /// No randomness for a new visitor id: try again.
    Unavailable,
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
    let parsed: Option<TokenRequest> = if crate::http::extract::is_json(request.headers()) {
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

/// The bearer check in front of every `/v1/api` call: the token's [`Caller`] goes with the
/// request, for the layers and handlers after it.
pub async fn require_token(State(state): State<AppState>, mut request: Request, next: Next) -> Response {
    let token = request
        .headers()
        .get(axum::http::header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "));
    match token.and_then(|t| state.tokens.verify(t)) {
        Some(caller) => {
            request.extensions_mut().insert(caller);
            next.run(request).await
        }
        None => ApiError::Unauthorized.into_response(),
    }
}

impl<S: Send + Sync> FromRequestParts<S> for Caller {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Caller, ApiError> {
        parts.extensions.get::<Caller>().cloned().ok_or(ApiError::Unauthorized)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tokens() -> Tokens {
        Tokens::new(b"test secret", 60, vec![]).expect("a secret")
    }

    fn visitor(id: &str) -> Caller {
        Caller { client: PUBLIC_CLIENT.into(), subject: id.into() }
    }

    #[test]
    fn a_token_verifies_until_it_expires() {
        let t = tokens();
        let fresh = t.issue(&visitor("v1"));
        assert_eq!(t.verify(&fresh.access_token), Some(visitor("v1")));
        let old = t.issue_at(&visitor("v1"), now_unix() - 61);
        assert_eq!(t.verify(&old.access_token), None);
    }

    #[test]
    fn a_tampered_or_foreign_token_is_refused() {
        let t = tokens();
        let token = t.issue(&visitor("v1")).access_token;
        let (payload, mac) = token.split_once('.').unwrap_or_default();
        let forged = B64.encode(format!(r#"{{"k":"a","c":"web","s":"v2","e":{}}}"#, now_unix() + 9999));
        assert_eq!(t.verify(&format!("{forged}.{mac}")), None);
        let other = Tokens::new(b"other", 60, vec![]).expect("a secret");
        assert_eq!(other.verify(&token), None);
        assert_eq!(t.verify(payload), None);
        assert_eq!(t.verify("garbage"), None);
    }

    #[test]
    fn each_public_grant_is_a_new_visitor_kept_by_its_refresh_token() {
        let t = tokens();
        let public = TokenRequest::public_client();
        let (a, b) = (t.grant(&public).unwrap(), t.grant(&public).unwrap());
        let (va, vb) = (t.verify(&a.access_token).unwrap(), t.verify(&b.access_token).unwrap());
        assert_ne!(va, vb);
        assert_eq!(a.visitor_id.as_deref(), Some(va.subject.as_str()));
        let refresh = TokenRequest {
            grant_type: "refresh_token".into(),
            refresh_token: a.refresh_token.clone(),
            ..TokenRequest::public_client()
        };
        let renewed = t.grant(&refresh).unwrap();
        assert_eq!(t.verify(&renewed.access_token), Some(va));
        // A refresh token opens nothing by itself, and an access token refreshes nothing.
        assert_eq!(t.verify(a.refresh_token.as_deref().unwrap()), None);
        let wrong = TokenRequest { refresh_token: Some(a.access_token), ..refresh };
        assert_eq!(t.grant(&wrong), Err(OAuthError::InvalidGrant));
    }
}
