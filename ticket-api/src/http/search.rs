//! `get-schedule-trips`: extract, call the domain, answer its kept JSON.

use axum::extract::State;
use axum::response::Response;
use core_wasm::contract::trips::TripSearchRequest;

use crate::AppState;
use crate::domain::identity::Caller;
use crate::domain::search;
use crate::error::ApiError;
use crate::http::extract::{At, Body, json_response};
use crate::http::kept;

pub async fn schedule_trips(
    State(state): State<AppState>,
    At(service): At,
    caller: Caller,
    Body(request): Body<TripSearchRequest>,
) -> Result<Response, ApiError> {
    caller.check_named(request.user_id.as_deref(), request.anonymous_id.as_deref())?;
    Ok(json_response(search::search(&state, service, &request, kept::success).await?))
}
