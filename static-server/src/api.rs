//! The site's own endpoints under `/api` (SPEC §7, "own site"): rollout percentage, visitor
//! counter and the app's runtime configuration.

use axum::Router;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{DefaultBodyLimit, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};

use crate::config::{RolloutPercentage, SiteConfig};
use crate::visitors::{VisitDate, Visitors};
use core_wasm::server_messages as say;
use ticket_api::error::{self as api_error, ApiError, invalid};
use ticket_api::http::extract::is_json;

/// Visitor updates are a few dozen bytes; anything near this is not from the site.
pub const BODY_LIMIT: usize = 16 * 1024;

#[derive(Debug, Clone)]
struct ApiState {
    visitors: Visitors,
    /// Both answers never change while the process runs: serialise once, serve the bytes.
    rollout_json: Bytes,
    config_json: Bytes,
}

/// The `/api` routes. Unknown `/api` paths are answered by the site's fallback
/// (see `pages`), which knows that `/api` is JSON territory.
pub fn routes(rollout: RolloutPercentage, site: &SiteConfig, visitors: Visitors) -> Router {
    let state = ApiState {
        visitors,
        rollout_json: json_bytes(&serde_json::json!({ "percentage": rollout.get() })),
        config_json: json_bytes(site),
    };
    Router::new()
        .route("/api/get-rollout", get(get_rollout).fallback(api_error::method_not_allowed))
        .route("/api/config", get(get_config).fallback(api_error::method_not_allowed))
        .route(
            "/api/visitor-update",
            post(visitor_update).fallback(api_error::method_not_allowed).layer(DefaultBodyLimit::max(BODY_LIMIT)),
        )
        .with_state(state)
}

fn json_bytes(value: &impl serde::Serialize) -> Bytes {
    // Serialising our own plain structs cannot fail (string keys, no maps of non-strings).
    Bytes::from(serde_json::to_vec(value).unwrap_or_else(|_| b"{}".to_vec()))
}

/// A precomputed JSON body that clients must revalidate (a restart may change it).
fn fresh_json(body: &Bytes) -> Response {
    (
        [
            (header::CONTENT_TYPE, HeaderValue::from_static("application/json")),
            (header::CACHE_CONTROL, HeaderValue::from_static("no-cache")),
        ],
        body.clone(),
    )
        .into_response()
}

/// `GET /api/get-rollout` -> `{"percentage": N}`.
async fn get_rollout(State(state): State<ApiState>) -> Response {
    fresh_json(&state.rollout_json)
}

/// `GET /api/config` -> the app's runtime configuration.
async fn get_config(State(state): State<ApiState>) -> Response {
    fresh_json(&state.config_json)
}

#[derive(Debug, serde::Deserialize)]
struct VisitorUpdate {
    date: String,
}

#[derive(Debug, serde::Serialize)]
struct VisitorCount {
    count: i64,
}

/// `POST /api/visitor-update` `{"date":"YYYY-MM-DD"}` -> `{"count": N}`.
///
/// The body is taken as bytes and parsed here rather than with axum's `Json`, so that every
/// rejection (size, media type, syntax, types) comes out in the API's error envelope.
async fn visitor_update(
    State(state): State<ApiState>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    if !is_json(&headers) {
        // Requiring JSON also means a cross-site HTML form cannot post here without CORS.
        return Err(ApiError::UnsupportedMediaType);
    }
    let body = body.map_err(|rejection| {
        if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE {
            ApiError::TooLarge
        } else {
            invalid(&format!("cannot read request body: {}", rejection.body_text()))
        }
    })?;
    let update: VisitorUpdate =
        serde_json::from_slice(&body).map_err(|e| invalid(&format!("invalid JSON body: {e}")))?;
    let date = VisitDate::parse(&update.date).map_err(|e| ApiError::bad(say::BAD_DATE.with(&[("detail", &e)])))?;
    let count =
        state.visitors.record_visit(date).await.map_err(|e| ApiError::internal("recording a visit failed", &e))?;
    let mut response = axum::Json(VisitorCount { count }).into_response();
    response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    Ok(response)
}
