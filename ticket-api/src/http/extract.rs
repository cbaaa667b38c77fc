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
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::error::ApiError;

/// A success: HTTP 200 with the payload in `data`.
pub fn ok<T>(data: T) -> Json<Envelope<T>> {
    Json(Envelope::ok(data))
}

/// A success envelope already written as JSON, for answers that are kept and served again.
pub fn ok_bytes<T: Serialize>(data: T) -> Result<Bytes, ApiError> {
    serde_json::to_vec(&Envelope::ok(data)).map(Bytes::from).map_err(|e| ApiError::Internal(format!("answer: {e}")))
}

/// Serves an envelope written by [`ok_bytes`] (HTTP 200).
pub fn json_response(body: Bytes) -> Response {
    ([(header::CONTENT_TYPE, "application/json")], body).into_response()
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
        let Json(value) = Json::<T>::from_request(request, state).await?;
        Ok(Body(value))
    }
}
