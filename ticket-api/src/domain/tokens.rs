//! Bearer tokens (DESIGN §3 "Auth", "Identity and ownership"): what they say, how they are
//! signed and checked, and the grants of `POST /oauth/access_token` (served by `http::auth`).
//!
//! Tokens are signed, not stored: `base64url(claims).base64url(hmac)` with the claims as JSON
//! (kind, client, subject, expiry), so a check costs one HMAC and no database round trip, and any
//! server process holding the same secret (`TOKEN_SECRET`) accepts them.
//!
//! The public client's grant makes a new visitor: a random id the server chose, the token's
//! subject. With it comes a refresh token (RFC 6749 §6, [`REFRESH_TTL_SECONDS`]), so an expired
//! access token is renewed for the same visitor: a traveller whose token runs out mid-booking
//! keeps their hold and their bookings.
//!
//! A login (`common/login`, issue 13) issues an access token that also names the user and their
//! session (claims `u` and `i`, absent from every other token, so tokens issued before logins
//! existed read as they did). Such a token is signed like any other, but is not believed on its
//! signature alone: `http::auth::require_token` asks the store (`domain::sessions`) that its
//! session has not ended, so a logout takes effect at once.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD as B64;
use core_wasm::contract::auth::{TokenRequest, TokenResponse};
use serde::{Deserialize, Serialize};

use crate::domain::identity::{Caller, PUBLIC_CLIENT};
use crate::domain::sessions::SessionClaim;
use crate::ids::{NoRandomness, random_bytes};
use crate::sealed::Sealer;

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
    /// Signs and reads the tokens.
    sealer: Sealer,
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
pub(crate) fn same(a: &[u8], b: &[u8]) -> bool {
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

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
struct Claims {
    #[serde(rename = "k")]
    kind: Kind,
    #[serde(rename = "c")]
    client: String,
    #[serde(rename = "s")]
    subject: String,
    #[serde(rename = "e")]
    expires: u64,
    /// A logged-in visitor's user (with `session`); absent otherwise.
    #[serde(rename = "u", default, skip_serializing_if = "Option::is_none")]
    user: Option<String>,
    /// The login's session, checked in the store on every call.
    #[serde(rename = "i", default, skip_serializing_if = "Option::is_none")]
    session: Option<String>,
}

/// What a valid access token says: its caller (without the login, which only the store can
/// confirm) and, for a logged-in visitor, the session to check.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bearer {
    pub caller: Caller,
    pub session: Option<SessionClaim>,
}

/// A new visitor id: 128 random bits, URL-safe.
pub fn new_visitor_id() -> Result<String, NoRandomness> {
    Ok(B64.encode(random_bytes::<16>()?))
}

impl Tokens {
    /// `None` only for an empty secret.
    pub fn new(secret: &[u8], ttl_seconds: u32, accounts: Vec<ServiceAccount>) -> Option<Tokens> {
        let sealer = Sealer::new(secret, b"")?;
        Some(Tokens { sealer, ttl_seconds, accounts })
    }

    fn sign(&self, claims: &Claims) -> String {
        self.sealer.seal(claims)
    }

    fn read(&self, token: &str, kind: Kind) -> Option<Claims> {
        let claims: Claims = self.sealer.open(token)?;
        (claims.kind == kind && claims.expires > now_unix()).then_some(claims)
    }

    /// An access token for `caller`, with a refresh token for the public client's visitors.
    pub fn issue(&self, caller: &Caller) -> TokenResponse {
        self.issue_at(caller, now_unix())
    }

    fn issue_at(&self, caller: &Caller, now: u64) -> TokenResponse {
        let claims = |kind, expires| Claims {
            kind,
            client: caller.client.clone(),
            subject: caller.subject.clone(),
            expires,
            user: None,
            session: None,
        };
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
        Ok(self.issue(&Caller::new(PUBLIC_CLIENT, &new_visitor_id()?)))
    }

    /// The access token of a login: the public site's `visitor`, logged in as `session`'s user
    /// until `expires_unix` (seconds). No refresh token: the access token lives as long as the
    /// session (see `domain::sessions`).
    pub fn issue_login(&self, visitor: &str, session: &SessionClaim, expires_unix: u64) -> String {
        self.sign(&Claims {
            kind: Kind::Access,
            client: PUBLIC_CLIENT.into(),
            subject: visitor.into(),
            expires: expires_unix,
            user: Some(session.user_id.clone()),
            session: Some(session.session_id.clone()),
        })
    }

    /// What `token` says, if it is one of our access tokens and not expired. A login's token
    /// names both its user and its session, for the public client only; any other mix is no
    /// token of ours.
    pub fn verify(&self, token: &str) -> Option<Bearer> {
        let c = self.read(token, Kind::Access)?;
        let session = match (c.user, c.session) {
            (None, None) => None,
            (Some(user_id), Some(session_id)) if c.client == PUBLIC_CLIENT => {
                Some(SessionClaim { user_id, session_id })
            }
            _ => return None,
        };
        Some(Bearer { caller: Caller::new(&c.client, &c.subject), session })
    }

