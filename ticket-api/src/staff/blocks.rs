//! Seats held back and online quotas (issue 41), a manager's. A block's seats are claims in
//! `seat_claims` (state `blocked`, the block's id as the claim), so the store's one claim per
//! seat-leg keeps every sale off them, web or counter, without a check of its own; a release time
//! is the claims' expiry, after which they are swept like an expired hold and the seat sells
//! online without a restart. A schedule's block holds the seats on each of its coming trips, and
//! on the trips the schedule job makes later. A quota is a trip's column, counted in the
//! statement that claims (`inventory::within_online_quota`).

use core_wasm::contract::counter::{OnlineQuota, SeatBlock, SeatBlocks};
use core_wasm::staff::counter::{self as rules, BlockChannel};
use core_wasm::staff::messages as say;

use super::access::{Staff, not_found};
use super::write::{self, Write};
use crate::AppState;
use crate::clock::now_unix_ms;
use crate::error::ApiError;
use crate::store::pool::Tx;

#[derive(Debug, sqlx::FromRow)]
struct BlockRow {
    id: String,
    operator_id: String,
    trip_id: Option<String>,
    schedule_id: Option<String>,
    seats: String,
    channel: String,
    release_minutes: Option<i64>,
}

fn block_of(r: BlockRow, skipped: Vec<String>, trips: i64) -> SeatBlock {
    SeatBlock {
        id: r.id,
        trip_id: r.trip_id,
        schedule_id: r.schedule_id,
        seats: r.seats.split(',').filter(|s| !s.is_empty()).map(str::to_owned).collect(),
        channel: BlockChannel::parse(&r.channel).unwrap_or(BlockChannel::Staff),
        release_minutes_before: r.release_minutes,
        skipped,
        trips,
    }
}

/// A coming trip a block or quota applies to: its id, departure (Unix ms) and its seats.
#[derive(Debug, sqlx::FromRow)]
struct Target {
    id: String,
    operator_id: String,
    departs_at: i64,
}

impl Target {
    fn departs_ms(&self) -> i64 {
        core_wasm::time::DateTime::from_epoch_minutes(self.departs_at).dhaka_unix_ms()
    }
}

/// The trip, or the schedule's trips that have not left, of the caller's operators; the
/// operator they belong to.
async fn targets(
    tx: &mut Tx,
    staff: &Staff,
    trip_id: Option<&str>,
    schedule_id: Option<&str>,
) -> Result<(String, Vec<Target>), ApiError> {
    let minute = core_wasm::time::dhaka_now(now_unix_ms() as f64).epoch_minutes();
    let (operator, rows) = match (trip_id.map(str::trim), schedule_id.map(str::trim)) {
        (Some(trip), None) => {
            let rows: Vec<Target> =
                sqlx::query_as("SELECT id, operator_id, departs_at FROM trips WHERE id = $1 AND departs_at > $2")
                    .bind(trip)
                    .bind(minute)
                    .fetch_all(&mut **tx)
                    .await?;
            let operator = rows.first().map(|t| t.operator_id.clone());
            (operator.ok_or_else(|| not_found("Trip"))?, rows)
        }
        (None, Some(schedule)) => {
            let operator: Option<String> = sqlx::query_scalar("SELECT operator_id FROM schedules WHERE id = $1")
                .bind(schedule)
                .fetch_optional(&mut **tx)
                .await?;
            let operator = operator.ok_or_else(|| not_found("Schedule"))?;
            let rows: Vec<Target> = sqlx::query_as(
                "SELECT id, operator_id, departs_at FROM trips WHERE schedule_id = $1 AND departs_at > $2 ORDER BY departs_at",
            )
            .bind(schedule)
            .bind(minute)
            .fetch_all(&mut **tx)
            .await?;
            (operator, rows)
        }
        _ => {
            let detail = "name a tripId or a scheduleId, not both";
            return Err(ApiError::bad(say::INVALID.with(&[("field", "tripId"), ("detail", detail)])));
        }
    };
    if !staff.reach.covers(Some(&operator)) {
        return Err(not_found(if trip_id.is_some() { "Trip" } else { "Schedule" }));
    }
    Ok((operator, rows))
}

