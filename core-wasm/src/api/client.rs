//! The client's call loop: token, re-authentication, retries; and the login it may keep.
//!
//! A visitor's token is the client's own business: a refused one is renewed and the call made
//! again. A login's is not (issue 13): the traveller logged in and acts as themselves, so a
//! refused or expired login token is never swapped for a visitor's behind their back. The login
//! is forgotten and the call fails with the server's 'Your login has ended' (code
//! `auth.sessionEnded`), so the page can ask them to log in again where they are.

use serde::Serialize;
use serde::de::DeserializeOwned;

use super::error::{ApiError, ErrorKind};
use super::transport::{Codec, HttpRequest, HttpResponse, Method, TokenStore, Transport};
use crate::contract::auth::TokenResponse;
use crate::contract::envelope::{Envelope, ErrorBody, MessageField};
use crate::errors::toast_message;

/// Retries after the first try (SPEC §9 "HTTP retries").
pub const RETRIES: u32 = 3;
/// The first backoff (SPEC §9 "Default fetch delay"); each retry waits twice as long.
pub const BACKOFF_MS: u32 = 200;

/// The token request of the site, a public client with no secret (DESIGN §3 "Auth"): a new
/// visitor. Written out rather than encoded, so the browser build needs no JSON encoder.
const PUBLIC_TOKEN_REQUEST: &str = r#"{"grant_type":"client_credentials","client_id":"web"}"#;

/// A token as the API issues them: URL-safe base64 and dots, so nothing to escape in JSON and
/// nothing that could end a cookie's value.
fn is_token_text(token: &str) -> bool {
    !token.is_empty() && token.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.'))
}

/// The request that renews the token for the same visitor, if `refresh_token` is one of ours.
fn refresh_request(refresh_token: &str) -> Option<String> {
    is_token_text(refresh_token)
        .then(|| format!(r#"{{"grant_type":"refresh_token","client_id":"web","refresh_token":"{refresh_token}"}}"#))
}

/// The body fields that name the visitor and the logged-in user (SPEC §6).
const VISITOR_FIELD: &str = "anonymousId";
const USER_FIELD: &str = "userId";

/// The error body of a login that has ended, as the server writes it for one (`say::SESSION_ENDED`;
/// a test holds the two together): read like any error the API sends, so the page gets its code
/// and details. Written out, so the browser build needs no JSON encoder.
const SESSION_ENDED_BODY: &str = r#"{"statusCode":401,"message":"Your login has ended; please log in again","error":"Unauthorized","code":"auth.sessionEnded","details":[{"code":"auth.sessionEnded","text":"Your login has ended; please log in again"}]}"#;

/// A login the client was given that it cannot keep: no user id, or a token that is empty or
/// holds more than the API's tokens do (letters, digits, `-`, `_`, `.`), which could end the token
/// cookie's value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct InvalidLogin;

impl std::fmt::Display for InvalidLogin {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("invalid login: a user id and an access token as the API writes them are required")
    }
}

impl std::error::Error for InvalidLogin {}

/// One call of the ticket API.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Call {
    pub method: Method,
    /// Path below the base URL, e.g. `/v1/api/intercity/cities`.
    pub path: String,
    /// The JSON body.
    pub body: Option<String>,
    /// Makes a POST safe to repeat: the API answers a repeat with the first answer.
    pub idempotency_key: Option<String>,
    /// A payment-block error shows its whole message list (SPEC §8).
    pub is_payment_block: bool,
    /// The answer is a file (read with [`Client::call_file`]).
    pub file: bool,
    /// The body names the visitor: the client fills in the one its token was issued with.
    pub names_visitor: bool,
    /// The body names the user: while logged in, the client fills in the login's.
    pub names_user: bool,
    /// The traveller's language (`bn`, `en`), sent as `Accept-Language`: the server writes the
    /// OTP's SMS and the e-ticket PDF in it.
    pub language: Option<String>,
}

impl Call {
    pub fn get(path: impl Into<String>) -> Call {
        Call {
            method: Method::Get,
            path: path.into(),
            body: None,
            idempotency_key: None,
            is_payment_block: false,
            file: false,
            names_visitor: false,
            names_user: false,
            language: None,
        }
    }

    /// A POST of JSON text.
    pub fn post(path: impl Into<String>, json_body: String) -> Call {
        Call { method: Method::Post, body: Some(json_body), ..Call::get(path) }
    }

    /// A POST of a contract type (native callers; the browser posts what JavaScript encoded).
    pub fn post_json(path: impl Into<String>, body: &impl Serialize) -> Result<Call, serde_json::Error> {
        Ok(Call::post(path, serde_json::to_string(body)?))
    }

    pub fn idempotent(mut self, key: impl Into<String>) -> Call {
        self.idempotency_key = Some(key.into());
        self
    }

