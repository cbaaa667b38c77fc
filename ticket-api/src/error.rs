//! Every failure as the original API's envelope: `{"statusCode", "message", "error"}`, plus each
//! message's stable code and values (`code`, `details`) from the core's catalog
//! (`core_wasm::server_messages`). Both servers answer errors through this one type.
//!
//! Bad input says exactly what is wrong; internal errors are logged with context and reach the
//! client only as a generic message. Nothing here panics.

use axum::Json;
use axum::extract::rejection::{JsonRejection, QueryRejection};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use core_wasm::contract::envelope::ErrorBody;
use core_wasm::server_messages::{self as say, Said};

#[derive(Debug)]
pub enum ApiError {
    /// Validation: every failing field's message.
    BadRequest(Vec<Said>),
    Unauthorized,
    /// A valid token without a login where one is needed, or a login that has ended (401 with
    /// the reason, so the site asks the traveller to log in again).
    NotLoggedIn(Said),
    /// The token is valid but names someone else (a body's visitor id that is not the token's).
    Forbidden(Said),
    NotFound(Said),
    MethodNotAllowed,
    /// The request is valid but the world changed: a hold that expired, a booking already paid.
    Conflict(Said),
    /// A seat-lock lost these seats to someone else (409, the seats named in `seats`).
    SeatsTaken(Vec<String>),
    TooLarge,
    /// A limit: too many requests of a kind in a while; try again after this many seconds
    /// (`Retry-After`).
    TooMany(Said, u64),
    /// The store rolled the call's transaction back for contention (SQLSTATE 40001, 40P01):
    /// run again by [`crate::http::retry`], then answered 429 busy with `Retry-After: 1`.
    Busy,
    /// Well-formed but not to be done: an Idempotency-Key repeated with another request (422).
    Unprocessable(Said),
    /// The request did not finish in time (408).
    Timeout,
    /// A part we depend on is not there (an SMS or payment gateway): 503.
    Unavailable(Said),
    /// The store cannot be reached for now (a lost connection, a primary failing over, a
    /// standby that cannot write yet): 503 with `Retry-After`. Nothing was answered as done, so
    /// the client's retry with the same Idempotency-Key is safe.
    StoreUnavailable,
    UnsupportedMediaType,
    /// A store or internal failure; the text goes to the log only.
    Internal(String),
}

impl ApiError {
    pub fn bad(message: impl Into<Said>) -> ApiError {
        ApiError::BadRequest(vec![message.into()])
    }

    pub fn not_found(message: impl Into<Said>) -> ApiError {
        ApiError::NotFound(message.into())
    }

    pub fn conflict(message: impl Into<Said>) -> ApiError {
        ApiError::Conflict(message.into())
    }

    /// The 404 of a path nobody answers.
    pub fn no_page() -> ApiError {
        ApiError::NotFound(say::PAGE_NOT_FOUND.into())
    }

    /// Logs `error` with `context` and answers the generic internal error.
    pub fn internal(context: &str, error: &dyn std::error::Error) -> ApiError {
        ApiError::Internal(format!("{context}: {error}"))
    }

    fn status_and_messages(self) -> (StatusCode, Vec<Said>) {
        match self {
            ApiError::BadRequest(list) => (StatusCode::BAD_REQUEST, list),
            ApiError::Unauthorized => (StatusCode::UNAUTHORIZED, vec![say::UNAUTHORIZED.into()]),
            ApiError::NotLoggedIn(m) => (StatusCode::UNAUTHORIZED, vec![m]),
            ApiError::Forbidden(m) => (StatusCode::FORBIDDEN, vec![m]),
            ApiError::NotFound(m) => (StatusCode::NOT_FOUND, vec![m]),
            ApiError::MethodNotAllowed => (StatusCode::METHOD_NOT_ALLOWED, vec![say::METHOD_NOT_ALLOWED.into()]),
            ApiError::Conflict(m) => (StatusCode::CONFLICT, vec![m]),
            // What a traveller is told about seats just taken: one line per seat.
            ApiError::SeatsTaken(seats) => {
                (StatusCode::CONFLICT, seats.iter().map(|s| say::SEAT_TAKEN.with(&[("seat", s)])).collect())
            }
            ApiError::TooLarge => (StatusCode::PAYLOAD_TOO_LARGE, vec![say::TOO_LARGE.into()]),
            ApiError::TooMany(m, _) => (StatusCode::TOO_MANY_REQUESTS, vec![m]),
            ApiError::Busy => (StatusCode::TOO_MANY_REQUESTS, vec![say::BUSY.into()]),
            ApiError::Unprocessable(m) => (StatusCode::UNPROCESSABLE_ENTITY, vec![m]),
            ApiError::Timeout => (StatusCode::REQUEST_TIMEOUT, vec![say::REQUEST_TIMEOUT.into()]),
            ApiError::Unavailable(m) => (StatusCode::SERVICE_UNAVAILABLE, vec![m]),
            ApiError::StoreUnavailable => (StatusCode::SERVICE_UNAVAILABLE, vec![say::BUSY.into()]),
            ApiError::UnsupportedMediaType => (StatusCode::UNSUPPORTED_MEDIA_TYPE, vec![say::NOT_JSON.into()]),
            ApiError::Internal(detail) => {
                tracing::error!(%detail, "internal error");
                (StatusCode::INTERNAL_SERVER_ERROR, vec![say::INTERNAL.into()])
            }
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let seats = match &self {
            ApiError::SeatsTaken(seats) => Some(seats.clone()),
            _ => None,
        };
        let retry_after = match &self {
            ApiError::TooMany(_, seconds) => Some((*seconds).max(1)),
            ApiError::Busy => Some(1),
            ApiError::StoreUnavailable => Some(STORE_RETRY_AFTER),
            _ => None,
        };
        let contended = matches!(self, ApiError::Busy);
        let (status, messages) = self.status_and_messages();
        let reason = status.canonical_reason().unwrap_or("Error");
        let body = ErrorBody { seats, ..ErrorBody::said(status.as_u16(), messages, reason) };
        let mut response = (status, Json(body)).into_response();
        // An error must not be cached in place of a later success.
        response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
        if let Some(seconds) = retry_after {
            response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(seconds));
        }
        if contended {
            response.extensions_mut().insert(TryAgain);
        }
        response
    }
}