/// Holds `seats` back on `trip` for block `id`, where free: the seats that were not (sold or
/// held already) answered. Every leg of the trip.
async fn hold_back(
    tx: &mut Tx,
    trip: &Target,
    id: &str,
    seats: &[String],
    release_minutes: Option<i64>,
) -> Result<Vec<String>, ApiError> {
    let legs: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) - 1 FROM route_stops WHERE route_id = (SELECT route_id FROM trips WHERE id = $1)",
    )
    .bind(&trip.id)
    .fetch_one(&mut **tx)
    .await?;
    let known: Vec<String> = sqlx::query_scalar(
        "SELECT s.seat_no FROM trips t JOIN vehicles v ON v.id = t.vehicle_id \
         JOIN layout_seats s ON s.layout_id = COALESCE(t.layout_id, v.layout_id) WHERE t.id = $1",
    )
    .bind(&trip.id)
    .fetch_all(&mut **tx)
    .await?;
    let release = rules::release_at(trip.departs_ms(), release_minutes);
    let mut skipped = Vec::new();
    for seat in seats {
        if !known.contains(seat) {
            skipped.push(format!("{} {seat}", trip.id));
            continue;
        }
        // All legs or none: a seat held on some legs only would sell in pieces.
        let taken: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM seat_claims WHERE trip_id = $1 AND seat_no = $2")
            .bind(&trip.id)
            .bind(seat)
            .fetch_one(&mut **tx)
            .await?;
        if taken > 0 {
            skipped.push(format!("{} {seat}", trip.id));
            continue;
        }
        for leg in 0..legs {
            sqlx::query(
                "INSERT INTO seat_claims (trip_id, seat_no, leg, claim_id, state, expires_at) \
                 VALUES ($1, $2, $3, $4, 'blocked', $5)",
            )
            .bind(&trip.id)
            .bind(seat)
            .bind(leg)
            .bind(id)
            .bind(release)
            .execute(&mut **tx)
            .await?;
        }
    }
    Ok(skipped)
}

/// The seats of a block as given: trimmed, unique, at least one, no comma.
fn seats_of(given: &[String]) -> Result<Vec<String>, ApiError> {
    let mut seats: Vec<String> = given.iter().map(|s| s.trim().to_owned()).filter(|s| !s.is_empty()).collect();
    seats.sort();
    seats.dedup();
    if seats.is_empty() {
        return Err(ApiError::bad(say::REQUIRED.with(&[("field", "seats")])));
    }
    // A launch's labels run longer than a bus's ("S_CHAIR-A1").
    if seats.len() > 500 || seats.iter().any(|s| s.contains(',') || s.len() > 16) {
        let detail = "seat labels of up to 16 characters, at most 500";
        return Err(ApiError::bad(say::INVALID.with(&[("field", "seats"), ("detail", detail)])));
    }
    Ok(seats)
}

/// `POST staff/blocks`.
pub async fn save(state: &AppState, staff: &Staff, given: &SeatBlock) -> Result<SeatBlock, ApiError> {
    let seats = seats_of(&given.seats)?;
    let release = rules::check_release(given.release_minutes_before).map_err(ApiError::bad)?;
    let mut w = write::begin(state).await?;
    let (operator, trips) = targets(&mut w.tx, staff, given.trip_id.as_deref(), given.schedule_id.as_deref()).await?;
    let id = crate::ids::new_id("block")?;
    sqlx::query(
        "INSERT INTO seat_blocks (id, operator_id, trip_id, schedule_id, seats, channel, release_minutes, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
    )
    .bind(&id)
    .bind(&operator)
    .bind(given.trip_id.as_deref().map(str::trim))
    .bind(given.schedule_id.as_deref().map(str::trim))
    .bind(seats.join(","))
    .bind(given.channel.as_str())
    .bind(release)
    .bind(now_unix_ms())
    .execute(&mut *w.tx)
    .await?;
    let guards: Vec<_> = trips.iter().map(|t| state.claims.writing(&t.id)).collect();
    let mut skipped = Vec::new();
    for trip in &trips {
        skipped.extend(hold_back(&mut w.tx, trip, &id, &seats, release).await?);
    }
    let row = BlockRow {
        id: id.clone(),
        operator_id: operator.clone(),
        trip_id: given.trip_id.clone(),
        schedule_id: given.schedule_id.clone(),
        seats: seats.join(","),
        channel: given.channel.as_str().to_owned(),
        release_minutes: release,
    };
    let saved = block_of(row, skipped, trips.len() as i64);
    w.finish(state, staff, Some(&operator), &id, None, Some(&saved)).await?;
    guards.into_iter().for_each(|g| g.committed());
    Ok(saved)
}