    fn may_repeat(&self) -> bool {
        self.method == Method::Get || self.idempotency_key.is_some()
    }
}

#[derive(Debug)]
pub struct Client<T, S, C> {
    base_url: String,
    transport: T,
    tokens: S,
    codec: C,
}

fn decode_error(status: Option<u16>) -> ApiError {
    ApiError { kind: ErrorKind::Decode, status, body: None, sent: None, toast: toast_message(None, false) }
}

impl<T: Transport, S: TokenStore, C: Codec> Client<T, S, C> {
    /// `base_url` is the API's origin (empty for the site's own origin), without a trailing slash.
    /// A login kept without its token any more expired while the client was away (the page was
    /// closed): it is forgotten, and the client starts as the visitor's.
    pub fn new(base_url: &str, transport: T, tokens: S, codec: C) -> Self {
        if tokens.load().is_none() && tokens.user().is_some() {
            tokens.clear_login();
        }
        Client { base_url: base_url.trim_end_matches('/').to_owned(), transport, tokens, codec }
    }

    /// Sends `request`, repeating it after a network error or a 5xx while `repeat` allows.
    async fn send_with_retries(&self, request: &HttpRequest, repeat: bool) -> Result<HttpResponse<T::File>, ApiError> {
        let mut attempt = 0;
        loop {
            let outcome = self.transport.send(request.clone()).await;
            let retry = match &outcome {
                Err(_) => true,
                Ok(r) => r.status >= 500,
            };
            if !(retry && repeat && attempt < RETRIES) {
                return outcome.map_err(|e| ApiError {
                    kind: ErrorKind::Network,
                    status: None,
                    body: Some(ErrorBody { message: Some(MessageField::One(e.0)), ..ErrorBody::default() }),
                    sent: None,
                    toast: toast_message(None, false),
                });
            }
            self.transport.sleep(BACKOFF_MS << attempt).await;
            attempt += 1;
        }
    }

    /// A new token for the public web client, stored: renewed for the same visitor when a
    /// refresh token is kept, else for a new visitor (the refresh token expired, or none yet).
    async fn fetch_token(&self) -> Result<String, ApiError> {
        if let Some(renew) = self.tokens.refresh_token().as_deref().and_then(refresh_request) {
            match self.grant(renew).await {
                Ok(token) => return Ok(token),
                // Refused (expired, or another secret): a new visitor, below.
                Err(e) if e.kind == ErrorKind::Auth && matches!(e.status, Some(400 | 401)) => {}
                Err(e) => return Err(e),
            }
        }
        self.grant(PUBLIC_TOKEN_REQUEST.to_owned()).await
    }

    /// Asks for a token and keeps it.
    async fn grant(&self, body: String) -> Result<String, ApiError> {
        let request = HttpRequest {
            method: Method::Post,
            url: format!("{}/oauth/access_token", self.base_url),
            headers: vec![("Content-Type".into(), "application/json".into())],
            body: Some(body),
            file: false,
        };
        // Asking for a token is safe to repeat.
        let response = self.send_with_retries(&request, true).await?;
        if response.status != 200 {
            return Err(self.http_error(&response, false, ErrorKind::Auth));
        }
        let token: TokenResponse = self.codec.parse(&response.body).ok_or_else(|| decode_error(Some(200)))?;
        self.tokens.save(&token);
        Ok(token.access_token)
    }

    fn request(&self, call: &Call, token: &str, user: Option<&str>) -> HttpRequest {
        let mut headers = vec![("Authorization".to_owned(), format!("Bearer {token}"))];
        if call.body.is_some() {
            headers.push(("Content-Type".into(), "application/json".into()));
        }
        if let Some(key) = &call.idempotency_key {
            headers.push(("Idempotency-Key".into(), key.clone()));
        }
        if let Some(language) = &call.language {
            headers.push(("Accept-Language".into(), language.clone()));
        }
        let url = format!("{}{}", self.base_url, call.path);
        let mut body = call.body.clone();
        if call.names_visitor {
            // The visitor is the token's: a body naming another would be refused.
            if let (Some(text), Some(visitor)) = (&body, self.tokens.visitor()) {
                body = self.codec.with_field(text, VISITOR_FIELD, &visitor).or(body);
            }
        }
        if call.names_user {
            // The user is the login's, as the visitor is the token's.
            if let (Some(text), Some(user)) = (&body, user) {
                body = self.codec.with_field(text, USER_FIELD, user).or(body);
            }
        }
        HttpRequest { method: call.method, url, headers, body, file: call.file }
    }

