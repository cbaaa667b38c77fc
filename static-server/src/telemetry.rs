//! Logs: `tracing` to stdout, filtered by `RUST_LOG`, one span per request carrying its id.

use std::io::IsTerminal;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use axum::Router;
use axum::body::Body;
use axum::http::{HeaderValue, Request};
use tower_http::request_id::{MakeRequestId, PropagateRequestIdLayer, RequestId, SetRequestIdLayer};
use tower_http::trace::TraceLayer;
use tracing_subscriber::EnvFilter;

use crate::config::ConfigError;

/// Quiet by default: start-up and errors. sqlx would otherwise log each slow statement at info.
pub const DEFAULT_FILTER: &str = "info,sqlx=warn";

/// Installs the global subscriber. `rust_log` is the `RUST_LOG` value, if set.
pub fn init(rust_log: Option<&str>) -> Result<(), ConfigError> {
    let filter = match rust_log.map(str::trim).filter(|v| !v.is_empty()) {
        Some(directives) => EnvFilter::try_new(directives).map_err(|e| ConfigError {
            variable: "RUST_LOG",
            value: directives.to_owned(),
            reason: e.to_string(),
        })?,
        None => EnvFilter::new(DEFAULT_FILTER),
    };
    // Fails only if a subscriber is already installed (a test harness): keep that one.
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        // Colour codes only for a person at a terminal, not in log files and CI output.
        .with_ansi(std::io::stdout().is_terminal())
        .try_init();
    Ok(())
}

/// Wraps `router` so each request gets an `x-request-id` (kept if a proxy already set one),
/// a span with that id around everything logged while it is handled, and the id echoed in the
/// response so a user's report can be matched with the log.
pub fn with_request_tracing(router: Router) -> Router {
    // `Router::layer` wraps what is already there, so the last layer added runs first.
    router
        .layer(PropagateRequestIdLayer::x_request_id())
        .layer(TraceLayer::new_for_http().make_span_with(request_span))
        .layer(SetRequestIdLayer::x_request_id(Sequential::new()))
}

/// Request ids: this process's own prefix and a count. Unique across processes and restarts
/// without a random UUID per request (a system call, a fiftieth of a status poll's time).
#[derive(Clone)]
struct Sequential {
    prefix: Arc<str>,
    next: Arc<AtomicU64>,
}

impl Sequential {
    fn new() -> Sequential {
        let started = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default();
        let prefix = format!("{:x}{:x}", std::process::id(), started.as_nanos() & 0xffff_ffff_ffff);
        Sequential { prefix: prefix.into(), next: Arc::default() }
    }
}

impl MakeRequestId for Sequential {
    fn make_request_id<B>(&mut self, _request: &Request<B>) -> Option<RequestId> {
        let n = self.next.fetch_add(1, Ordering::Relaxed);
        HeaderValue::from_str(&format!("{}-{n:x}", self.prefix)).ok().map(RequestId::new)
    }
}

/// The path without the query string: queries carry phone numbers and transaction ids.
fn request_span(request: &Request<Body>) -> tracing::Span {
    let id = request.headers().get("x-request-id").and_then(|v| v.to_str().ok()).unwrap_or("-");
    tracing::info_span!("request", id, method = %request.method(), path = request.uri().path())
}
