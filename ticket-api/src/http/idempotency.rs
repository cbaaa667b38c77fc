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
use sqlx::Row;

use crate::AppState;
use crate::error::ApiError;
use crate::wire::now_unix_ms;

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
    let claimed = sqlx::query(
        "INSERT INTO idempotency_keys (client, idem_key, path, status, body, created_at) VALUES ($1, $2, $3, 0, '', $4) \
         ON CONFLICT (client, idem_key) DO NOTHING",
    )
    .bind(&client)
    .bind(&key)
    .bind(&path)
    .bind(now_unix_ms())
    .execute(&state.pool)
    .await;
    match claimed {
        Err(e) => return ApiError::from(e).into_response(),
        Ok(done) if done.rows_affected() == 0 => return replay(&state, &client, &key, &path).await,
        Ok(_) => {}
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
            sqlx::query("UPDATE idempotency_keys SET status = $1, body = $2 WHERE client = $3 AND idem_key = $4")
                .bind(i64::from(parts.status.as_u16()))
                .bind(String::from_utf8_lossy(&bytes).into_owned())
                .bind(&client)
                .bind(&key)
                .execute(&state.pool)
                .await;
        if let Err(e) = saved {
            tracing::error!(error = %e, "cannot store an idempotent answer");
        }
    }
    Response::from_parts(parts, Body::from(bytes))
}

async fn forget(state: &AppState, client: &str, key: &str) {
    let _ = sqlx::query("DELETE FROM idempotency_keys WHERE client = $1 AND idem_key = $2")
        .bind(client)
        .bind(key)
        .execute(&state.pool)
        .await;
}

/// The first call's answer, waiting while it is still running.
async fn replay(state: &AppState, client: &str, key: &str, path: &str) -> Response {
    let started = std::time::Instant::now();
    loop {
        let row = sqlx::query("SELECT path, status, body FROM idempotency_keys WHERE client = $1 AND idem_key = $2")
            .bind(client)
            .bind(key)
            .fetch_optional(&state.pool)
            .await;
        match row {
            Err(e) => return ApiError::from(e).into_response(),
            // The first call failed on our side and was forgotten: nothing to replay yet.
            Ok(None) => {
                return ApiError::conflict(say::KEY_FIRST_FAILED).into_response();
            }
            Ok(Some(row)) => {
                let first_path: String = row.try_get("path").unwrap_or_default();
                if first_path != path {
                    return ApiError::bad(say::KEY_OTHER_CALL).into_response();
                }
                let status: i64 = row.try_get("status").unwrap_or(0);
                if status != 0 {
                    return stored(status, row.try_get("body").unwrap_or_default());
                }
            }
        }
        if started.elapsed() > WAIT {
            return ApiError::conflict(say::KEY_RUNNING).into_response();
        }
        tokio::time::sleep(POLL).await;
    }
}