/// Marks an answer whose call the store rolled back for contention: running it again is safe.
#[derive(Debug, Clone, Copy)]
pub struct TryAgain;

/// SQLSTATEs that mean "the same transaction again may well succeed": a serialization failure
/// (the everyday answer of a distributed SQL engine under contention) and a deadlock victim.
const TRY_AGAIN: [&str; 2] = ["40001", "40P01"];

/// SQLSTATEs of a store that is there but cannot serve for now: shutting down or starting up
/// (57P01-57P03), too many connections (53300), read-only (25006: a standby a balancer still
/// sends to during a failover); and class 08, connection exceptions.
const UNAVAILABLE: [&str; 5] = ["57P01", "57P02", "57P03", "53300", "25006"];

/// Seconds a client is asked to wait when the store is unavailable: about a failover's length.
const STORE_RETRY_AFTER: u64 = 2;

impl From<sqlx::Error> for ApiError {
    fn from(e: sqlx::Error) -> Self {
        match &e {
            sqlx::Error::Io(_)
            | sqlx::Error::Tls(_)
            | sqlx::Error::PoolTimedOut
            | sqlx::Error::PoolClosed
            | sqlx::Error::WorkerCrashed => {
                tracing::warn!(error = %e, "the store is unavailable");
                return ApiError::StoreUnavailable;
            }
            _ => {}
        }
        match e.as_database_error().and_then(|d| d.code()) {
            // Rolled back whole: running the call again (ours, then the traveller's) is safe.
            Some(code) if TRY_AGAIN.contains(&code.as_ref()) => ApiError::Busy,
            Some(code) if UNAVAILABLE.contains(&code.as_ref()) || code.starts_with("08") => {
                tracing::warn!(error = %e, "the store is unavailable");
                ApiError::StoreUnavailable
            }
            _ => ApiError::Internal(format!("store: {e}")),
        }
    }
}

impl From<crate::ids::NoRandomness> for ApiError {
    fn from(e: crate::ids::NoRandomness) -> Self {
        ApiError::Internal(e.to_string())
    }
}

impl From<JsonRejection> for ApiError {
    fn from(rejection: JsonRejection) -> Self {
        match rejection {
            JsonRejection::MissingJsonContentType(_) => ApiError::UnsupportedMediaType,
            JsonRejection::BytesRejection(_) => ApiError::TooLarge,
            JsonRejection::JsonSyntaxError(_) => ApiError::bad(say::MALFORMED_JSON),
            JsonRejection::JsonDataError(e) => invalid(&data_error(&e.body_text())),
            other => invalid(&other.body_text()),
        }
    }
}

impl From<QueryRejection> for ApiError {
    fn from(rejection: QueryRejection) -> Self {
        invalid(&rejection.body_text())
    }
}

/// A request that does not decode, in serde's words.
pub fn invalid(detail: &str) -> ApiError {
    ApiError::bad(say::INVALID_REQUEST.with(&[("detail", detail)]))
}

/// serde's message without axum's prefix, e.g. "journeyDate: invalid type: integer `5`, expected
/// a string at line 1 column 16".
fn data_error(text: &str) -> String {
    text.trim_start_matches("Failed to deserialize the JSON body into the target type: ").to_owned()
}

/// Any method on a path nobody answers.
pub async fn not_found() -> ApiError {
    ApiError::no_page()
}

/// A known path asked with a method it does not answer.
pub async fn method_not_allowed() -> ApiError {
    ApiError::MethodNotAllowed
}

#[cfg(test)]
mod tests {
    use sqlx::error::ErrorKind;

    use super::*;
    use crate::store::pool::failure::Failure;

    fn answer(code: &'static str) -> ApiError {
        ApiError::from(Failure::error(code, "failed", ErrorKind::Other))
    }

    #[test]
    fn a_transaction_worth_trying_again_is_busy_not_broken() {
        for code in ["40001", "40P01"] {
            assert!(matches!(answer(code), ApiError::Busy), "{code}");
        }
        assert!(matches!(answer("23505"), ApiError::Internal(_)), "a unique violation here is a bug, not contention");
    }

    #[test]
    fn a_store_that_cannot_be_reached_asks_the_client_to_come_back() {
        for code in ["57P01", "57P03", "25006", "08006", "53300"] {
            assert!(matches!(answer(code), ApiError::StoreUnavailable), "{code}");
        }
        let lost = ApiError::from(sqlx::Error::Io(std::io::Error::from(std::io::ErrorKind::ConnectionReset)));
        assert!(matches!(lost, ApiError::StoreUnavailable));
        let response = ApiError::from(sqlx::Error::PoolTimedOut).into_response();
        assert_eq!(response.status(), StatusCode::SERVICE_UNAVAILABLE);
        assert_eq!(response.headers()[header::RETRY_AFTER], "2");
    }
}