/// `POST staff/blocks/remove`: the seats go back on sale at once.
pub async fn remove(state: &AppState, staff: &Staff, id: &str) -> Result<SeatBlock, ApiError> {
    let mut w = write::begin(state).await?;
    let row: Option<BlockRow> = sqlx::query_as(
        "SELECT id, operator_id, trip_id, schedule_id, seats, channel, release_minutes FROM seat_blocks \
         WHERE id = $1 AND removed_at IS NULL",
    )
    .bind(id.trim())
    .fetch_optional(&mut *w.tx)
    .await?;
    let row = row.filter(|r| staff.reach.covers(Some(&r.operator_id))).ok_or_else(|| not_found("Block"))?;
    let trips: Vec<String> = sqlx::query_scalar("SELECT DISTINCT trip_id FROM seat_claims WHERE claim_id = $1")
        .bind(&row.id)
        .fetch_all(&mut *w.tx)
        .await?;
    let guards: Vec<_> = trips.iter().map(|t| state.claims.writing(t)).collect();
    sqlx::query("DELETE FROM seat_claims WHERE claim_id = $1 AND state = 'blocked'")
        .bind(&row.id)
        .execute(&mut *w.tx)
        .await?;
    sqlx::query("UPDATE seat_blocks SET removed_at = $1 WHERE id = $2")
        .bind(now_unix_ms())
        .bind(&row.id)
        .execute(&mut *w.tx)
        .await?;
    let operator = row.operator_id.clone();
    let removed = block_of(row, Vec::new(), trips.len() as i64);
    w.finish(state, staff, Some(&operator), &removed.id, Some(&removed), None).await?;
    guards.into_iter().for_each(|g| g.committed());
    Ok(removed)
}

/// `GET staff/blocks`: the caller's operators' blocks in force and quotas on coming trips.
pub async fn list(state: &AppState, staff: &Staff) -> Result<SeatBlocks, ApiError> {
    let rows: Vec<BlockRow> = sqlx::query_as(
        "SELECT id, operator_id, trip_id, schedule_id, seats, channel, release_minutes FROM seat_blocks \
         WHERE removed_at IS NULL ORDER BY created_at DESC, id",
    )
    .fetch_all(&state.pool)
    .await?;
    let mut blocks = Vec::new();
    for r in rows.into_iter().filter(|r| staff.reach.covers(Some(&r.operator_id))) {
        let trips: i64 = sqlx::query_scalar("SELECT COUNT(DISTINCT trip_id) FROM seat_claims WHERE claim_id = $1")
            .bind(&r.id)
            .fetch_one(&state.pool)
            .await?;
        blocks.push(block_of(r, Vec::new(), trips));
    }
    let minute = core_wasm::time::dhaka_now(now_unix_ms() as f64).epoch_minutes();
    let quotas: Vec<(String, String, i64)> = sqlx::query_as(
        "SELECT id, operator_id, online_quota FROM trips WHERE online_quota IS NOT NULL AND departs_at > $1 \
         ORDER BY departs_at, id LIMIT 2000",
    )
    .bind(minute)
    .fetch_all(&state.pool)
    .await?;
    let quotas = quotas
        .into_iter()
        .filter(|(_, op, _)| staff.reach.covers(Some(op)))
        .map(|(id, _, quota)| OnlineQuota { trip_id: Some(id), schedule_id: None, quota: Some(quota), trips: 1 })
        .collect();
    Ok(SeatBlocks { blocks, quotas })
}

