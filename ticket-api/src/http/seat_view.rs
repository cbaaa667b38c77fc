//! `get-seat-view`: extract, call the domain, answer its kept JSON.

use axum::extract::State;
use axum::response::Response;
use core_wasm::contract::seats::SeatViewRequest;

use crate::AppState;
use crate::domain::identity::Caller;
use crate::domain::seat_view;
use crate::error::ApiError;
use crate::http::extract::{At, Body, json_response};
use crate::http::kept;

pub async fn seat_view(
    State(state): State<AppState>,
    At(service): At,
    caller: Caller,
    Body(request): Body<SeatViewRequest>,
) -> Result<Response, ApiError> {
    let viewer = caller.acting_for(request.user_id.as_deref(), request.anonymous_id.as_deref())?;
    Ok(json_response(seat_view::seat_view(&state, service, &viewer, &request, kept::success).await?))
}
