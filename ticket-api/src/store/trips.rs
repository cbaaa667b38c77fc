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

/// Whether the operator cancelled the trip.
pub async fn cancelled<'c>(e: impl Exec<'c>, trip_id: &str) -> Result<bool, sqlx::Error> {
    let at: Option<Option<i64>> =
        sqlx::query_scalar("SELECT cancelled_at FROM trips WHERE id = $1").bind(trip_id).fetch_optional(e).await?;
    Ok(matches!(at, Some(Some(_))))
}

pub async fn operator<'c>(e: impl Exec<'c>, trip_id: &str) -> Result<String, sqlx::Error> {
    sqlx::query_scalar("SELECT operator_id FROM trips WHERE id = $1").bind(trip_id).fetch_one(e).await
}

/// Where and when a trip runs, for a trip the timetable in memory does not have yet.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct TimetableRow {
    pub id: String,
    pub route_id: String,
    pub operator_id: String,
    #[sqlx(try_from = "String")]
    pub service: core_wasm::service::Service,
    pub departs_at: i64,
    pub layout_id: String,
    pub online_quota: Option<i64>,
    /// Set once the operator cancelled it (issue 37).
    pub cancelled_at: Option<i64>,
}

pub async fn timetable<'c>(e: impl Exec<'c>, trip_id: &str) -> Result<Option<TimetableRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT t.id, t.route_id, t.operator_id, t.service, t.departs_at, COALESCE(t.layout_id, v.layout_id) AS layout_id, \
         t.online_quota, t.cancelled_at FROM trips t JOIN vehicles v ON v.id = t.vehicle_id WHERE t.id = $1",
    )
    .bind(trip_id)
    .fetch_optional(e)
    .await
}

/// Whether each stop of a route boards and drops passengers (1 or 0), in order.
pub async fn stop_ends<'c>(e: impl Exec<'c>, route_id: &str) -> Result<Vec<(i64, i64)>, sqlx::Error> {
    sqlx::query_as("SELECT boards, drops FROM route_stops WHERE route_id = $1 ORDER BY stop_index")
        .bind(route_id)
        .fetch_all(e)
        .await
}

/// The city of each stop of a route, in order.
pub async fn stop_cities<'c>(e: impl Exec<'c>, route_id: &str) -> Result<Vec<String>, sqlx::Error> {
    sqlx::query_scalar("SELECT city_id FROM route_stops WHERE route_id = $1 ORDER BY stop_index")
        .bind(route_id)
        .fetch_all(e)
        .await
}

/// A boarding or dropping point of a route, at its stop.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct RoutePointRow {
    pub stop_index: i64,
    pub minutes_from_start: i64,
    pub id: String,
    pub name: String,
    pub name_bn: Option<String>,
    pub address: String,
}

pub async fn route_points<'c>(e: impl Exec<'c>, route_id: &str) -> Result<Vec<RoutePointRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT rp.stop_index, rp.minutes_from_start, p.id, p.name, p.name_bn, p.address FROM route_points rp \
         JOIN points p ON p.id = rp.point_id WHERE rp.route_id = $1 ORDER BY rp.minutes_from_start, p.name",
    )
    .bind(route_id)
    .fetch_all(e)
    .await
}
