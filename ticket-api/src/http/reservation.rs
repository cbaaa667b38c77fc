//! `bus-reservation`: a full-bus request, validated by the core's rules (the same the site uses),
//! stored, acknowledged.

use axum::Json;
use axum::extract::State;
use core_wasm::contract::envelope::Envelope;
use core_wasm::contract::reservation::{ReservationAck, ReservationForm};
use core_wasm::reservation;
use core_wasm::server_messages as say;

use crate::AppState;
use crate::clock::{now_unix_ms, today};
use crate::error::ApiError;
use crate::http::extract::Body;
use crate::ids::new_id;
use crate::store::reservations;

/// SPEC §2: what the site says after a successful submit.
pub const SUBMITTED: &str = "Request submitted successfully";

pub async fn bus_reservation(
    State(state): State<AppState>,
    Body(form): Body<ReservationForm>,
) -> Result<Json<Envelope<ReservationAck>>, ApiError> {
    // The answer names every invalid field (SPEC keys), as the site highlights them.
    let valid = reservation::parse(&form, today()).map_err(|fields| {
        ApiError::BadRequest(fields.iter().map(|f| say::INVALID_FIELD.with(&[("field", f)])).collect())
    })?;
    let id = new_id("reservation")?;
    reservations::insert(&state.pool, &id, &valid, now_unix_ms()).await?;
    Ok(Json(Envelope { status_code: 200, message: SUBMITTED.to_owned(), data: ReservationAck { id } }))
}
