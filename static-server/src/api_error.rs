//! Errors of the `/api` endpoints, answered in the envelope the original (NestJS) API used:
//! `{"statusCode":400,"message":"...","error":"Bad Request"}`.
//!
//! Bad input says exactly what is wrong. Internal failures are logged with their cause where they
//! happen and reach the client only as a generic message.

use axum::Json;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

/// The not-found message of SPEC §2 ("A not-found route message is ...").
pub const NOT_FOUND_MESSAGE: &str = "This page could not be found";

#[derive(Debug)]
pub enum ApiError {
    /// The request is malformed or a value is invalid; the text says which.
    BadRequest(String),
    /// The body is larger than the endpoint accepts (the limit in bytes).
    PayloadTooLarge(usize),
    /// The body is not declared as JSON.
    UnsupportedMediaType,
    NotFound,
    MethodNotAllowed,
    /// Something on our side failed; already logged by whoever built this value.
    Internal,
}

impl ApiError {
    /// Logs `error` with `context` and returns the generic internal error.
    pub fn internal(context: &str, error: &dyn std::error::Error) -> ApiError {
        tracing::error!(%error, "{context}");
        ApiError::Internal
    }

    fn status(&self) -> StatusCode {
        match self {
            ApiError::BadRequest(_) => StatusCode::BAD_REQUEST,
            ApiError::PayloadTooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            ApiError::UnsupportedMediaType => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            ApiError::NotFound => StatusCode::NOT_FOUND,
            ApiError::MethodNotAllowed => StatusCode::METHOD_NOT_ALLOWED,
            ApiError::Internal => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    fn message(&self) -> String {
        match self {
            ApiError::BadRequest(message) => message.clone(),
            ApiError::PayloadTooLarge(limit) => {
                format!("request body must be at most {limit} bytes")
            }
            ApiError::UnsupportedMediaType => "request body must be JSON (Content-Type: application/json)".to_owned(),
            ApiError::NotFound => NOT_FOUND_MESSAGE.to_owned(),
            ApiError::MethodNotAllowed => "method not allowed on this path".to_owned(),
            ApiError::Internal => "Internal server error".to_owned(),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let status = self.status();
        let body = serde_json::json!({
            "statusCode": status.as_u16(),
            "message": self.message(),
            "error": status.canonical_reason().unwrap_or("Error"),
        });
        let mut response = (status, Json(body)).into_response();
        // An error must not be cached in place of a later success.
        response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
        response
    }
}

/// Any method on an unknown `/api` path.
pub async fn not_found() -> ApiError {
    ApiError::NotFound
}

/// A known `/api` path asked with a method it does not answer.
pub async fn method_not_allowed() -> ApiError {
    ApiError::MethodNotAllowed
}
