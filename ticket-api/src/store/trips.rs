//! What the booking pages read of a trip beyond the timetable in memory.

use super::Exec;

/// The coach or ship a trip runs with.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct VehicleRow {
    pub id: String,
    pub coach_type: Option<String>,
}

pub async fn vehicle<'c>(e: impl Exec<'c>, trip_id: &str) -> Result<VehicleRow, sqlx::Error> {
    sqlx::query_as("SELECT v.id, v.coach_type FROM trips t JOIN vehicles v ON v.id = t.vehicle_id WHERE t.id = $1")
        .bind(trip_id)
        .fetch_one(e)
        .await
}

pub async fn operator<'c>(e: impl Exec<'c>, trip_id: &str) -> Result<String, sqlx::Error> {
    sqlx::query_scalar("SELECT operator_id FROM trips WHERE id = $1").bind(trip_id).fetch_one(e).await
}
