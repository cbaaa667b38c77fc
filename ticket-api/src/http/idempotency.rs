//! `Idempotency-Key` on state-changing calls (DESIGN §3 "Retries and idempotency"): the first
//! answer is kept with the key; a repeat, even a concurrent one, gets that answer instead of
//! running the call again. This is what makes the client's retries after a network error safe.
//!
//! A key is the caller's own and the call's own (scoped by the token's client and subject, and
//! the path): another visitor sending the same key runs their own request. It is bound to a hash
//! of the request: the same key with another body is a 422, never the first body's answer.
//! While its call runs it is leased for [`LEASE`]; a key whose process died with its request is
//! free again when the lease ends. Keys are forgotten after [`KEEP`].

use std::time::Duration;

use axum::body::{Body, to_bytes};
use axum::extract::{Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use core_wasm::server_messages as say;
use sha2::{Digest, Sha256};

use crate::AppState;
use crate::clock::now_unix_ms;
use crate::domain::identity::Caller;
use crate::error::ApiError;
use crate::store::idempotency::{self as store, Claim};

/// Longest key accepted (UUIDs are 36).
const MAX_KEY: usize = 200;
/// How long a repeat waits for the first call to finish.
const WAIT: Duration = Duration::from_secs(15);
const POLL: Duration = Duration::from_millis(25);
/// Answers larger than this are not stored (none of ours is).
const MAX_ANSWER: usize = 1024 * 1024;
/// A running call's hold on its key: longer than any request may take (`lib::REQUEST_TIMEOUT`).
pub const LEASE: Duration = Duration::from_secs(60);
/// How often a key's release or answer that the store did not take is tried again.
const TRY_AGAIN: Duration = Duration::from_millis(500);
/// How long a key and its answer are kept.
pub const KEEP: Duration = Duration::from_secs(24 * 60 * 60);

fn stored(status: i64, body: String) -> Response {
    let status = StatusCode::from_u16(status as u16).unwrap_or(StatusCode::OK);
    let mut response = (status, body).into_response();
    response.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static("application/json"));
    response.headers_mut().insert("idempotent-replay", HeaderValue::from_static("true"));
    response
}

fn ms(d: Duration) -> i64 {
    d.as_millis() as i64
}

/// The request a key is bound to: method, path and query, and body.
fn request_hash(request: &Request, body: &[u8]) -> String {
    let mut h = Sha256::new();
    h.update(request.method().as_str().as_bytes());
    h.update(b" ");
    h.update(request.uri().path_and_query().map_or("", |p| p.as_str()).as_bytes());
    h.update(b"\n");
    h.update(body);
    h.finalize().iter().map(|b| format!("{b:02x}")).collect()
}

pub async fn layer(State(state): State<AppState>, request: Request, next: Next) -> Response {
    let key = request.headers().get("idempotency-key").and_then(|v| v.to_str().ok()).map(str::trim).map(str::to_owned);
    let Some(key) = key.filter(|k| !k.is_empty()) else {
        return next.run(request).await;
    };
    if key.len() > MAX_KEY {
        return ApiError::bad(say::KEY_TOO_LONG).into_response();
    }
    let Some(caller) = request.extensions().get::<Caller>().cloned() else {
        return ApiError::Unauthorized.into_response();
    };
    let path = request.uri().path().to_owned();
    let scope = format!("{} {path}", caller.scope());
    let (parts, body) = request.into_parts();
    let Ok(body) = to_bytes(body, crate::BODY_LIMIT).await else {
        return ApiError::TooLarge.into_response();
    };
    let request = Request::from_parts(parts, Body::from(body.clone()));
    let hash = request_hash(&request, &body);
    let started = std::time::Instant::now();
    loop {
        let now = now_unix_ms();
        let claim = Claim {
            scope: &scope,
            key: &key,
            path: &path,
            request_hash: &hash,
            now_ms: now,
            lease_until: now + ms(LEASE),
            forget_before: now - ms(KEEP),
        };
        match store::claim(&state.pool, &claim).await {
            Err(e) => {
                // The claim may have committed with its answer lost (a primary failing over):
                // released like a failed call's, or the client's retry would wait out the lease.
                forget(&state, &scope, &key, now).await;
                return ApiError::from(e).into_response();
            }
            Ok(true) => return run(&state, &scope, &key, now, request, next).await,
            Ok(false) => {}
        }
        match store::find(&state.pool, &scope, &key).await {
            Err(e) => return ApiError::from(e).into_response(),
            // Forgotten since (the first call failed on our side): claim it again.
            Ok(None) => continue,
            Ok(Some(row)) if row.request_hash != hash => {
                return ApiError::Unprocessable(say::KEY_OTHER_BODY.into()).into_response();
            }
            Ok(Some(row)) if row.status != 0 => return stored(row.status, row.body),
            // Still running: wait for its answer, or for its lease to end.
            Ok(Some(_)) => {}
        }
        if started.elapsed() > WAIT {
            return ApiError::conflict(say::KEY_RUNNING).into_response();
        }
        tokio::time::sleep(POLL).await;
    }
}

