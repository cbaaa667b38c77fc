//! `reservations`: full-bus requests, kept for the operators to answer.

use core_wasm::reservation::Reservation;

use super::Exec;

pub async fn insert<'c>(e: impl Exec<'c>, id: &str, r: &Reservation, now_ms: i64) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO reservations (id, journey_date, return_date, bus_type, boarding_place, dropping_place, \
         number_of_seats, number_of_buses, preferred_bus, comment, contact_name, contact_phone, contact_email, \
         approximate_budget, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)",
    )
    .bind(id)
    .bind(r.journey_date.to_string())
    .bind(r.return_date.map(|d| d.to_string()))
    .bind(r.bus_type.as_str())
    .bind(&r.boarding_place)
    .bind(&r.dropping_place)
    .bind(r.number_of_seats as i64)
    .bind(r.number_of_buses as i64)
    .bind(r.preferred_bus.as_deref())
    .bind(r.comment.as_deref())
    .bind(&r.contact_name)
    .bind(r.contact_phone.as_str())
    .bind(r.contact_email.as_ref().map(|e| e.as_str()))
    .bind(r.approximate_budget as i64)
    .bind(now_ms)
    .execute(e)
    .await?;
    Ok(())
}
