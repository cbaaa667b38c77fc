//! Serving a router on a listener, for both servers: each connection's peer address goes with
//! its requests (`ConnectInfo`, for the client address), a client has [`HEADER_READ_TIMEOUT`] to
//! send a request's head (a slow-loris connection is closed, not kept), and a shutdown signal
//! lets the requests in flight finish. `axum::serve` sets no header timeout at all. Heads are
//! read strictly: an HTTP/1.1 request without `Host`, or with a bare LF ending a line of its head,
//! is a 400 (hyper accepts both).

use std::convert::Infallible;
use std::future::Future;
use std::net::SocketAddr;
use std::time::Duration;

use axum::Router;
use axum::extract::ConnectInfo;
use axum::http::{HeaderValue, StatusCode, Version, header};
use axum::response::IntoResponse;
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use tokio::net::TcpListener;
use tower::ServiceExt;

use super::strict_heads::{HeadFlags, StrictHeads};

/// How long a client may take to send a request's line and headers.
pub const HEADER_READ_TIMEOUT: Duration = Duration::from_secs(10);
/// How long requests in flight may take to finish after a shutdown signal.
const DRAIN: Duration = Duration::from_secs(20);

/// The async runtime both servers run on: one worker thread more than the machine has cores
/// (`TOKIO_WORKER_THREADS` overrides). The SQLite store runs its statements in the request's own
/// task, so a worker waits out a commit's sync now and then; a spare worker keeps the cores busy
/// meanwhile (measured: status polls 47,000-48,000/s with 2 workers on 2 cores, 50,500-51,300/s
/// with 3 or 4; `tests/load/queue-bench.sh`).
pub fn runtime() -> std::io::Result<tokio::runtime::Runtime> {
    let mut builder = tokio::runtime::Builder::new_multi_thread();
    if std::env::var_os("TOKIO_WORKER_THREADS").is_none() {
        let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
        builder.worker_threads(cores + 1);
    }
    builder.enable_all().build()
}

/// A request refused before routing, with 400 and the connection closed: an HTTP/1.1 request
/// without `Host` (RFC 9112 §3.2: "A server MUST respond with a 400"), or one whose head had a
/// line ending in a bare LF ([`StrictHeads`]).
fn refused<B>(request: &hyper::Request<B>, heads: &HeadFlags) -> Option<axum::response::Response> {
    // Counted for every request, in the order hyper gives them.
    let bare_lf = heads.next_has_bare_lf();
    let hostless = request.version() == Version::HTTP_11 && !request.headers().contains_key(header::HOST);
    if !hostless && !bare_lf {
        return None;
    }
    let mut response = (StatusCode::BAD_REQUEST, "Bad Request").into_response();
    response.headers_mut().insert(header::CONNECTION, HeaderValue::from_static("close"));
    Some(response)
}

/// Serves `router` on `listener` until `shutdown` resolves, then drains.
pub async fn serve(listener: TcpListener, router: Router, shutdown: impl Future<Output = ()>) -> std::io::Result<()> {
    let mut builder = http1::Builder::new();
    builder.timer(TokioTimer::new()).header_read_timeout(HEADER_READ_TIMEOUT);
    let graceful = GracefulShutdown::new();
    let mut shutdown = std::pin::pin!(shutdown);
    loop {
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(pair) => pair,
                Err(e) => {
                    // Out of file descriptors and the like: wait a little rather than spin.
                    tracing::warn!(error = %e, "cannot accept a connection");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let router = router.clone();
        let (stream, heads) = StrictHeads::new(stream);
        let service = hyper::service::service_fn(move |mut request: hyper::Request<Incoming>| {
            request.extensions_mut().insert(ConnectInfo::<SocketAddr>(peer));
            let router = router.clone();
            let heads = heads.clone();
            async move {
                if let Some(refused) = refused(&request, &heads) {
                    return Ok(refused);
                }
                let answer: Result<_, Infallible> = router.oneshot(request.map(axum::body::Body::new)).await;
                answer.map(|mut response| {
                    if heads.unframed() {
                        // Its body was not followed: no later request on it goes unchecked.
                        response.headers_mut().insert(header::CONNECTION, HeaderValue::from_static("close"));
                    }
                    response
                })
            }
        });
        let connection = graceful.watch(builder.serve_connection(TokioIo::new(stream), service));
        tokio::spawn(async move {
            if let Err(e) = connection.await {
                tracing::debug!(error = %e, "connection ended with an error");
            }
        });
    }
    drop(listener);
    tokio::select! {
        () = graceful.shutdown() => {}
        () = tokio::time::sleep(DRAIN) => tracing::warn!("requests still running after the drain time; stopping"),
    }
    Ok(())
}
