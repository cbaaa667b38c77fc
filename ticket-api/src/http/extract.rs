//! What the handlers share: the service a call is made under, the JSON body extractor with our
//! rejections, and the success envelope.

use axum::Json;
use axum::body::Bytes;
use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::header;
use axum::http::request::Parts;
use axum::response::{IntoResponse, Response};
use core_wasm::contract::envelope::Envelope;
use core_wasm::service::Service;
use serde::de::DeserializeOwned;

use core_wasm::server_messages as say;

use crate::error::ApiError;
use crate::language::Language;

/// A success: HTTP 200 with the payload in `data`.
pub fn ok<T>(data: T) -> Json<Envelope<T>> {
    Json(Envelope::ok(data))
}

/// Serves an answer kept as its envelope's bytes (`domain::kept`), HTTP 200.
pub fn json_response(body: Bytes) -> Response {
    ([(header::CONTENT_TYPE, "application/json")], body).into_response()
}

/// The traveller's language, from the request (`crate::language`): never refused.
#[derive(Debug, Clone, Copy)]
pub struct Speaks(pub Language);

impl<S: Send + Sync> FromRequestParts<S> for Speaks {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        let text = |name| parts.headers.get(name).and_then(|v| v.to_str().ok());
        Ok(Speaks(crate::language::of_request(text(header::COOKIE), text(header::ACCEPT_LANGUAGE))))
    }
}

/// The service a call is made under: the router (built from the call table) puts it in each
/// service route's request, so a handler never reads it from the path.
#[derive(Debug, Clone, Copy)]
pub struct At(pub Service);

impl<S: Send + Sync> FromRequestParts<S> for At {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, ApiError> {
        parts.extensions.get::<Service>().copied().map(At).ok_or_else(ApiError::no_page)
    }
}

/// A JSON body; malformed JSON, wrong types, a missing content type or an oversized body are
/// answered in the envelope (400, 415, 413), never with a 500.
#[derive(Debug)]
pub struct Body<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequest<S> for Body<T> {
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &S) -> Result<Self, ApiError> {
        if !is_json(request.headers()) {
            return Err(ApiError::UnsupportedMediaType);
        }
        let bytes = Bytes::from_request(request, state).await.map_err(|_| ApiError::TooLarge)?;
        if has_nul(&bytes) {
            return Err(ApiError::bad(say::NUL_CHARACTER));
        }
        let Json(value) = Json::<T>::from_bytes(&bytes)?;
        Ok(Body(value))
    }
}

/// `application/json` or any `application/*+json`, parameters allowed (both servers' rule).
pub fn is_json(headers: &axum::http::HeaderMap) -> bool {
    let Some(value) = headers.get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()) else {
        return false;
    };
    let essence = value.split(';').next().unwrap_or("").trim().to_ascii_lowercase();
    essence == "application/json" || (essence.starts_with("application/") && essence.ends_with("+json"))
}

/// Whether the JSON text holds a NUL character in a string (`\u0000`, the only way JSON can
/// carry one). PostgreSQL cannot store it in text; refused here, it is a 400 on both stores
/// instead of a 500 on one.
fn has_nul(json: &[u8]) -> bool {
    json.windows(6).enumerate().any(|(at, w)| {
        w[0] == b'\\'
            && w[1] == b'u'
            && &w[2..] == b"0000"
            // An escaped backslash before it (`\\u0000`) is a backslash and the text "u0000".
            && json[..at].iter().rev().take_while(|b| **b == b'\\').count() % 2 == 0
    })
}

/// Refuses a path or query carrying an encoded NUL (`%00`) before any handler decodes it: the
/// store could not compare it (PostgreSQL), so it is a 400 rather than a 500.
pub async fn refuse_nul(request: Request, next: axum::middleware::Next) -> Response {
    let uri = request.uri();
    let encoded = uri.path_and_query().map_or("", |p| p.as_str());
    if encoded.contains("%00") {
        return ApiError::bad(say::QUERY_NUL).into_response();
    }
    next.run(request).await
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_nul_is_found_only_where_json_has_one() {
        assert!(super::has_nul(br#"{"name":"a\u0000b"}"#));
        assert!(!super::has_nul(br#"{"name":"a\\u0000b"}"#), "a backslash, then text");
        assert!(super::has_nul(br#"{"name":"a\\\u0000"}"#));
        assert!(super::has_nul(br#"{"name":"\u00001"}"#), "followed by a digit: still a NUL");
        assert!(!super::has_nul(br#"{"name":"u0000"}"#));
    }
}
