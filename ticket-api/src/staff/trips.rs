//! The trips of an operator as the back office sees them: coming departures and their sales,
//! and the job that makes them from schedules.

use core_wasm::contract::staff::{Generated, StaffTrip, StaffTrips};
use core_wasm::staff::schedule::departure_text;
use core_wasm::time::Date;

use super::access::Staff;
use super::schedules::{self, HORIZON_DAYS, Made};
use super::write;
use crate::AppState;
use crate::error::ApiError;

/// Most trips a list answers (the coming ones first).
const MAX_LISTED: i64 = 2_000;

#[derive(Debug, sqlx::FromRow)]
struct TripRow {
    id: String,
    route_id: String,
    schedule_id: Option<String>,
    operator_id: String,
    departs_at: i64,
    seats: i64,
    sold: i64,
    cancelled: i64,
}

/// `GET staff/trips`: trips from today, with their seats and the seats sold on their first leg
/// or any (a seat sold on any leg counts once).
pub async fn list(state: &AppState, staff: &Staff) -> Result<StaffTrips, ApiError> {
    let today = crate::clock::today().days_since_epoch() * 24 * 60;
    let rows: Vec<TripRow> = sqlx::query_as(
        "SELECT t.id, t.route_id, t.schedule_id, t.operator_id, t.departs_at, \
         (SELECT COUNT(*) FROM layout_seats s WHERE s.layout_id = COALESCE(t.layout_id, v.layout_id)) AS seats, \
         (SELECT COUNT(DISTINCT c.seat_no) FROM seat_claims c WHERE c.trip_id = t.id AND c.state = 'sold') AS sold, \
         CASE WHEN t.cancelled_at IS NULL THEN 0 ELSE 1 END AS cancelled \
         FROM trips t JOIN vehicles v ON v.id = t.vehicle_id WHERE t.departs_at >= $1 ORDER BY t.departs_at, t.id",
    )
    .bind(today)
    .fetch_all(&state.pool)
    .await?;
    let trips = rows
        .into_iter()
        .filter(|r| staff.reach.covers(Some(&r.operator_id)))
        .take(MAX_LISTED as usize)
        .map(|r| {
            let date = Date::from_days_since_epoch(r.departs_at.div_euclid(24 * 60));
            StaffTrip {
                id: r.id,
                route_id: r.route_id,
                schedule_id: r.schedule_id,
                departs: format!("{date} {}", departure_text(r.departs_at.rem_euclid(24 * 60))),
                seats: r.seats,
                sold: r.sold,
                cancelled: r.cancelled != 0,
            }
        })
        .collect();
    Ok(StaffTrips { trips })
}

/// `POST staff/trips/generate`: the caller's schedules' trips up to `days` ahead.
pub async fn generate(state: &AppState, staff: &Staff, days: Option<u32>) -> Result<Generated, ApiError> {
    let days = days.unwrap_or(HORIZON_DAYS).clamp(1, 366);
    let mut w = write::begin(state).await?;
    let found = schedules::rows(&mut w.tx, schedules::operators_of(staff).as_deref()).await?;
    let made = schedules::generate(&mut w, &found, crate::clock::today(), days).await?;
    let after = Generated { trips_added: made.added, trips_changed: made.changed + made.removed };
    let operator = staff.reach.single().map(str::to_owned);
    w.finish(state, staff, operator.as_deref(), &format!("trips of {} schedules", found.len()), None, Some(&after))
        .await?;
    Ok(after)
}

/// The job: every schedule's trips up to the horizon (at start and every hour). Not a staff
/// write, so not audited; it writes only what the schedules already say.
pub async fn run_job(state: &AppState) -> Result<Made, ApiError> {
    let mut tx = state.pool.begin().await?;
    let found = schedules::rows(&mut tx, None).await?;
    tx.rollback().await?;
    if found.is_empty() {
        return Ok(Made::default());
    }
    let mut w = write::begin_unaudited(state).await?;
    let made = schedules::generate(&mut w, &found, crate::clock::today(), HORIZON_DAYS).await?;
    w.commit(state).await?;
    Ok(made)
}
