//! `queue_openings` and `queue_places` (issue 16): the waiting room's state, so a restart keeps
//! every place and processes sharing the store hand out one order.

use crate::store::pool::Pool;

use crate::store::{Exec, values_list};

/// One opening's queue as stored.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct OpeningRow {
    pub seed: String,
    pub seed_hash: String,
    pub drawn: i64,
}

/// One place.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct PlaceRow {
    pub queue_id: String,
    pub visitor: String,
    pub place_id: String,
    pub joined_at: i64,
    pub position: Option<i64>,
    pub admitted_at: Option<i64>,
    pub held: i64,
    /// The trip the visitor queued for: their admission opens that trip only.
    pub trip_id: String,
}

const PLACE: &str =
    "SELECT queue_id, visitor, place_id, joined_at, position, admitted_at, held, trip_id FROM queue_places";

/// Makes the opening's row with `seed` unless it exists (another join, another process, made it
/// first: its seed stands), then reads it.
pub async fn open(pool: &Pool, queue_id: &str, seed: &str, seed_hash: &str) -> Result<OpeningRow, sqlx::Error> {
    sqlx::query(
        "INSERT INTO queue_openings (queue_id, seed, seed_hash) VALUES ($1, $2, $3) ON CONFLICT (queue_id) DO NOTHING",
    )
    .bind(queue_id)
    .bind(seed)
    .bind(seed_hash)
    .execute(pool)
    .await?;
    sqlx::query_as("SELECT seed, seed_hash, drawn FROM queue_openings WHERE queue_id = $1")
        .bind(queue_id)
        .fetch_one(pool)
        .await
}

/// The opening's row, if any join made it.
pub async fn opening<'c>(e: impl Exec<'c>, queue_id: &str) -> Result<Option<OpeningRow>, sqlx::Error> {
    sqlx::query_as("SELECT seed, seed_hash, drawn FROM queue_openings WHERE queue_id = $1")
        .bind(queue_id)
        .fetch_optional(e)
        .await
}

/// Takes the opening's lock (its row, until the transaction ends) and, once it is drawn, `take`
/// positions for new arrivals: answers whether it is drawn and the first position taken.
pub async fn take_positions<'c>(e: impl Exec<'c>, queue_id: &str, take: i64) -> Result<(bool, i64), sqlx::Error> {
    let (drawn, next): (i64, i64) = sqlx::query_as(
        "UPDATE queue_openings SET next_position = next_position + CASE WHEN drawn = 1 THEN $2 ELSE 0 END \
         WHERE queue_id = $1 RETURNING drawn, next_position",
    )
    .bind(queue_id)
    .bind(take)
    .fetch_one(e)
    .await?;
    Ok((drawn == 1, if drawn == 1 { next - take } else { next }))
}

/// The places `visitors` already have in the queue.
pub async fn places_of<'c>(e: impl Exec<'c>, queue_id: &str, visitors: &[&str]) -> Result<Vec<PlaceRow>, sqlx::Error> {
    if visitors.is_empty() {
        return Ok(Vec::new());
    }
    let list: Vec<String> = (0..visitors.len()).map(|i| format!("${}", i + 2)).collect();
    let sql = format!("{PLACE} WHERE queue_id = $1 AND visitor IN ({})", list.join(", "));
    // Numbered placeholders only: every value is bound.
    let mut query = sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(queue_id);
    for visitor in visitors {
        query = query.bind(*visitor);
    }
    query.fetch_all(e).await
}

/// Adds places (none of whose visitors has one: the caller holds the opening's lock and checked).
pub async fn insert_places<'c>(e: impl Exec<'c>, places: &[PlaceRow]) -> Result<(), sqlx::Error> {
    if places.is_empty() {
        return Ok(());
    }
    let sql = format!(
        "INSERT INTO queue_places (queue_id, visitor, place_id, joined_at, position, trip_id) VALUES {}",
        values_list(places.len(), 6)
    );
    let mut query = sqlx::query(sqlx::AssertSqlSafe(sql));
    for place in places {
        query = query
            .bind(&place.queue_id)
            .bind(&place.visitor)
            .bind(&place.place_id)
            .bind(place.joined_at)
            .bind(place.position)
            .bind(&place.trip_id);
    }
    query.execute(e).await?;
    Ok(())
}

/// The pre-queue's places (no position yet), by place id.
pub async fn undrawn<'c>(e: impl Exec<'c>, queue_id: &str) -> Result<Vec<String>, sqlx::Error> {
    sqlx::query_scalar("SELECT place_id FROM queue_places WHERE queue_id = $1 AND position IS NULL")
        .bind(queue_id)
        .fetch_all(e)
        .await
}