/// `POST staff/quotas`: a trip's quota, or a schedule's (kept for its later trips and set on
/// its coming ones). The timetable reloads, so search counts follow at once here and within
/// its recheck elsewhere; the claims count the stored quota whatever a copy says.
pub async fn set_quota(state: &AppState, staff: &Staff, given: &OnlineQuota) -> Result<OnlineQuota, ApiError> {
    let mut w = write::begin(state).await?;
    let (operator, trips) = targets(&mut w.tx, staff, given.trip_id.as_deref(), given.schedule_id.as_deref()).await?;
    let seats: i64 = match trips.first() {
        Some(t) => {
            sqlx::query_scalar(
                "SELECT COUNT(*) FROM trips t JOIN vehicles v ON v.id = t.vehicle_id \
                 JOIN layout_seats s ON s.layout_id = COALESCE(t.layout_id, v.layout_id) WHERE t.id = $1",
            )
            .bind(&t.id)
            .fetch_one(&mut *w.tx)
            .await?
        }
        None => 10_000,
    };
    let quota = rules::check_quota(given.quota, seats).map_err(ApiError::bad)?;
    if let Some(schedule) = given.schedule_id.as_deref() {
        sqlx::query("UPDATE schedules SET online_quota = $1 WHERE id = $2")
            .bind(quota)
            .bind(schedule.trim())
            .execute(&mut *w.tx)
            .await?;
    }
    for trip in &trips {
        sqlx::query("UPDATE trips SET online_quota = $1 WHERE id = $2")
            .bind(quota)
            .bind(&trip.id)
            .execute(&mut *w.tx)
            .await?;
    }
    w.network_changed().await?;
    let saved = OnlineQuota {
        trip_id: given.trip_id.clone(),
        schedule_id: given.schedule_id.clone(),
        quota,
        trips: trips.len() as i64,
    };
    let object = given.trip_id.clone().or_else(|| given.schedule_id.clone()).unwrap_or_default();
    w.finish(state, staff, Some(&operator), &format!("quota {object}"), None, Some(&saved)).await?;
    Ok(saved)
}

/// The schedule job's new trips get their schedules' blocks and quotas.
pub async fn follow_schedules(w: &mut Write, trip_ids: &[String]) -> Result<(), ApiError> {
    for trip_id in trip_ids {
        let target: Option<(Target, Option<String>)> = sqlx::query_as::<_, (String, String, i64, Option<String>)>(
            "SELECT id, operator_id, departs_at, schedule_id FROM trips WHERE id = $1",
        )
        .bind(trip_id)
        .fetch_optional(&mut *w.tx)
        .await?
        .map(|(id, operator_id, departs_at, schedule)| (Target { id, operator_id, departs_at }, schedule));
        let Some((trip, Some(schedule))) = target else { continue };
        sqlx::query("UPDATE trips SET online_quota = (SELECT online_quota FROM schedules WHERE id = $1) WHERE id = $2")
            .bind(&schedule)
            .bind(&trip.id)
            .execute(&mut *w.tx)
            .await?;
        let blocks: Vec<BlockRow> = sqlx::query_as(
            "SELECT id, operator_id, trip_id, schedule_id, seats, channel, release_minutes FROM seat_blocks \
             WHERE schedule_id = $1 AND removed_at IS NULL",
        )
        .bind(&schedule)
        .fetch_all(&mut *w.tx)
        .await?;
        for b in blocks {
            let seats: Vec<String> = b.seats.split(',').map(str::to_owned).collect();
            hold_back(&mut w.tx, &trip, &b.id, &seats, b.release_minutes).await?;
        }
    }
    Ok(())
}
