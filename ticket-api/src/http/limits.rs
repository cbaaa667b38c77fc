//! The rate limits (`crate::limits`) in front of the calls: each request counts for its caller
//! and client address, and against the ceiling.

use axum::extract::{Request, State};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::AppState;
use crate::http::client_address;
use crate::limits::Limit;

/// Middleware: counts the request against `limit` for its caller and client address, and the
/// ceiling.
pub async fn layer(State((state, limit)): State<(AppState, Option<Limit>)>, request: Request, next: Next) -> Response {
    let (parts, body) = request.into_parts();
    let address = client_address::of_parts(&parts, &state);
    let caller = parts.extensions.get::<crate::domain::identity::Caller>().map(|c| c.scope());
    if let Err(e) = state.limits.check(limit, address, caller.as_deref()) {
        return e.into_response();
    }
    next.run(Request::from_parts(parts, body)).await
}
