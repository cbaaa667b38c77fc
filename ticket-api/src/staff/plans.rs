//! When plans change, the operator's side (issue 37): its cancellation and date-change policy,
//! a trip's new departure or a point moved to another place (its travellers told, free to
//! cancel), and cancelling a trip.
//!
//! A trip's cancellation is one transaction that takes it off sale (after taking its pending
//! bookings' rows, so a payment being issued either finishes first and its ticket is found, or
//! sees the trip cancelled and is refunded), then a job that handles its tickets one by one,
//! each in a transaction of its own: the ticket cancelled by the operator with the whole amount
//! as its refund, the refund asked of the gateway that took the money (or kept for the
//! traveller to collect at a counter), one message queued, the job's counts. Killed anywhere, a
//! ticket is either wholly handled or not at all; the job resumes after a restart (its lease
//! runs out) and a ticket already cancelled is skipped, so no refund is asked twice and none is
//! missed. Refunds are sent by `domain::payments::refunds`, once per session and booking.

use std::time::Duration;

use core_wasm::contract::plans::{
    OperatorPolicy, PlaceChoice, PointMove, PointMoved, Policies, REASON_CHARS, TripCancel, TripCancellation,
    TripChange, TripChanged, TripPoint, TripPoints,
};
use core_wasm::contract::tickets::CancelledBy;
use core_wasm::staff::messages as say;

use super::access::{Staff, not_found};
use super::write;
use crate::AppState;
use crate::clock::now_unix_ms;
use crate::domain::payments::funds;
use crate::domain::policies;
use crate::error::ApiError;
use crate::store::messages::{self, Topic};
use crate::store::payments::RefundReason;
use crate::store::tickets;

/// How long a job is a process's before another may take it over (renewed with each ticket).
const LEASE_MS: i64 = 10_000;
/// How often unfinished cancellations are looked for (a restarted or another process resumes).
pub const RESUME_EVERY: Duration = Duration::from_secs(5);
/// Tickets read at a time.
const BATCH: i64 = 50;

/// `GET staff/policies`.
pub async fn policies(state: &AppState, staff: &Staff) -> Result<Policies, ApiError> {
    let rows: Vec<(String, Option<String>)> =
        sqlx::query_as("SELECT id, policy FROM operators ORDER BY id").fetch_all(&state.pool).await?;
    let operators = rows
        .into_iter()
        .filter(|(op, _)| staff.reach.covers(Some(op)))
        .map(|(op, stored)| OperatorPolicy {
            own: stored.is_some(),
            policy: policies::read(&state.config, stored.as_deref()),
            operator_id: Some(op),
        })
        .collect();
    Ok(Policies { operators })
}

/// `POST staff/policies`: tickets sold from now keep it; tickets sold before keep theirs.
pub async fn save_policy(state: &AppState, staff: &Staff, given: &OperatorPolicy) -> Result<OperatorPolicy, ApiError> {
    let op = staff.operator_for(given.operator_id.as_deref())?.ok_or_else(|| not_found("Operator"))?;
    core_wasm::policy::validate(&given.policy).map_err(|e| {
        ApiError::bad(say::INVALID.with(&[("field", &format!("policy.{}", e.field)), ("detail", &e.detail)]))
    })?;
    let json = serde_json::to_string(&given.policy).map_err(|e| ApiError::Internal(e.to_string()))?;
    let mut w = write::begin(state).await?;
    let before: Option<Option<String>> =
        sqlx::query_scalar("SELECT policy FROM operators WHERE id = $1").bind(&op).fetch_optional(&mut *w.tx).await?;
    let Some(before) = before else { return Err(not_found("Operator")) };
    sqlx::query("UPDATE operators SET policy = $1 WHERE id = $2").bind(&json).bind(&op).execute(&mut *w.tx).await?;
    // Bookings read their operator's policy from the timetable in memory.
    w.network_changed().await?;
    let before = OperatorPolicy {
        operator_id: Some(op.clone()),
        own: before.is_some(),
        policy: policies::read(&state.config, before.as_deref()),
    };
    let after = OperatorPolicy { operator_id: Some(op.clone()), policy: given.policy.clone(), own: true };
    w.finish(state, staff, Some(&op), &format!("policy of {op}"), Some(&before), Some(&after)).await?;
    Ok(after)
}

