//! Seat inventory (DESIGN §3 "Inventory: no seat is ever sold twice").
//!
//! A claim on seat S from stop i to stop j is one `seat_claims` row per leg; the UNIQUE
//! (trip_id, seat_no, leg) constraint makes two claims on one seat-leg impossible in the database
//! itself, on SQLite and PostgreSQL alike. Inserts use `ON CONFLICT DO NOTHING` and compare the
//! rows written with the rows wanted: fewer means someone else holds a seat, and the whole
//! transaction is rolled back. Expired holds are deleted inside the claiming transaction, so no
//! background job is needed. A paid hold's rows become the sale's where they stand
//! ([`take_over`]): a row of its own, even one that ran out, was taken by nobody (a claim by
//! someone else deletes it first). Every transaction starts with a write, so SQLite takes its write
//! lock first (and waits on busy_timeout) instead of failing to upgrade a read.
//!
//! Every function that writes claims takes the trip's [`TripWrite`] (the claims cache's write
//! guard, `crate::claims::ClaimsWrite`), so no write can bypass the seat maps' copies: the guard
//! must exist before the transaction commits and live until it has ended.

use crate::store::pool::Writes;
use crate::store::pool::{Pool, Tx};

use crate::store::claims::ClaimState;

/// A write to a trip's claims announced to the copies search and seat view keep
/// (`crate::claims::ClaimsWrite`): the proof every claim write asks for.
pub trait TripWrite {
    fn trip_id(&self) -> &str;
}

/// Rows per INSERT statement (each row binds 6 values; well under every driver's limit).
const BATCH: usize = 100;

/// Why a claim failed.
#[derive(Debug)]
pub enum ClaimError {
    /// These seats are held or sold by someone else on some leg of the segment.
    Taken(Vec<String>),
    Store(sqlx::Error),
}

impl From<sqlx::Error> for ClaimError {
    fn from(e: sqlx::Error) -> Self {
        ClaimError::Store(e)
    }
}

/// One claim: seats of the guarded trip over legs `[from_stop, to_stop)`.
#[derive(Debug, Clone)]
pub struct Claim<'a> {
    pub seats: &'a [String],
    pub from_stop: i64,
    pub to_stop: i64,
    pub claim_id: &'a str,
    /// Held (with `expires_at`) or sold.
    pub state: ClaimState,
    pub expires_at: Option<i64>,
}

/// Deletes the trip's expired holds and the blocks whose release time has come (their seats are
/// free again), with the other writes of its call.
pub fn reclaim_expired(writes: &mut Writes, trip: &impl TripWrite, now_ms: i64) -> Result<(), sqlx::Error> {
    writes.push(
        sqlx::query("DELETE FROM seat_claims WHERE trip_id = $1 AND state IN ($3, $4) AND expires_at <= $2")
            .bind(trip.trip_id())
            .bind(now_ms)
            .bind(ClaimState::Held.as_str())
            .bind(ClaimState::Blocked.as_str()),
    )
}

/// Whether the website may claim `wanted` more seats of the trip over legs `[from, to)` under
/// its online quota (issue 41): true when it has none, or when the seats free on those legs
/// less `wanted` stay at or above it. Called in the claiming transaction after
/// [`reclaim_expired`]; on PostgreSQL a trip with a quota is locked first (a no-op update of its
/// row), so claims on it count one after another, never two against the same count. SQLite's
/// transaction holds the write lock already. Counter sales take the same lock
/// ([`lock_quota`]) so a web claim never counts around one.
pub async fn within_online_quota(
    tx: &mut Tx,
    trip: &impl TripWrite,
    from: i64,
    to: i64,
    wanted: i64,
) -> Result<bool, sqlx::Error> {
    if !lock_quota(tx, trip).await? {
        return Ok(true);
    }
    let (free, quota): (i64, Option<i64>) = sqlx::query_as(
        "SELECT (SELECT COUNT(*) FROM layout_seats s WHERE s.layout_id = COALESCE(t.layout_id, v.layout_id)) \
           - (SELECT COUNT(DISTINCT c.seat_no) FROM seat_claims c WHERE c.trip_id = t.id AND c.leg >= $2 AND c.leg < $3) \
           AS free, t.online_quota FROM trips t JOIN vehicles v ON v.id = t.vehicle_id WHERE t.id = $1",
    )
    .bind(trip.trip_id())
    .bind(from)
    .bind(to)
    .fetch_one(&mut **tx)
    .await?;
    Ok(core_wasm::staff::counter::web_may_take(free, wanted, quota))
}

