//! Calls whose transaction the store rolled back for contention (a serialization failure or a
//! deadlock, [`ApiError::Busy`]) run again here, a few times with growing pauses, before the
//! traveller is told the site is busy. The rollback was whole, so running the call again is what
//! the traveller's own retry would do, sooner; a distributed SQL engine answers 40001 as a matter
//! of course under contention, PostgreSQL seldom.

use std::convert::Infallible;
use std::task::{Context, Poll};
use std::time::Duration;

use axum::body::{Body, to_bytes};
use axum::extract::Request;
use axum::response::{IntoResponse, Response};
use futures_util::future::BoxFuture;
use tower::{Layer, Service, ServiceExt};

use crate::error::{ApiError, TryAgain};

/// Runs in all, the first included.
pub const ATTEMPTS: u32 = 4;
/// The pause before the first retry; each next one doubles, plus up to as much again at random
/// (so the calls that collided do not collide again in step).
const FIRST_PAUSE: Duration = Duration::from_millis(10);

/// Wraps a route: its calls answered [`ApiError::Busy`] run again.
#[derive(Debug, Clone, Copy)]
pub struct RetryBusy {
    /// The body is read whole to be sent again: no call takes more.
    pub body_limit: usize,
}

impl<S> Layer<S> for RetryBusy {
    type Service = Retrying<S>;

    fn layer(&self, inner: S) -> Retrying<S> {
        Retrying { inner, body_limit: self.body_limit }
    }
}

#[derive(Debug, Clone)]
pub struct Retrying<S> {
    inner: S,
    body_limit: usize,
}

impl<S> Service<Request> for Retrying<S>
where
    S: Service<Request, Response = Response, Error = Infallible> + Clone + Send + 'static,
    S::Future: Send,
{
    type Response = Response;
    type Error = Infallible;
    type Future = BoxFuture<'static, Result<Response, Infallible>>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Infallible>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, request: Request) -> Self::Future {
        // The service that was polled ready runs first; clones run the retries.
        let ready = self.inner.clone();
        let mut inner = std::mem::replace(&mut self.inner, ready);
        let body_limit = self.body_limit;
        Box::pin(async move {
            let (parts, body) = request.into_parts();
            let Ok(bytes) = to_bytes(body, body_limit).await else {
                return Ok(ApiError::TooLarge.into_response());
            };
            let again = |bytes: axum::body::Bytes| {
                let mut request = Request::new(Body::from(bytes));
                *request.method_mut() = parts.method.clone();
                *request.uri_mut() = parts.uri.clone();
                *request.version_mut() = parts.version;
                *request.headers_mut() = parts.headers.clone();
                *request.extensions_mut() = parts.extensions.clone();
                request
            };
            let mut response = inner.call(again(bytes.clone())).await?;
            for attempt in 1..ATTEMPTS {
                if response.extensions().get::<TryAgain>().is_none() {
                    break;
                }
                tokio::time::sleep(pause(attempt)).await;
                response = inner.clone().oneshot(again(bytes.clone())).await?;
            }
            Ok(response)
        })
    }
}

/// The pause before retry `attempt` (1 for the first).
fn pause(attempt: u32) -> Duration {
    let base = FIRST_PAUSE * 2u32.pow(attempt - 1);
    let spread = crate::ids::random_bytes::<1>().map_or(0, |[b]| u32::from(b));
    base + base * spread / 255
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicU32, Ordering};

    use axum::http::StatusCode;
    use tower::service_fn;

    use super::*;

    /// A call that is busy its first `busy` runs, then answers its body back.
    fn busy_for(
        busy: u32,
        runs: Arc<AtomicU32>,
    ) -> Retrying<impl Service<Request, Response = Response, Error = Infallible, Future: Send> + Clone + Send> {
        let inner = service_fn(move |request: Request| {
            let runs = Arc::clone(&runs);
            async move {
                let run = runs.fetch_add(1, Ordering::SeqCst) + 1;
                let body = to_bytes(request.into_body(), 1_000).await.unwrap_or_default();
                Ok::<_, Infallible>(if run <= busy { ApiError::Busy.into_response() } else { body.into_response() })
            }
        });
        RetryBusy { body_limit: 1_000 }.layer(inner)
    }

    async fn send(
        service: Retrying<
            impl Service<Request, Response = Response, Error = Infallible, Future: Send> + Clone + Send + 'static,
        >,
    ) -> (StatusCode, String) {
        let response = service.oneshot(Request::new(Body::from("{\"tnxId\":\"T1\"}"))).await.unwrap();
        let status = response.status();
        (status, String::from_utf8(to_bytes(response.into_body(), 10_000).await.unwrap().to_vec()).unwrap())
    }

    #[tokio::test]
    async fn a_call_rolled_back_for_contention_runs_again_with_the_same_body() {
        let runs = Arc::new(AtomicU32::new(0));
        let (status, body) = send(busy_for(2, Arc::clone(&runs))).await;
        assert_eq!((status, body.as_str()), (StatusCode::OK, "{\"tnxId\":\"T1\"}"));
        assert_eq!(runs.load(Ordering::SeqCst), 3);
    }

    #[tokio::test]
    async fn after_its_attempts_the_traveller_is_told_the_site_is_busy() {
        let runs = Arc::new(AtomicU32::new(0));
        let (status, body) = send(busy_for(u32::MAX, Arc::clone(&runs))).await;
        assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{body}");
        assert!(body.contains("busy"), "{body}");
        assert_eq!(runs.load(Ordering::SeqCst), ATTEMPTS);
    }

    #[tokio::test]
    async fn other_answers_are_not_run_again() {
        let runs = Arc::new(AtomicU32::new(0));
        let inner = service_fn({
            let runs = Arc::clone(&runs);
            move |_: Request| {
                runs.fetch_add(1, Ordering::SeqCst);
                async {
                    Ok::<_, Infallible>(
                        ApiError::TooMany(core_wasm::server_messages::SLOW_DOWN.with(&[("seconds", "5")]), 5)
                            .into_response(),
                    )
                }
            }
        });
        let response = RetryBusy { body_limit: 10 }.layer(inner).oneshot(Request::new(Body::empty())).await.unwrap();
        assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS);
        assert_eq!(runs.load(Ordering::SeqCst), 1, "a rate limit is not contention");
    }

    #[test]
    fn pauses_grow_and_spread() {
        for attempt in 1..ATTEMPTS {
            let base = FIRST_PAUSE * 2u32.pow(attempt - 1);
            let p = pause(attempt);
            assert!(p >= base && p <= 2 * base, "{attempt}: {p:?}");
        }
    }
}