    /// The caller a refresh request renews, as rate limits key it (`Caller::scope`), if its
    /// refresh token is good.
    pub fn refreshing(&self, request: &TokenRequest) -> Option<String> {
        let token = request.refresh_token.as_deref().filter(|_| request.grant_type == "refresh_token")?;
        let claims = self.read(token, Kind::Refresh).filter(|c| c.client == request.client_id)?;
        Some(Caller::new(&claims.client, &claims.subject).scope())
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
                Ok(self.issue(&Caller::new(&claims.client, &claims.subject)))
            }
            "password" => {
                let matches = |a: &&ServiceAccount| {
                    a.client_id == request.client_id
                        && same(a.client_secret.as_bytes(), request.client_secret.as_deref().unwrap_or("").as_bytes())
                        && a.username == request.username.as_deref().unwrap_or("")
                        && same(a.password.as_bytes(), request.password.as_deref().unwrap_or("").as_bytes())
                };
                let account = self.accounts.iter().find(matches).ok_or(OAuthError::InvalidGrant)?;
                Ok(self.issue(&Caller::new(&account.client_id, &account.username)))
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

#[cfg(test)]
mod tests {
    use super::*;

    fn tokens() -> Tokens {
        Tokens::new(b"test secret", 60, vec![]).expect("a secret")
    }

    fn visitor(id: &str) -> Caller {
        Caller::new(PUBLIC_CLIENT, id)
    }

    /// The caller a token names, if it is a valid access token.
    fn caller_of(t: &Tokens, token: &str) -> Option<Caller> {
        t.verify(token).map(|b| b.caller)
    }

    #[test]
    fn a_token_verifies_until_it_expires() {
        let t = tokens();
        let fresh = t.issue(&visitor("v1"));
        assert_eq!(t.verify(&fresh.access_token), Some(Bearer { caller: visitor("v1"), session: None }));
        let old = t.issue_at(&visitor("v1"), now_unix() - 61);
        assert_eq!(t.verify(&old.access_token), None);
    }

    #[test]
    fn a_login_token_names_its_visitor_user_and_session() {
        let t = tokens();
        let session = SessionClaim { user_id: "user-1".into(), session_id: "session-1".into() };
        let token = t.issue_login("v1", &session, now_unix() + 3600);
        let bearer = t.verify(&token).unwrap();
        assert_eq!(bearer.caller, visitor("v1"), "the login is confirmed by the store, not by the token");
        assert_eq!(bearer.session, Some(session.clone()));
        assert_eq!(t.verify(&t.issue_login("v1", &session, now_unix() - 1)), None, "it expires with its session");
        let (payload, _) = token.split_once('.').unwrap();
        let claims: Claims = serde_json::from_slice(&B64.decode(payload).unwrap()).unwrap();
        assert_eq!((claims.user.as_deref(), claims.session.as_deref()), (Some("user-1"), Some("session-1")));
    }

    #[test]
    fn tokens_from_before_logins_read_as_they_did() {
        let t = tokens();
        // A visitor token as issued before the login claims existed: four claims, no more.
        let old = Claims {
            kind: Kind::Access,
            client: PUBLIC_CLIENT.into(),
            subject: "v1".into(),
            expires: now_unix() + 60,
            user: None,
            session: None,
        };
        let written = t.sign(&old);
        let (payload, _) = written.split_once('.').unwrap();
        assert_eq!(
            B64.decode(payload).unwrap(),
            format!(r#"{{"k":"a","c":"web","s":"v1","e":{}}}"#, old.expires).as_bytes()
        );
        assert_eq!(t.verify(&written), Some(Bearer { caller: visitor("v1"), session: None }));
    }

    #[test]
    fn an_edited_or_half_login_token_is_refused() {
        let t = tokens();
        let session = SessionClaim { user_id: "user-1".into(), session_id: "session-1".into() };
        let token = t.issue_login("v1", &session, now_unix() + 3600);
        let (payload, mac) = token.split_once('.').unwrap();
        let edited = String::from_utf8(B64.decode(payload).unwrap()).unwrap().replace("user-1", "user-2");
        assert_eq!(t.verify(&format!("{}.{mac}", B64.encode(edited))), None, "another user id breaks the signature");
        let half = |user: Option<&str>, session: Option<&str>, client: &str| {
            t.sign(&Claims {
                kind: Kind::Access,
                client: client.into(),
                subject: "v1".into(),
                expires: now_unix() + 60,
                user: user.map(Into::into),
                session: session.map(Into::into),
            })
        };
        assert_eq!(t.verify(&half(Some("user-1"), None, PUBLIC_CLIENT)), None, "a user without a session");
        assert_eq!(t.verify(&half(None, Some("session-1"), PUBLIC_CLIENT)), None, "a session without a user");
        assert_eq!(t.verify(&half(Some("user-1"), Some("session-1"), "partner")), None, "logins are the site's");
    }

    #[test]
    fn a_tampered_or_foreign_token_is_refused() {
        let t = tokens();
        let token = t.issue(&visitor("v1")).access_token;
        let (payload, mac) = token.split_once('.').unwrap_or_default();
        let forged = B64.encode(format!(r#"{{"k":"a","c":"web","s":"v2","e":{}}}"#, now_unix() + 9999));
        assert_eq!(caller_of(&t, &format!("{forged}.{mac}")), None);
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
        let (va, vb) = (caller_of(&t, &a.access_token).unwrap(), caller_of(&t, &b.access_token).unwrap());
        assert_ne!(va, vb);
        assert_eq!(a.visitor_id.as_deref(), Some(va.subject.as_str()));
        let refresh = TokenRequest {
            grant_type: "refresh_token".into(),
            refresh_token: a.refresh_token.clone(),
            ..TokenRequest::public_client()
        };
        let renewed = t.grant(&refresh).unwrap();
        assert_eq!(caller_of(&t, &renewed.access_token), Some(va));
        // A refresh token opens nothing by itself, and an access token refreshes nothing.
        assert_eq!(t.verify(a.refresh_token.as_deref().unwrap()), None);
        let wrong = TokenRequest { refresh_token: Some(a.access_token), ..refresh };
        assert_eq!(t.grant(&wrong), Err(OAuthError::InvalidGrant));
    }
}