/// Locks the trip's row if it has an online quota, answering whether it has: the claims that
/// count against a quota take this lock first.
pub async fn lock_quota(tx: &mut Tx, trip: &impl TripWrite) -> Result<bool, sqlx::Error> {
    let locked = sqlx::query("UPDATE trips SET online_quota = online_quota WHERE id = $1 AND online_quota IS NOT NULL")
        .bind(trip.trip_id())
        .execute(&mut **tx)
        .await?;
    Ok(locked.rows_affected() > 0)
}

/// Frees the seats of the trip's blocks `block_ids` on legs `[from, to)`: a counter selling
/// what was held back for counters. The sale's claim follows in the same transaction.
pub async fn unblock(
    tx: &mut Tx,
    trip: &impl TripWrite,
    block_ids: &[String],
    seats: &[String],
    from: i64,
    to: i64,
) -> Result<(), sqlx::Error> {
    for block in block_ids {
        for seat in seats {
            sqlx::query(
                "DELETE FROM seat_claims WHERE trip_id = $1 AND claim_id = $2 AND seat_no = $3 AND leg >= $4 AND leg < $5 \
                 AND state = $6",
            )
            .bind(trip.trip_id())
            .bind(block)
            .bind(seat)
            .bind(from)
            .bind(to)
            .bind(ClaimState::Blocked.as_str())
            .execute(&mut **tx)
            .await?;
        }
    }
    Ok(())
}

/// Writes the claim's rows; `Taken` (naming the seats) if any seat-leg is already claimed. The
/// caller rolls back on error.
pub async fn insert(tx: &mut Tx, trip: &impl TripWrite, claim: &Claim<'_>) -> Result<(), ClaimError> {
    let rows: Vec<(&String, i64)> =
        claim.seats.iter().flat_map(|s| (claim.from_stop..claim.to_stop).map(move |leg| (s, leg))).collect();
    let mut written = 0u64;
    for chunk in rows.chunks(BATCH) {
        let sql = format!(
            "INSERT INTO seat_claims (trip_id, seat_no, leg, claim_id, state, expires_at) VALUES {} \
             ON CONFLICT (trip_id, seat_no, leg) DO NOTHING",
            super::values_list(chunk.len(), 6)
        );
        let mut query = sqlx::query(sqlx::AssertSqlSafe(sql));
        for (seat, leg) in chunk {
            query = query
                .bind(trip.trip_id())
                .bind(seat.as_str())
                .bind(*leg)
                .bind(claim.claim_id)
                .bind(claim.state.as_str())
                .bind(claim.expires_at);
        }
        written += query.execute(&mut **tx).await?.rows_affected();
    }
    if written == rows.len() as u64 {
        Ok(())
    } else {
        Err(ClaimError::Taken(taken_by_others(tx, trip.trip_id(), claim).await?))
    }
}