#[derive(Debug, sqlx::FromRow)]
struct TripRow {
    operator_id: String,
    departs_at: i64,
}

/// A trip of the caller's operators (another's is not found, as if it did not exist).
async fn reachable_trip(state: &AppState, staff: &Staff, trip_id: &str) -> Result<TripRow, ApiError> {
    let trip: Option<TripRow> = sqlx::query_as("SELECT operator_id, departs_at FROM trips WHERE id = $1")
        .bind(trip_id)
        .fetch_optional(&state.pool)
        .await?;
    trip.filter(|t| staff.reach.covers(Some(&t.operator_id))).ok_or_else(|| not_found("Trip"))
}

/// `POST staff/trips/cancel`: off sale at once, the job started; asked again, the same
/// cancellation's progress (nothing more happens).
pub async fn cancel_trip(state: &AppState, staff: &Staff, given: &TripCancel) -> Result<TripCancellation, ApiError> {
    let reason = given.reason.trim();
    if !REASON_CHARS.contains(&reason.chars().count()) {
        let detail = format!("{} to {} characters", REASON_CHARS.start(), REASON_CHARS.end());
        return Err(ApiError::bad(say::INVALID.with(&[("field", "reason"), ("detail", &detail)])));
    }
    let trip_id = given.trip_id.trim();
    let trip = reachable_trip(state, staff, trip_id).await?;
    if let Some(done) = progress_of(state, trip_id).await? {
        return Ok(done);
    }
    let now_minute = core_wasm::time::dhaka_now(now_unix_ms() as f64).epoch_minutes();
    if trip.departs_at <= now_minute {
        return Err(ApiError::conflict(core_wasm::server_messages::TRIP_DEPARTED));
    }
    let now = now_unix_ms();
    let mut w = write::begin(state).await?;
    // The pending bookings' rows first: a payment being issued holds its booking's row, so this
    // waits for it (its ticket is then the job's) or it waits for this (and sees the trip
    // cancelled). Then the trip's row, which a counter sale takes too.
    sqlx::query("UPDATE bookings SET status = status WHERE trip_id = $1 AND status = 'pending'")
        .bind(trip_id)
        .execute(&mut *w.tx)
        .await?;
    let off_sale = sqlx::query("UPDATE trips SET cancelled_at = $1 WHERE id = $2 AND cancelled_at IS NULL")
        .bind(now)
        .bind(trip_id)
        .execute(&mut *w.tx)
        .await?;
    if off_sale.rows_affected() == 0 {
        // Another manager's cancellation won the race: theirs stands.
        w.tx.rollback().await?;
        return progress_of(state, trip_id).await?.ok_or_else(|| not_found("Trip"));
    }
    sqlx::query(
        "INSERT INTO trip_cancellations (trip_id, operator_id, reason, staff_id, started_at) VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(trip_id)
    .bind(&trip.operator_id)
    .bind(reason)
    .bind(&staff.login.user_id)
    .bind(now)
    .execute(&mut *w.tx)
    .await?;
    // Off the timetable in memory: out of every search within seconds.
    w.network_changed().await?;
    let audit = serde_json::json!({"tripId": trip_id, "reason": reason});
    w.finish(state, staff, Some(&trip.operator_id), &format!("trip {trip_id}"), None, Some(&audit)).await?;
    let job = state.clone();
    let id = trip_id.to_owned();
    tokio::spawn(async move {
        if let Err(e) = run_job(&job, &id).await {
            tracing::warn!(trip = id, error = ?e, "a trip's cancellation stopped; it resumes shortly");
        }
    });
    progress_of(state, trip_id).await?.ok_or_else(|| not_found("Trip"))
}

/// `YYYY-MM-DD HH:MM`, as the call takes it.
fn local(at: core_wasm::time::DateTime) -> String {
    format!("{} {:02}:{:02}", at.date, at.minute_of_day / 60, at.minute_of_day % 60)
}

/// `POST staff/trips/change`: the trip leaves at another time (a schedule's job leaves it so);
/// each confirmed ticket's traveller is told once per change and may cancel free of charge.
pub async fn change_trip(state: &AppState, staff: &Staff, given: &TripChange) -> Result<TripChanged, ApiError> {
    let departs = core_wasm::time::parse_local(given.departs.trim()).map_err(|_| {
        ApiError::bad(say::INVALID.with(&[("field", "departs"), ("detail", "a time such as 2026-12-24 07:30")]))
    })?;
    let trip_id = given.trip_id.trim();
    let trip = reachable_trip(state, staff, trip_id).await?;
    let now_minute = core_wasm::time::dhaka_now(now_unix_ms() as f64).epoch_minutes();
    if trip.departs_at <= now_minute {
        return Err(ApiError::conflict(core_wasm::server_messages::TRIP_DEPARTED));
    }
    if departs.epoch_minutes() <= now_minute {
        return Err(ApiError::bad(say::INVALID.with(&[("field", "departs"), ("detail", "a time still to come")])));
    }
    let now = now_unix_ms();
    let mut w = write::begin(state).await?;
    let moved = sqlx::query(
        "UPDATE trips SET departs_at = $1, changed_at = $2 WHERE id = $3 AND cancelled_at IS NULL AND departs_at = $4",
    )
    .bind(departs.epoch_minutes())
    .bind(now)
    .bind(trip_id)
    .bind(trip.departs_at)
    .execute(&mut *w.tx)
    .await?;
    if moved.rows_affected() == 0 {
        // Cancelled, or changed by someone else since it was read: nothing is told twice.
        w.tx.rollback().await?;
        return Err(ApiError::conflict(core_wasm::server_messages::TRIP_CANCELLED));
    }
    let holders: Vec<(String, String)> = sqlx::query_as(
        "SELECT t.id, b.phone FROM tickets t JOIN bookings b ON b.id = t.booking_id WHERE b.trip_id = $1 \
         AND t.status = 'confirmed' AND b.phone <> ''",
    )
    .bind(trip_id)
    .fetch_all(&mut *w.tx)
    .await?;
    for (ticket, phone) in &holders {
        messages::queue_now(&mut *w.tx, &Topic::Changed(ticket, now), phone, now).await?;
    }
    w.network_changed().await?;
    let before = local(core_wasm::time::DateTime::from_epoch_minutes(trip.departs_at));
    let after =
        TripChanged { trip_id: trip_id.to_owned(), departs: local(departs), tickets_told: holders.len() as i64 };
    let audit_before = TripChanged { departs: before, ..after.clone() };
    w.finish(state, staff, Some(&trip.operator_id), &format!("trip {trip_id}"), Some(&audit_before), Some(&after))
        .await?;
    Ok(after)
}

/// A point of the trip's route, at its stop.
#[derive(Debug, sqlx::FromRow)]
struct RoutePlace {
    id: String,
    name: String,
    city_id: String,
    stop_index: i64,
}

/// `GET staff/trips/points/{id}`.
pub async fn trip_points(state: &AppState, staff: &Staff, trip_id: &str) -> Result<TripPoints, ApiError> {
    Ok(points_of(state, staff, trip_id.trim()).await?.2)
}

/// The trip, its route's points at their stops, and the points as the call lists them.
async fn points_of(
    state: &AppState,
    staff: &Staff,
    trip_id: &str,
) -> Result<(TripRow, Vec<(String, i64)>, TripPoints), ApiError> {
    let trip = reachable_trip(state, staff, trip_id).await?;
    let route = route_places(state, trip_id).await?;
    let stops = route.iter().map(|r| (r.id.clone(), r.stop_index)).collect();
    let moved: Vec<(String, String, String)> = sqlx::query_as(
        "SELECT m.point_id, p.id, p.name FROM trip_point_moves m JOIN points p ON p.id = m.to_point_id \
         WHERE m.trip_id = $1",
    )
    .bind(trip_id)
    .fetch_all(&state.pool)
    .await?;
    // The operator's own places and the shared ones, in the route's cities.
    let places: Vec<(String, String, String)> = sqlx::query_as(
        "SELECT p.id, p.name, p.city_id FROM points p WHERE (p.operator_id IS NULL OR p.operator_id = $1) \
         AND p.city_id IN (SELECT p2.city_id FROM trips t JOIN route_points rp ON rp.route_id = t.route_id \
         JOIN points p2 ON p2.id = rp.point_id WHERE t.id = $2) ORDER BY p.name, p.id",
    )
    .bind(&trip.operator_id)
    .bind(trip_id)
    .fetch_all(&state.pool)
    .await?;
    let points = route
        .into_iter()
        .map(|r| TripPoint {
            moved_to: moved
                .iter()
                .find(|(from, ..)| *from == r.id)
                .map(|(_, id, name)| PlaceChoice { id: id.clone(), name: name.clone() }),
            choices: places
                .iter()
                .filter(|(.., city)| *city == r.city_id)
                .map(|(id, name, _)| PlaceChoice { id: id.clone(), name: name.clone() })
                .collect(),
            point_id: r.id,
            name: r.name,
            city_id: r.city_id,
        })
        .collect();
    Ok((trip, stops, TripPoints { trip_id: trip_id.to_owned(), points }))
}

/// The trip's route points in time order (as a trip's points are listed).
async fn route_places(state: &AppState, trip_id: &str) -> Result<Vec<RoutePlace>, ApiError> {
    Ok(sqlx::query_as(
        "SELECT p.id, p.name, p.city_id, rp.stop_index FROM trips t JOIN route_points rp ON rp.route_id = t.route_id \
         JOIN points p ON p.id = rp.point_id WHERE t.id = $1 ORDER BY rp.minutes_from_start, p.name",
    )
    .bind(trip_id)
    .fetch_all(&state.pool)
    .await?)
}

/// `POST staff/trips/points`: the trip's bookings and holds at the point name the other place,
/// and the tickets boarding there are told once.
pub async fn move_point(state: &AppState, staff: &Staff, given: &PointMove) -> Result<PointMoved, ApiError> {
    let trip_id = given.trip_id.trim();
    let (trip, route, listed) = points_of(state, staff, trip_id).await?;
    let now_minute = core_wasm::time::dhaka_now(now_unix_ms() as f64).epoch_minutes();
    if trip.departs_at <= now_minute {
        return Err(ApiError::conflict(core_wasm::server_messages::TRIP_DEPARTED));
    }
    let invalid = |field: &str, detail: &str| ApiError::bad(say::INVALID.with(&[("field", field), ("detail", detail)]));
    let point = listed
        .points
        .iter()
        .find(|p| p.point_id == given.point_id.trim())
        .ok_or_else(|| invalid("pointId", "a point of the trip's route"))?;
    let to = point
        .choices
        .iter()
        .find(|c| c.id == given.to_point_id.trim())
        .ok_or_else(|| invalid("toPointId", "a place of the point's city, the operator's or shared"))?;
    // A booking that chose no point boards at its stop's first: it moves with that point.
    let stop = route.iter().find(|(id, _)| *id == point.point_id).map_or(-1, |(_, stop)| *stop);
    let first_at_stop = route.iter().find(|(_, at)| *at == stop).is_some_and(|(id, _)| *id == point.point_id);

    let now = now_unix_ms();
    let mut w = write::begin(state).await?;
    // The trip's row first: its moves, new departure and cancellation wait for each other, so
    // each reads the names the one before it left.
    let open = sqlx::query("UPDATE trips SET cancelled_at = cancelled_at WHERE id = $1 AND cancelled_at IS NULL")
        .bind(trip_id)
        .execute(&mut *w.tx)
        .await?;
    if open.rows_affected() == 0 {
        w.tx.rollback().await?;
        return Err(ApiError::conflict(core_wasm::server_messages::TRIP_CANCELLED));
    }
    let was: Option<(String, String)> = sqlx::query_as(
        "SELECT p.id, p.name FROM trip_point_moves m JOIN points p ON p.id = m.to_point_id \
         WHERE m.trip_id = $1 AND m.point_id = $2",
    )
    .bind(trip_id)
    .bind(&point.point_id)
    .fetch_optional(&mut *w.tx)
    .await?;
    let (was_id, was_name) = was.unwrap_or_else(|| (point.point_id.clone(), point.name.clone()));
    let mut moved = PointMoved {
        trip_id: trip_id.to_owned(),
        point_id: point.point_id.clone(),
        to_point_id: to.id.clone(),
        name: to.name.clone(),
        tickets_told: 0,
    };
    if was_id == to.id {
        // Already there: nobody is told again.
        w.tx.rollback().await?;
        return Ok(moved);
    }
    sqlx::query("DELETE FROM trip_point_moves WHERE trip_id = $1 AND point_id = $2")
        .bind(trip_id)
        .bind(&point.point_id)
        .execute(&mut *w.tx)
        .await?;
    if to.id != point.point_id {
        sqlx::query("INSERT INTO trip_point_moves (trip_id, point_id, to_point_id, moved_at) VALUES ($1, $2, $3, $4)")
            .bind(trip_id)
            .bind(&point.point_id)
            .bind(&to.id)
            .bind(now)
            .execute(&mut *w.tx)
            .await?;
    }
    // Bookings and holds keep a point as chosen: its English name (any case) or its id; one that
    // chose none uses its stop's first point (no stop is -1).
    let unchosen_stop = if first_at_stop { stop } else { -1 };
    let at = |column: &str, stop_column: &str| {
        format!("(LOWER({column}) = LOWER($3) OR {column} = $4 OR ({column} IS NULL AND {stop_column} = $5))")
    };
    for (table, column, stop_column) in [
        ("bookings", "boarding_point", "from_stop"),
        ("bookings", "dropping_point", "to_stop"),
        ("holds", "boarding_point", "from_stop"),
        ("holds", "dropping_point", "to_stop"),
    ] {
        // A booking boarding there is told and may cancel free; one leaving there is not.
        let stamp = if table == "bookings" && column == "boarding_point" { ", point_moved_at = $6" } else { "" };
        let sql = format!("UPDATE {table} SET {column} = $1{stamp} WHERE trip_id = $2 AND {}", at(column, stop_column));
        let q = sqlx::query(sqlx::AssertSqlSafe(sql))
            .bind(&to.name)
            .bind(trip_id)
            .bind(&was_name)
            .bind(&was_id)
            .bind(unchosen_stop);
        if stamp.is_empty() { q } else { q.bind(now) }.execute(&mut *w.tx).await?;
    }
    let holders: Vec<(String, String)> = sqlx::query_as(
        "SELECT t.id, b.phone FROM tickets t JOIN bookings b ON b.id = t.booking_id WHERE b.trip_id = $1 \
         AND b.point_moved_at = $2 AND t.status = 'confirmed' AND b.phone <> ''",
    )
    .bind(trip_id)
    .bind(now)
    .fetch_all(&mut *w.tx)
    .await?;
    for (ticket, phone) in &holders {
        messages::queue_now(&mut *w.tx, &Topic::Changed(ticket, now), phone, now).await?;
    }
    w.network_changed().await?;
    moved.tickets_told = holders.len() as i64;
    let before = PointMoved { to_point_id: was_id, name: was_name, tickets_told: 0, ..moved.clone() };
    w.finish(state, staff, Some(&trip.operator_id), &format!("trip {trip_id}"), Some(&before), Some(&moved)).await?;
    Ok(moved)
}

/// `GET staff/trips/cancel/{id}`.
pub async fn progress(state: &AppState, staff: &Staff, trip_id: &str) -> Result<TripCancellation, ApiError> {
    let operator: Option<String> = sqlx::query_scalar("SELECT operator_id FROM trip_cancellations WHERE trip_id = $1")
        .bind(trip_id.trim())
        .fetch_optional(&state.pool)
        .await?;
    if !operator.is_some_and(|op| staff.reach.covers(Some(&op))) {
        return Err(not_found("Trip cancellation"));
    }
    progress_of(state, trip_id.trim()).await?.ok_or_else(|| not_found("Trip cancellation"))
}

#[derive(Debug, sqlx::FromRow)]
struct CancellationRow {
    trip_id: String,
    reason: String,
    started_at: i64,
    finished_at: Option<i64>,
    tickets_cancelled: i64,
    refunded_online: i64,
    refunds_at_counter: i64,
    remaining: i64,
    refunds_done: i64,
}

async fn progress_of(state: &AppState, trip_id: &str) -> Result<Option<TripCancellation>, ApiError> {
    let row: Option<CancellationRow> = sqlx::query_as(
        "SELECT c.trip_id, c.reason, c.started_at, c.finished_at, c.tickets_cancelled, c.refunded_online, \
         c.refunds_at_counter, \
         (SELECT COUNT(*) FROM tickets t JOIN bookings b ON b.id = t.booking_id WHERE b.trip_id = c.trip_id \
          AND t.status = 'confirmed') AS remaining, \
         (SELECT COUNT(*) FROM refunds r JOIN bookings b ON b.tnx_id = r.tnx_id WHERE b.trip_id = c.trip_id \
          AND r.reason = 'trip-cancelled' AND r.state = 'done') AS refunds_done \
         FROM trip_cancellations c WHERE c.trip_id = $1",
    )
    .bind(trip_id)
    .fetch_optional(&state.pool)
    .await?;
    let Some(row) = row else { return Ok(None) };
    let (messages_sent, messages_waiting) = messages::cancellation_counts(&state.pool, trip_id).await?;
    Ok(Some(TripCancellation {
        trip_id: row.trip_id,
        reason: row.reason,
        started_at: row.started_at,
        finished_at: row.finished_at,
        tickets_cancelled: row.tickets_cancelled,
        refunded_online: row.refunded_online,
        refunds_at_counter: row.refunds_at_counter,
        refunds_done: row.refunds_done,
        remaining: row.remaining,
        messages_sent,
        messages_waiting,
    }))
}

/// Takes (or renews) the job of `trip_id` for this process; false when another process holds
/// it or it is finished.
async fn take_lease(state: &AppState, trip_id: &str, held: bool) -> Result<bool, ApiError> {
    let now = now_unix_ms();
    let sql = if held {
        "UPDATE trip_cancellations SET lease_until = $1 WHERE trip_id = $2 AND finished_at IS NULL"
    } else {
        "UPDATE trip_cancellations SET lease_until = $1 WHERE trip_id = $2 AND finished_at IS NULL AND lease_until < $3"
    };
    let taken =
        sqlx::query(sql).bind(now + LEASE_MS).bind(trip_id).bind(now).execute(&state.pool).await?.rows_affected();
    Ok(taken == 1)
}

/// The job of one trip's cancellation, until every ticket is handled; answers whether it
/// finished (false: another process has it).
pub async fn run_job(state: &AppState, trip_id: &str) -> Result<bool, ApiError> {
    if !take_lease(state, trip_id, false).await? {
        return Ok(false);
    }
    let reason: String = sqlx::query_scalar("SELECT reason FROM trip_cancellations WHERE trip_id = $1")
        .bind(trip_id)
        .fetch_one(&state.pool)
        .await?;
    let pace = Duration::from_millis(u64::from(state.config.trip_cancel_pace_ms));
    loop {
        let ids: Vec<String> = sqlx::query_scalar(
            "SELECT t.id FROM tickets t JOIN bookings b ON b.id = t.booking_id WHERE b.trip_id = $1 \
             AND t.status = 'confirmed' ORDER BY t.id LIMIT $2",
        )
        .bind(trip_id)
        .bind(BATCH)
        .fetch_all(&state.pool)
        .await?;
        if ids.is_empty() {
            break;
        }
        for id in &ids {
            cancel_ticket(state, trip_id, id, &reason).await?;
            if !take_lease(state, trip_id, true).await? {
                return Ok(false);
            }
            if !pace.is_zero() {
                tokio::time::sleep(pace).await;
            }
        }
    }
    // Refunds a killed process asked for but never sent go now (else the reconciler's, within
    // its minute); one being sent by another process is leased and skipped.
    let due: Vec<String> = sqlx::query_scalar(
        "SELECT r.id FROM refunds r JOIN bookings b ON b.tnx_id = r.tnx_id WHERE b.trip_id = $1 \
         AND r.reason = 'trip-cancelled' AND r.state = 'requested' AND r.next_try_at <= $2",
    )
    .bind(trip_id)
    .bind(now_unix_ms())
    .fetch_all(&state.pool)
    .await?;
    for refund in due {
        if let Err(e) = crate::domain::payments::refunds::refund_now(state, &refund).await {
            tracing::warn!(refund, error = ?e, "a trip cancellation's refund waits for a retry");
        }
    }
    sqlx::query("UPDATE trip_cancellations SET finished_at = $1 WHERE trip_id = $2 AND finished_at IS NULL")
        .bind(now_unix_ms())
        .bind(trip_id)
        .execute(&state.pool)
        .await?;
    tracing::info!(trip = trip_id, "a trip's cancellation finished");
    Ok(true)
}

/// One ticket of a cancelled trip, wholly or not at all.
async fn cancel_ticket(state: &AppState, trip_id: &str, ticket_id: &str, reason: &str) -> Result<(), ApiError> {
    let Some(row) = tickets::by_id(&state.pool, ticket_id).await? else { return Ok(()) };
    let now = now_unix_ms();
    let mut tx = state.pool.begin().await?;
    // The whole amount paid comes back, promo or not: the traveller did nothing wrong.
    if !tickets::cancel(&mut *tx, ticket_id, row.amount, CancelledBy::Operator, now).await? {
        // Handled already (by a process killed before it could renew its lease, or a traveller
        // who cancelled just before).
        tx.rollback().await?;
        return Ok(());
    }
    // Its seats stay claimed: the trip is off sale, and they are the trip's record. Nothing
    // to refund online: paid at a counter, where the cash comes back.
    let refunds = funds::refund(&mut tx, &row.tnx_id, row.amount * 100, RefundReason::TripCancelled, now).await?;
    let (online, counter) = if refunds.is_empty() { (0, 1) } else { (1, 0) };
    if !row.phone.is_empty() {
        messages::queue_now(&mut *tx, &Topic::Cancelled(ticket_id), &row.phone, now).await?;
    }
    sqlx::query(
        "UPDATE trip_cancellations SET tickets_cancelled = tickets_cancelled + 1, \
         refunded_online = refunded_online + $1, refunds_at_counter = refunds_at_counter + $2 WHERE trip_id = $3",
    )
    .bind(online)
    .bind(counter)
    .bind(trip_id)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    tracing::info!(trip = trip_id, ticket = ticket_id, reason, "ticket cancelled with its trip");
    if let Err(e) = crate::domain::payments::refunds::refund_all(state, &refunds).await {
        // The reconciler sends it again.
        tracing::warn!(ticket = ticket_id, error = ?e, "a trip cancellation's refund waits for a retry");
    }
    Ok(())
}

/// Resumes every cancellation no process is working on (after a restart, or a process that
/// died mid-job), while the pool is open.
pub async fn resume(state: AppState) {
    let mut every = tokio::time::interval(RESUME_EVERY);
    while !state.pool.is_closed() {
        every.tick().await;
        let open: Result<Vec<String>, sqlx::Error> = sqlx::query_scalar(
            "SELECT trip_id FROM trip_cancellations WHERE finished_at IS NULL AND lease_until < $1 ORDER BY started_at",
        )
        .bind(now_unix_ms())
        .fetch_all(&state.pool)
        .await;
        for trip_id in open.unwrap_or_default() {
            if let Err(e) = run_job(&state, &trip_id).await {
                tracing::warn!(trip = trip_id, error = ?e, "a trip's cancellation could not go on");
            }
        }
    }
}