    /// Keeps a login (`common/login`'s answer): from now on calls carry its token, and those whose
    /// request names the user name this one, until it expires (`expires_in` seconds), the API
    /// refuses it, or [`Client::clear_login`].
    pub fn set_login(&self, user_id: &str, access_token: &str, expires_in: u32) -> Result<(), InvalidLogin> {
        if user_id.is_empty() || !is_token_text(access_token) {
            return Err(InvalidLogin);
        }
        self.tokens.save_login(user_id, access_token, expires_in);
        Ok(())
    }

    /// Forgets the login (logout): the next call is the visitor's again, renewed for the same
    /// visitor where the refresh token allows. (The browser's client does it when `common/logout`
    /// has been called, and keeps the login `common/login` answers: `crate::wasm::client`.)
    pub fn clear_login(&self) {
        self.tokens.clear_login();
    }

    /// The logged-in user, while a login is kept.
    pub fn user(&self) -> Option<String> {
        self.tokens.user()
    }

    /// The login has ended (refused by the API, or its token expired here): forgotten, and the
    /// call fails as the API fails a call of a login that has ended, so the page asks the
    /// traveller to log in again where they are.
    fn end_login(&self) -> ApiError {
        self.tokens.clear_login();
        let ended = HttpResponse { status: 401, body: SESSION_ENDED_BODY.to_owned(), file: None };
        self.http_error(&ended, false, ErrorKind::Auth)
    }

    /// Makes the call and returns the successful answer's text.
    async fn answer(&self, call: &Call) -> Result<HttpResponse<T::File>, ApiError> {
        let user = self.tokens.user();
        let token = match (self.tokens.load(), &user) {
            (Some(t), _) => t,
            // The login's token has expired while in use: never a visitor's in its place.
            (None, Some(_)) => return Err(self.end_login()),
            (None, None) => self.fetch_token().await?,
        };
        let mut response =
            self.send_with_retries(&self.request(call, &token, user.as_deref()), call.may_repeat()).await?;
        if response.status == 401 {
            if user.is_some() {
                return Err(self.end_login());
            }
            // SPEC §8: a 401 triggers re-authentication and one retry; if that fails, the error
            // is passed on. The call was refused, not performed, so repeating it is safe.
            self.tokens.clear();
            let token = self.fetch_token().await?;
            response = self.send_with_retries(&self.request(call, &token, None), call.may_repeat()).await?;
            if response.status == 401 {
                return Err(self.http_error(&response, call.is_payment_block, ErrorKind::Auth));
            }
        }
        if !(200..300).contains(&response.status) {
            return Err(self.http_error(&response, call.is_payment_block, ErrorKind::Http));
        }
        Ok(response)
    }

    /// Makes the call and returns the envelope's `data`.
    pub async fn call(&self, call: &Call) -> Result<C::Data, ApiError> {
        let response = self.answer(call).await?;
        self.codec.envelope_data(&response.body).ok_or_else(|| decode_error(Some(response.status)))
    }

    /// Makes a call that answers a file (not an envelope) and returns it.
    pub async fn call_file(&self, call: &Call) -> Result<T::File, ApiError> {
        let response = self.answer(call).await?;
        response.file.ok_or_else(|| decode_error(Some(response.status)))
    }

    /// Makes the call and returns its file (a `file` call) or else the envelope's `data`, where
    /// the platform holds both as one type (the browser: JS values): one path for every call, so
    /// the browser's module carries the call loop once.
    pub async fn call_value(&self, call: &Call) -> Result<C::Data, ApiError>
    where
        T::File: Into<C::Data>,
    {
        let response = self.answer(call).await?;
        let value = if call.file { response.file.map(Into::into) } else { self.codec.envelope_data(&response.body) };
        value.ok_or_else(|| decode_error(Some(response.status)))
    }

    /// Makes the call and decodes `data` as `R`.
    pub async fn call_as<R: DeserializeOwned>(&self, call: &Call) -> Result<R, ApiError> {
        let response = self.answer(call).await?;
        let envelope: Envelope<R> =
            self.codec.parse(&response.body).ok_or_else(|| decode_error(Some(response.status)))?;
        Ok(envelope.data)
    }

    fn http_error(&self, response: &HttpResponse<T::File>, is_payment_block: bool, kind: ErrorKind) -> ApiError {
        let body: Option<ErrorBody> = self.codec.parse(&response.body);
        let toast = toast_message(body.as_ref(), is_payment_block);
        ApiError { kind, status: Some(response.status), toast, body, sent: Some(response.body.clone()) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::server_messages as say;

    #[test]
    fn the_session_ended_body_is_the_servers() {
        let server = ErrorBody::said(401, vec![say::SESSION_ENDED.into()], "Unauthorized");
        let written: serde_json::Value = serde_json::from_str(SESSION_ENDED_BODY).expect("json");
        assert_eq!(written, serde_json::to_value(server).expect("json"));
    }
}