/// Turns the rows of the held claim `held_by` into `claim`'s, in one statement, when they are
/// exactly its seat-legs: a hold becoming a sale. `false` when they are not all there (the hold
/// was replaced, or expired and swept): then any it had turned are released, as the hold's
/// would be, and the caller claims afresh.
pub async fn take_over(
    tx: &mut Tx,
    trip: &impl TripWrite,
    held_by: &str,
    claim: &Claim<'_>,
) -> Result<bool, sqlx::Error> {
    let wanted = claim.seats.len() as u64 * (claim.to_stop - claim.from_stop).max(0) as u64;
    if wanted == 0 || claim.seats.len() > BATCH {
        return Ok(false);
    }
    let seats: Vec<String> = (0..claim.seats.len()).map(|n| format!("${}", n + 8)).collect();
    let sql = format!(
        "UPDATE seat_claims SET claim_id = $1, state = $2, expires_at = $3 \
         WHERE trip_id = $4 AND claim_id = $5 AND state = $6 AND leg >= $7 AND leg < ${} AND seat_no IN ({})",
        claim.seats.len() + 8,
        seats.join(", ")
    );
    let mut query = sqlx::query(sqlx::AssertSqlSafe(sql))
        .bind(claim.claim_id)
        .bind(claim.state.as_str())
        .bind(claim.expires_at)
        .bind(trip.trip_id())
        .bind(held_by)
        .bind(ClaimState::Held.as_str())
        .bind(claim.from_stop);
    for seat in claim.seats {
        query = query.bind(seat.as_str());
    }
    let taken = query.bind(claim.to_stop).execute(&mut **tx).await?.rows_affected();
    if taken == wanted {
        return Ok(true);
    }
    if taken > 0 {
        release(tx, trip, claim.claim_id).await?;
    }
    Ok(false)
}

/// The claim's seats that someone else claims on a leg of its segment.
async fn taken_by_others(tx: &mut Tx, trip_id: &str, claim: &Claim<'_>) -> Result<Vec<String>, sqlx::Error> {
    let others: Vec<String> = sqlx::query_scalar(
        "SELECT DISTINCT seat_no FROM seat_claims WHERE trip_id = $1 AND leg >= $2 AND leg < $3 AND claim_id <> $4",
    )
    .bind(trip_id)
    .bind(claim.from_stop)
    .bind(claim.to_stop)
    .bind(claim.claim_id)
    .fetch_all(&mut **tx)
    .await?;
    Ok(claim.seats.iter().filter(|s| others.contains(s)).cloned().collect())
}

/// Releases every row of a claim (a replaced hold, a failed payment, a cancelled ticket).
pub async fn release(tx: &mut Tx, trip: &impl TripWrite, claim_id: &str) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM seat_claims WHERE trip_id = $1 AND claim_id = $2")
        .bind(trip.trip_id())
        .bind(claim_id)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// Releases one seat of a claim (a seat removed from a pending booking).
pub async fn release_seat(
    tx: &mut Tx,
    trip: &impl TripWrite,
    claim_id: &str,
    seat_no: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM seat_claims WHERE trip_id = $1 AND claim_id = $2 AND seat_no = $3")
        .bind(trip.trip_id())
        .bind(claim_id)
        .bind(seat_no)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// Moves a hold's expiry (the gateway session must not outlive the hold), with the other writes
/// of its call.
pub fn extend_hold(
    writes: &mut Writes,
    trip: &impl TripWrite,
    claim_id: &str,
    until_ms: i64,
) -> Result<(), sqlx::Error> {
    writes.push(
        sqlx::query("UPDATE seat_claims SET expires_at = $1 WHERE trip_id = $2 AND claim_id = $3 AND state = $4")
            .bind(until_ms)
            .bind(trip.trip_id())
            .bind(claim_id)
            .bind(ClaimState::Held.as_str()),
    )
}

/// Whether the trip's seat map and its claims agree: no claim on a seat the coach lacks and no
/// leg outside the route. (The UNIQUE index already rules out double claims.) For tests and
/// the crash check.
pub async fn consistent(pool: &Pool, trip_id: &str) -> Result<bool, sqlx::Error> {
    let bad: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) AS bad FROM seat_claims c JOIN trips t ON t.id = c.trip_id JOIN vehicles v ON v.id = t.vehicle_id \
         WHERE c.trip_id = $1 AND (NOT EXISTS (SELECT 1 FROM layout_seats s WHERE s.layout_id = COALESCE(t.layout_id, v.layout_id) AND s.seat_no = c.seat_no) \
           OR c.leg < 0 OR c.leg >= (SELECT COUNT(*) - 1 FROM route_stops r WHERE r.route_id = t.route_id))",
    )
    .bind(trip_id)
    .fetch_one(pool)
    .await?;
    Ok(bad == 0)
}
