//! `Idempotency-Key` on state-changing calls (DESIGN §3): the first answer is stored with the
//! key, per client; a repeat, even a concurrent one, gets that answer instead of running the
//! call again. This is what makes the client's retries after a network error safe.

use core_wasm::server_messages as say;
use std::time::Duration;

use axum::body::{Body, to_bytes};
use axum::extract::{Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::AppState;
use crate::clock::now_unix_ms;
use crate::error::ApiError;
use crate::store::idempotency as store;

/// Longest key accepted (UUIDs are 36).
const MAX_KEY: usize = 200;
/// How long a repeat waits for the first call to finish.
const WAIT: Duration = Duration::from_secs(15);
const POLL: Duration = Duration::from_millis(25);
/// Answers larger than this are not stored (none of ours is).
const MAX_ANSWER: usize = 1024 * 1024;

fn stored(status: i64, body: String) -> Response {
    let status = StatusCode::from_u16(status as u16).unwrap_or(StatusCode::OK);
    let mut response = (status, body).into_response();
    response.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static("application/json"));
    response.headers_mut().insert("idempotent-replay", HeaderValue::from_static("true"));
    response
}

pub async fn layer(State(state): State<AppState>, request: Request, next: Next) -> Response {
    let key = request.headers().get("idempotency-key").and_then(|v| v.to_str().ok()).map(str::trim).map(str::to_owned);
    let Some(key) = key.filter(|k| !k.is_empty()) else {
        return next.run(request).await;
    };
    if key.len() > MAX_KEY {
        return ApiError::bad(say::KEY_TOO_LONG).into_response();
    }
    // Keys are per client: one client cannot read another's answers.
    let client = request
        .headers()
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .and_then(|t| state.tokens.verify(t.trim()))
        .unwrap_or_default();
    let path = request.uri().path().to_owned();
    match store::claim(&state.pool, &client, &key, &path, now_unix_ms()).await {
        Err(e) => return ApiError::from(e).into_response(),
        Ok(false) => return replay(&state, &client, &key, &path).await,
        Ok(true) => {}
    }
    let response = next.run(request).await;
    let (parts, body) = response.into_parts();
    let Ok(bytes) = to_bytes(body, MAX_ANSWER).await else {
        forget(&state, &client, &key).await;
        return ApiError::Internal("answer too large to keep for idempotency".into()).into_response();
    };
    if parts.status.is_server_error() {
        // A failure of ours is not an answer: the client may try again.
        forget(&state, &client, &key).await;
    } else {
        let saved =
            store::save(&state.pool, &client, &key, parts.status.as_u16(), &String::from_utf8_lossy(&bytes)).await;
        if let Err(e) = saved {
            tracing::error!(error = %e, "cannot store an idempotent answer");
        }
    }
    Response::from_parts(parts, Body::from(bytes))
}

async fn forget(state: &AppState, client: &str, key: &str) {
    if let Err(e) = store::forget(&state.pool, client, key).await {
        tracing::error!(error = %e, "cannot release an idempotency key");
    }
}

/// The first call's answer, waiting while it is still running.
async fn replay(state: &AppState, client: &str, key: &str, path: &str) -> Response {
    let started = std::time::Instant::now();
    loop {
        match store::find(&state.pool, client, key).await {
            Err(e) => return ApiError::from(e).into_response(),
            // The first call failed on our side and was forgotten: nothing to replay yet.
            Ok(None) => {
                return ApiError::conflict(say::KEY_FIRST_FAILED).into_response();
            }
            Ok(Some(row)) => {
                if row.path != path {
                    return ApiError::bad(say::KEY_OTHER_CALL).into_response();
                }
                if row.status != 0 {
                    return stored(row.status, row.body);
                }
            }
        }
        if started.elapsed() > WAIT {
            return ApiError::conflict(say::KEY_RUNNING).into_response();
        }
        tokio::time::sleep(POLL).await;
    }
}