/// Gives places their positions: `(place id, position)`, at most a few hundred a statement.
pub async fn set_positions<'c>(e: impl Exec<'c>, positions: &[(&str, i64)]) -> Result<(), sqlx::Error> {
    if positions.is_empty() {
        return Ok(());
    }
    let sql = format!(
        "WITH drawn (place_id, position) AS (VALUES {}) \
         UPDATE queue_places SET position = (SELECT drawn.position FROM drawn WHERE drawn.place_id = queue_places.place_id) \
         WHERE place_id IN (SELECT place_id FROM drawn)",
        values_list(positions.len(), 2)
    );
    let mut query = sqlx::query(sqlx::AssertSqlSafe(sql));
    for (place, position) in positions {
        query = query.bind(*place).bind(*position);
    }
    query.execute(e).await?;
    Ok(())
}

/// Marks the opening drawn, the next arrival taking `next_position`.
pub async fn mark_drawn<'c>(e: impl Exec<'c>, queue_id: &str, next_position: i64) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE queue_openings SET drawn = 1, next_position = $2 WHERE queue_id = $1")
        .bind(queue_id)
        .bind(next_position)
        .execute(e)
        .await?;
    Ok(())
}

pub async fn place<'c>(e: impl Exec<'c>, place_id: &str) -> Result<Option<PlaceRow>, sqlx::Error> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!("{PLACE} WHERE place_id = $1"))).bind(place_id).fetch_optional(e).await
}

/// Every place of the queue (a process reading the queue after a restart).
pub async fn places<'c>(e: impl Exec<'c>, queue_id: &str) -> Result<Vec<PlaceRow>, sqlx::Error> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!("{PLACE} WHERE queue_id = $1"))).bind(queue_id).fetch_all(e).await
}

/// How many places the queue has, and how many admitted visitors let their admission lapse
/// without holding a seat by `now_ms` (their turns pass to the next in line). Two counts the
/// indexes answer, not a scan of the places.
pub async fn counts(pool: &Pool, queue_id: &str, admission_ms: i64, now_ms: i64) -> Result<(i64, i64), sqlx::Error> {
    let total: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM queue_places WHERE queue_id = $1")
        .bind(queue_id)
        .fetch_one(pool)
        .await?;
    let no_shows: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM queue_places WHERE queue_id = $1 AND admitted_at <= $2 AND held = 0")
            .bind(queue_id)
            .bind(now_ms - admission_ms)
            .fetch_one(pool)
            .await?;
    Ok((total, no_shows))
}

/// Notes that the place's turn came at `now_ms` (once: the first time counts) and answers when,
/// with the trip its admission opens.
pub async fn admit(pool: &Pool, place_id: &str, now_ms: i64) -> Result<Option<(i64, String)>, sqlx::Error> {
    sqlx::query("UPDATE queue_places SET admitted_at = $2 WHERE place_id = $1 AND admitted_at IS NULL")
        .bind(place_id)
        .bind(now_ms)
        .execute(pool)
        .await?;
    let row: Option<(Option<i64>, String)> =
        sqlx::query_as("SELECT admitted_at, trip_id FROM queue_places WHERE place_id = $1")
            .bind(place_id)
            .fetch_optional(pool)
            .await?;
    Ok(row.and_then(|(at, trip)| Some((at?, trip))))
}

/// Starts the no-show clock of every place whose turn has come (position below `admitted`) at
/// `now_ms`, whether or not its visitor is still polling: a closed tab's turn passes on.
pub async fn admit_turns(pool: &Pool, queue_id: &str, admitted: i64, now_ms: i64) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE queue_places SET admitted_at = $3 WHERE queue_id = $1 AND position < $2 AND admitted_at IS NULL",
    )
    .bind(queue_id)
    .bind(admitted)
    .bind(now_ms)
    .execute(pool)
    .await?;
    Ok(())
}

/// The trip a place's admission opens, moved to `trip_id` while its turn has not come (a visitor
/// who queued for one trip of the window and chose another). Answers whether it moved.
pub async fn move_to_trip(pool: &Pool, place_id: &str, trip_id: &str) -> Result<bool, sqlx::Error> {
    let moved = sqlx::query("UPDATE queue_places SET trip_id = $2 WHERE place_id = $1 AND admitted_at IS NULL")
        .bind(place_id)
        .bind(trip_id)
        .execute(pool)
        .await?;
    Ok(moved.rows_affected() > 0)
}

/// Notes that the visitor held a seat with their admission: not a no-show.
pub async fn mark_held<'c>(e: impl Exec<'c>, queue_id: &str, visitor: &str) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE queue_places SET held = 1 WHERE queue_id = $1 AND visitor = $2 AND held = 0")
        .bind(queue_id)
        .bind(visitor)
        .execute(e)
        .await?;
    Ok(())
}