/// Runs the call that claimed the key, and keeps its answer. A 5xx is not an answer, nor is a
/// 429 (busy, rate-limited, waiting for an admission): the call did nothing, and the key is
/// released for the client's retry, which must not be told "busy" again for good.
async fn run(state: &AppState, scope: &str, key: &str, claimed_at: i64, request: Request, next: Next) -> Response {
    let response = next.run(request).await;
    let (parts, body) = response.into_parts();
    let Ok(bytes) = to_bytes(body, MAX_ANSWER).await else {
        forget(state, scope, key, claimed_at).await;
        return ApiError::Internal("answer too large to keep for idempotency".into()).into_response();
    };
    if parts.status.is_server_error() || parts.status == axum::http::StatusCode::TOO_MANY_REQUESTS {
        forget(state, scope, key, claimed_at).await;
    } else {
        // Kept even if the store is away for a moment: a retry after the lease would run the
        // call again.
        let (status, body) = (parts.status.as_u16(), String::from_utf8_lossy(&bytes).into_owned());
        let (scope, key) = (scope.to_owned(), key.to_owned());
        until_done(state, "keep an idempotent answer", move |pool| {
            let (scope, key, body) = (scope.clone(), key.clone(), body.clone());
            async move { store::save(&pool, &scope, &key, claimed_at, status, &body).await }
        })
        .await;
    }
    Response::from_parts(parts, Body::from(bytes))
}

/// Releases the key. A store that is away (failing over, as likely as not the reason the call
/// failed) is asked again in the background until the lease would have ended anyway: the
/// client's retry waits for the key, and must not wait out the whole lease.
async fn forget(state: &AppState, scope: &str, key: &str, claimed_at: i64) {
    let (scope, key) = (scope.to_owned(), key.to_owned());
    until_done(state, "release an idempotency key", move |pool| {
        let (scope, key) = (scope.clone(), key.clone());
        async move { store::forget(&pool, &scope, &key, claimed_at).await }
    })
    .await;
}

/// Runs `op` on the store now and, while it fails, again in the background every
/// [`TRY_AGAIN`] until the lease would have ended anyway. Both are bound to the claim's
/// `created_at`, so a late run never touches a later claim of the key.
async fn until_done<F, Fut>(state: &AppState, what: &'static str, op: F)
where
    F: Fn(crate::store::pool::Pool) -> Fut + Send + 'static,
    Fut: std::future::Future<Output = Result<(), sqlx::Error>> + Send,
{
    if op(state.pool.clone()).await.is_ok() {
        return;
    }
    let pool = state.pool.clone();
    tokio::spawn(async move {
        let until = std::time::Instant::now() + LEASE;
        loop {
            tokio::time::sleep(TRY_AGAIN).await;
            match op(pool.clone()).await {
                Ok(()) => return,
                Err(e) if std::time::Instant::now() >= until => {
                    tracing::error!(error = %e, "cannot {what}; the key's lease ends it");
                    return;
                }
                Err(_) => {}
            }
        }
    });
}
