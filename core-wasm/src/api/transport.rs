//! What the client needs from its platform: a way to send a request, to wait, and to keep the
//! token.

use std::future::Future;

pub use crate::contract::calls::Method;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HttpRequest {
    pub method: Method,
    pub url: String,
    pub headers: Vec<(String, String)>,
    pub body: Option<String>,
    /// A successful answer is a file: read it as bytes, not text.
    pub file: bool,
}

/// An answer: its status and text; `F` is how the platform holds a file (bytes natively, a
/// `Blob` in the browser, which never copies the file into the module's memory).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HttpResponse<F = Vec<u8>> {
    pub status: u16,
    /// The body as text: JSON answers and every error.
    pub body: String,
    /// The file a `file` request asked for (the e-ticket PDF), when it succeeded.
    pub file: Option<F>,
}

/// The request never got an HTTP answer (offline, DNS, connection reset, CORS).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TransportError(pub String);

/// Sends requests and waits. Futures need not be `Send`: the browser is single-threaded.
pub trait Transport {
    /// A file as the platform holds it.
    type File;
    fn send(&self, request: HttpRequest) -> impl Future<Output = Result<HttpResponse<Self::File>, TransportError>>;
    fn sleep(&self, ms: u32) -> impl Future<Output = ()>;
}

/// Reads JSON answers. Natively serde_json; in the browser `JSON.parse` and the core's own tree
/// decoder (`crate::tree`), so the wasm module carries no JSON parser of its own.
pub trait Codec {
    /// The envelope's `data` as the platform keeps it (`serde_json::Value`, a JS value).
    type Data;
    /// The answer decoded as `T`, `None` if it is not that.
    fn parse<T: serde::de::DeserializeOwned>(&self, text: &str) -> Option<T>;
    /// The `data` of a success envelope, `None` if the answer is not an envelope.
    fn envelope_data(&self, text: &str) -> Option<Self::Data>;
    /// The JSON object `body` with text field `field` set to `value`; `None` if `body` is not an
    /// object.
    fn with_field(&self, body: &str, field: &str, value: &str) -> Option<String>;
}

/// The native codec.
#[derive(Debug, Clone, Copy, Default)]
pub struct SerdeJson;

impl Codec for SerdeJson {
    type Data = serde_json::Value;

    fn parse<T: serde::de::DeserializeOwned>(&self, text: &str) -> Option<T> {
        serde_json::from_str(text).ok()
    }

    fn envelope_data(&self, text: &str) -> Option<serde_json::Value> {
        let envelope: crate::contract::envelope::Envelope<serde_json::Value> = serde_json::from_str(text).ok()?;
        Some(envelope.data)
    }

    fn with_field(&self, body: &str, field: &str, value: &str) -> Option<String> {
        let mut object: serde_json::Map<String, serde_json::Value> = serde_json::from_str(body).ok()?;
        object.insert(field.to_owned(), serde_json::Value::String(value.to_owned()));
        serde_json::to_string(&object).ok()
    }
}

/// Where the token lives between page loads: the access token in a cookie for its lifetime, the
/// visitor id (SPEC §3 `anon_id`) and the refresh token in local storage, in the browser. A login
/// (issue 13) keeps its token in the same place for its own lifetime, and its user (SPEC §3
/// `user_id`) beside the visitor.
pub trait TokenStore {
    /// The access token, while it lasts.
    fn load(&self) -> Option<String>;
    /// Keeps a new token, with its visitor id and refresh token when it has them.
    fn save(&self, token: &crate::contract::auth::TokenResponse);
    /// Drops the access token; the visitor and the refresh token stay.
    fn clear(&self);
    /// The visitor id the kept token was issued with.
    fn visitor(&self) -> Option<String>;
    /// The refresh token that renews the token for the same visitor.
    fn refresh_token(&self) -> Option<String>;
    /// The logged-in user, while a login is kept.
    fn user(&self) -> Option<String>;
    /// Keeps a login: its token in place of the visitor's for `expires_in` seconds, and its user.
    fn save_login(&self, user_id: &str, access_token: &str, expires_in: u32);
    /// Forgets the login, its token and its user; the visitor and its refresh token stay.
    fn clear_login(&self);
}
