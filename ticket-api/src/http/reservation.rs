//! `bus-reservation`: a full-bus request, validated by the core's rules (the same the site uses),
//! stored, acknowledged.

use axum::Json;
use axum::extract::State;
use core_wasm::contract::envelope::Envelope;
use core_wasm::contract::reservation::{ReservationAck, ReservationForm};
use core_wasm::reservation;
use core_wasm::server_messages as say;

use crate::AppState;
use crate::error::ApiError;
use crate::ids::new_id;
use crate::wire::{Body, now_unix_ms, today};

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
    let id = new_id("reservation");
    sqlx::query(
        "INSERT INTO reservations (id, journey_date, return_date, bus_type, boarding_place, dropping_place, number_of_seats, \
         number_of_buses, preferred_bus, comment, contact_name, contact_phone, contact_email, approximate_budget, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)",
    )
    .bind(&id)
    .bind(valid.journey_date.to_string())
    .bind(valid.return_date.map(|d| d.to_string()))
    .bind(serde_json::to_value(valid.bus_type).ok().and_then(|v| v.as_str().map(str::to_owned)).unwrap_or_default())
    .bind(&valid.boarding_place)
    .bind(&valid.dropping_place)
    .bind(valid.number_of_seats as i64)
    .bind(valid.number_of_buses as i64)
    .bind(valid.preferred_bus.as_deref())
    .bind(valid.comment.as_deref())
    .bind(&valid.contact_name)
    .bind(valid.contact_phone.as_str())
    .bind(valid.contact_email.as_ref().map(|e| e.as_str()))
    .bind(valid.approximate_budget as i64)
    .bind(now_unix_ms())
    .execute(&state.pool)
    .await?;
    Ok(Json(Envelope { status_code: 200, message: SUBMITTED.to_owned(), data: ReservationAck { id } }))
}
