//! Every failure as the original API's envelope: `{"statusCode", "message", "error"}`.
//! Bad input says exactly what is wrong; internal errors are logged with context and reach the
//! client only as a generic message. Nothing here panics.

use axum::Json;
use axum::extract::rejection::{JsonRejection, QueryRejection};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use core_wasm::contract::envelope::{ErrorBody, MessageField};

#[derive(Debug)]
pub enum ApiError {
    /// Validation: every failing field's message.
    BadRequest(Vec<String>),
    Unauthorized,
    NotFound(String),
    /// The request is valid but the world changed: a hold that expired, a booking already paid.
    Conflict(Vec<String>),
    /// A seat-lock lost these seats to someone else (409, the seats named in `seats`).
    SeatsTaken(Vec<String>),
    TooLarge,
    /// A limit: too many requests of a kind in a while.
    TooMany(String),
    UnsupportedMediaType,
    /// A store or internal failure; the text goes to the log only.
    Internal(String),
}

impl ApiError {
    pub fn bad(message: impl Into<String>) -> ApiError {
        ApiError::BadRequest(vec![message.into()])
    }

    pub fn not_found(message: impl Into<String>) -> ApiError {
        ApiError::NotFound(message.into())
    }
}

/// SPEC §2: a not-found route's message.
pub const PAGE_NOT_FOUND: &str = "This page could not be found";

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let seats = match &self {
            ApiError::SeatsTaken(seats) => Some(seats.clone()),
            _ => None,
        };
        let (status, message) = match self {
            ApiError::BadRequest(mut list) if list.len() == 1 => {
                (StatusCode::BAD_REQUEST, MessageField::One(list.remove(0)))
            }
            ApiError::BadRequest(list) => (StatusCode::BAD_REQUEST, MessageField::Many(list)),
            ApiError::Unauthorized => (StatusCode::UNAUTHORIZED, MessageField::One("Unauthorized".into())),
            ApiError::NotFound(m) => (StatusCode::NOT_FOUND, MessageField::One(m)),
            ApiError::Conflict(mut list) if list.len() == 1 => {
                (StatusCode::CONFLICT, MessageField::One(list.remove(0)))
            }
            ApiError::Conflict(list) => (StatusCode::CONFLICT, MessageField::Many(list)),
            ApiError::SeatsTaken(seats) => (StatusCode::CONFLICT, taken_message(&seats)),
            ApiError::TooLarge => {
                (StatusCode::PAYLOAD_TOO_LARGE, MessageField::One("Request body is too large".into()))
            }
            ApiError::TooMany(m) => (StatusCode::TOO_MANY_REQUESTS, MessageField::One(m)),
            ApiError::UnsupportedMediaType => (
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                MessageField::One("Send the body as JSON (Content-Type: application/json)".into()),
            ),
            ApiError::Internal(detail) => {
                tracing::error!(%detail, "internal error");
                (StatusCode::INTERNAL_SERVER_ERROR, MessageField::One("Something went wrong, please try again".into()))
            }
        };
        let reason = status.canonical_reason().unwrap_or("Error");
        let body = ErrorBody { seats, ..ErrorBody::new(status.as_u16(), message, reason) };
        (status, Json(body)).into_response()
    }
}

/// What a traveller is told about seats just taken: one line per seat.
fn taken_message(seats: &[String]) -> MessageField {
    let mut lines: Vec<String> =
        seats.iter().map(|s| format!("Seat {s} was just taken by another traveller, please choose another")).collect();
    if lines.len() == 1 { MessageField::One(lines.remove(0)) } else { MessageField::Many(lines) }
}

impl From<sqlx::Error> for ApiError {
    fn from(e: sqlx::Error) -> Self {
        ApiError::Internal(format!("store: {e}"))
    }
}

impl From<JsonRejection> for ApiError {
    fn from(rejection: JsonRejection) -> Self {
        match rejection {
            JsonRejection::MissingJsonContentType(_) => ApiError::UnsupportedMediaType,
            JsonRejection::BytesRejection(_) => ApiError::TooLarge,
            JsonRejection::JsonSyntaxError(_) => ApiError::bad("Malformed JSON"),
            JsonRejection::JsonDataError(e) => ApiError::bad(data_error(&e.body_text())),
            other => ApiError::bad(other.body_text()),
        }
    }
}

impl From<QueryRejection> for ApiError {
    fn from(rejection: QueryRejection) -> Self {
        ApiError::bad(rejection.body_text())
    }
}

/// serde's message without axum's prefix, e.g. "journeyDate: invalid type: integer `5`, expected
/// a string at line 1 column 16".
fn data_error(text: &str) -> String {
    text.trim_start_matches("Failed to deserialize the JSON body into the target type: ").to_owned()
}
