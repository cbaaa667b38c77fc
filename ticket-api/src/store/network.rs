//! The timetable as stored: what `domain::network` loads into memory, one query per table.

use crate::store::pool::Pool;

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct CityRow {
    pub id: String,
    pub name: String,
    pub name_bn: Option<String>,
}

pub async fn cities(pool: &Pool) -> Result<Vec<CityRow>, sqlx::Error> {
    sqlx::query_as("SELECT id, name, name_bn FROM cities").fetch_all(pool).await
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct RouteRow {
    pub id: String,
    #[sqlx(try_from = "String")]
    pub service: core_wasm::service::Service,
    pub name: String,
    pub name_bn: Option<String>,
}

pub async fn routes(pool: &Pool) -> Result<Vec<RouteRow>, sqlx::Error> {
    sqlx::query_as("SELECT id, service, name, name_bn FROM routes").fetch_all(pool).await
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct StopRow {
    pub route_id: String,
    pub city_id: String,
    pub minutes_from_start: i64,
    pub boards: i64,
    pub drops: i64,
}

/// Every route's stops, in order.
pub async fn stops(pool: &Pool) -> Result<Vec<StopRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT route_id, city_id, minutes_from_start, boards, drops FROM route_stops ORDER BY route_id, stop_index",
    )
    .fetch_all(pool)
    .await
}

/// Other names of cities (alias, city id).
pub async fn city_aliases(pool: &Pool) -> Result<Vec<(String, String)>, sqlx::Error> {
    sqlx::query_as("SELECT alias, city_id FROM city_aliases").fetch_all(pool).await
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct PointRow {
    pub route_id: String,
    pub stop_index: i64,
    pub minutes_from_start: i64,
    pub id: String,
    pub name: String,
    pub name_bn: Option<String>,
    pub address: String,
}

/// Every route's boarding and dropping points, in time order.
pub async fn points(pool: &Pool) -> Result<Vec<PointRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT rp.route_id, rp.stop_index, rp.minutes_from_start, p.id, p.name, p.name_bn, p.address FROM route_points rp \
         JOIN points p ON p.id = rp.point_id ORDER BY rp.route_id, rp.minutes_from_start, p.name",
    )
    .fetch_all(pool)
    .await
}

/// A trip's point moved to another place of its city (issue 37): the route's point and the
/// place's names.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct PointMoveRow {
    pub trip_id: String,
    pub point_id: String,
    pub id: String,
    pub name: String,
    pub name_bn: Option<String>,
    pub address: String,
}

const POINT_MOVES: &str = "SELECT m.trip_id, m.point_id, p.id, p.name, p.name_bn, p.address FROM trip_point_moves m \
     JOIN points p ON p.id = m.to_point_id";

/// Every trip's moved points.
pub async fn point_moves(pool: &Pool) -> Result<Vec<PointMoveRow>, sqlx::Error> {
    sqlx::query_as(POINT_MOVES).fetch_all(pool).await
}

/// One trip's moved points.
pub async fn point_moves_of<'c>(
    e: impl crate::store::Exec<'c>,
    trip_id: &str,
) -> Result<Vec<PointMoveRow>, sqlx::Error> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!("{POINT_MOVES} WHERE m.trip_id = $1"))).bind(trip_id).fetch_all(e).await
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct TripRow {
    pub id: String,
    pub route_id: String,
    pub departs_at: i64,
    pub operator_id: String,
    pub vehicle_id: String,
    /// The layout it sells: its own (a trip of a schedule), else its vehicle's.
    pub layout_id: String,
    /// Seats the website leaves to the counters (issue 41).
    pub online_quota: Option<i64>,
}

/// Every trip, in departure order.
pub async fn trips(pool: &Pool) -> Result<Vec<TripRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT t.id, t.route_id, t.departs_at, t.operator_id, t.vehicle_id, COALESCE(t.layout_id, v.layout_id) AS layout_id, \
         t.online_quota FROM trips t JOIN vehicles v ON v.id = t.vehicle_id WHERE t.cancelled_at IS NULL \
         ORDER BY t.departs_at, t.id",
    )
    .fetch_all(pool)
    .await
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct VehicleRow {
    pub id: String,
    pub name: String,
    pub name_bn: Option<String>,
    pub coach_type: Option<String>,
    pub bus_class: String,
    pub bus_class_bn: Option<String>,
    pub layout_id: String,
}

pub async fn vehicles(pool: &Pool) -> Result<Vec<VehicleRow>, sqlx::Error> {
    sqlx::query_as("SELECT id, name, name_bn, coach_type, bus_class, bus_class_bn, layout_id FROM vehicles")
        .fetch_all(pool)
        .await
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct OperatorRow {
    pub id: String,
    pub title: String,
    pub title_bn: Option<String>,
    pub logo: String,
    /// Its cancellation and date-change policy as JSON (issue 37); none: the site's.
    pub policy: Option<String>,
}

pub async fn operators(pool: &Pool) -> Result<Vec<OperatorRow>, sqlx::Error> {
    sqlx::query_as("SELECT id, title, title_bn, logo, policy FROM operators").fetch_all(pool).await
}

/// How many seats of a class a layout has.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ClassCountRow {
    pub layout_id: String,
    pub seat_class: String,
    pub seats: i64,
}

pub async fn class_counts(pool: &Pool) -> Result<Vec<ClassCountRow>, sqlx::Error> {
    sqlx::query_as("SELECT layout_id, seat_class, COUNT(*) AS seats FROM layout_seats GROUP BY layout_id, seat_class")
        .fetch_all(pool)
        .await
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct LayoutSeatRow {
    pub layout_id: String,
    pub seat_no: String,
    pub deck: String,
    pub deck_name: String,
    pub deck_name_bn: Option<String>,
    pub seat_class: String,
    pub class_name: String,
    pub class_name_bn: Option<String>,
    pub row_no: i64,
    pub col_no: i64,
    pub is_ladies: i64,
}

/// Every layout's seats, by deck, row and column.
pub async fn layout_seats(pool: &Pool) -> Result<Vec<LayoutSeatRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT layout_id, seat_no, deck, deck_name, deck_name_bn, seat_class, class_name, class_name_bn, row_no, col_no, \
         is_ladies \
         FROM layout_seats ORDER BY layout_id, deck, row_no, col_no",
    )
    .fetch_all(pool)
    .await
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct FareRow {
    pub route_id: String,
    pub operator_id: String,
    pub seat_class: String,
    pub from_stop: i64,
    pub to_stop: i64,
    pub fare: i64,
}

pub async fn fares(pool: &Pool) -> Result<Vec<FareRow>, sqlx::Error> {
    sqlx::query_as("SELECT route_id, operator_id, seat_class, from_stop, to_stop, fare FROM fares")
        .fetch_all(pool)
        .await
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct FarePeriodRow {
    pub route_id: String,
    pub operator_id: String,
    pub seat_class: String,
    pub from_stop: i64,
    pub to_stop: i64,
    pub first_date: String,
    pub last_date: String,
    pub fare: i64,
}

/// Fares for periods of travel dates (Eid fares).
pub async fn fare_periods(pool: &Pool) -> Result<Vec<FarePeriodRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT route_id, operator_id, seat_class, from_stop, to_stop, first_date, last_date, fare FROM fare_periods",
    )
    .fetch_all(pool)
    .await
}
