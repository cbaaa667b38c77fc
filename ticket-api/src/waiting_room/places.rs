//! `queue_openings` and `queue_places` (issue 16): the waiting room's state, so a restart keeps
//! every place and processes sharing the store hand out one order.

use crate::store::holds;
use crate::store::pool::Pool;

use crate::store::{Exec, values_list};

/// One opening's queue as stored.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct OpeningRow {
    pub seed: String,
    pub seed_hash: String,
    pub drawn: i64,
    /// Places so far, counted as they are written.
    pub places: i64,
    /// The pre-queue's size, fixed at the draw (none before it, and for a queue drawn whole
    /// before migration 0024).
    pub prequeue: Option<i64>,
    /// How many of the pre-queue's positions are written.
    pub placed: i64,
}

impl OpeningRow {
    /// Whether every pre-queue place has its position.
    pub fn all_placed(&self) -> bool {
        self.drawn == 1 && self.placed >= self.prequeue.unwrap_or(0)
    }
}

const OPENING: &str = "SELECT seed, seed_hash, drawn, places, prequeue, placed FROM queue_openings WHERE queue_id = $1";

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
    /// A pre-queue place's draw key (written, not read back).
    #[sqlx(skip)]
    pub draw_key: Option<[u8; 32]>,
}

/// A place with its position: a pre-queue place's is in `queue_draw` (found by its draw key),
/// any other's in its own row.
const PLACE: &str = "SELECT p.queue_id, p.visitor, p.place_id, p.joined_at, COALESCE(p.position, d.position) AS position, \
     p.admitted_at, p.held, p.trip_id FROM queue_places p LEFT JOIN queue_draw d \
     ON d.queue_id = p.queue_id AND d.draw_key = p.draw_key AND d.place_id = p.place_id";

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
    sqlx::query_as(OPENING).bind(queue_id).fetch_one(pool).await
}

/// The opening's row, if any join made it.
pub async fn opening<'c>(e: impl Exec<'c>, queue_id: &str) -> Result<Option<OpeningRow>, sqlx::Error> {
    sqlx::query_as(OPENING).bind(queue_id).fetch_optional(e).await
}

/// Takes the opening's lock (its row, until the transaction ends) and counts `take` new places:
/// once it is drawn, they take the next positions. Answers whether it is drawn and the first
/// position taken.
pub async fn take_positions<'c>(e: impl Exec<'c>, queue_id: &str, take: i64) -> Result<(bool, i64), sqlx::Error> {
    let (drawn, next): (i64, i64) = sqlx::query_as(
        "UPDATE queue_openings SET places = places + $2, \
         next_position = next_position + CASE WHEN drawn = 1 THEN $2 ELSE 0 END \
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
    let sql = format!("{PLACE} WHERE p.queue_id = $1 AND p.visitor IN ({})", list.join(", "));
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
        "INSERT INTO queue_places (queue_id, visitor, place_id, joined_at, position, trip_id, draw_key) VALUES {}",
        values_list(places.len(), 7)
    );
    let mut query = sqlx::query(sqlx::AssertSqlSafe(sql));
    for place in places {
        query = query
            .bind(&place.queue_id)
            .bind(&place.visitor)
            .bind(&place.place_id)
            .bind(place.joined_at)
            .bind(place.position)
            .bind(&place.trip_id)
            .bind(place.draw_key.map(|key| key.to_vec()));
    }
    query.execute(e).await?;
    Ok(())
}

/// Draws the opening: the pre-queue's size is fixed (every place so far is the pre-queue's) and
/// arrivals queue after it from now on; the positions themselves are written by
/// [`place_next`]. Under the opening's lock ([`take_positions`]).
pub async fn mark_drawn<'c>(e: impl Exec<'c>, queue_id: &str) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE queue_openings SET drawn = 1, prequeue = places, next_position = places WHERE queue_id = $1 AND drawn = 0",
    )
    .bind(queue_id)
    .execute(e)
    .await?;
    Ok(())
}

/// How many of the pre-queue's positions are written, of how many. Read without a lock: joins
/// never wait for a batch of positions (on PostgreSQL they took the opening's row one after
/// another), and two placers (a stalled one taken over while it still runs) cannot both write a
/// batch: the draw table's keys refuse the second, whose transaction ends with nothing written.
pub async fn placing<'c>(e: impl Exec<'c>, queue_id: &str) -> Result<(i64, i64), sqlx::Error> {
    sqlx::query_as("SELECT placed, COALESCE(prequeue, 0) FROM queue_openings WHERE queue_id = $1")
        .bind(queue_id)
        .fetch_one(e)
        .await
}

/// Pre-queue places without a draw key (made before migration 0024), at most `limit`.
pub async fn unkeyed<'c>(e: impl Exec<'c>, queue_id: &str, limit: i64) -> Result<Vec<String>, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT place_id FROM queue_places WHERE queue_id = $1 AND position IS NULL AND draw_key IS NULL LIMIT $2",
    )
    .bind(queue_id)
    .bind(limit)
    .fetch_all(e)
    .await
}

/// Writes one place's draw key.
pub async fn set_key<'c>(e: impl Exec<'c>, place_id: &str, key: &[u8; 32]) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE queue_places SET draw_key = $2 WHERE place_id = $1")
        .bind(place_id)
        .bind(key.to_vec())
        .execute(e)
        .await?;
    Ok(())
}

/// Where the draw's positions go on from: the draw key and id of the place at `placed - 1`
/// (none at the start). A draw begun before migration 0025 wrote its first positions into the
/// places' rows.
pub async fn draw_cursor<'c>(e: impl Exec<'c>, queue_id: &str, placed: i64) -> Result<(Vec<u8>, String), sqlx::Error> {
    if placed == 0 {
        return Ok((Vec::new(), String::new()));
    }
    let at: Option<(Option<Vec<u8>>, String)> = sqlx::query_as(
        "SELECT draw_key, place_id FROM queue_draw WHERE queue_id = $1 AND position = $2 \
         UNION ALL SELECT draw_key, place_id FROM queue_places WHERE queue_id = $1 AND position = $2",
    )
    .bind(queue_id)
    .bind(placed - 1)
    .fetch_optional(e)
    .await?;
    Ok(at.map(|(key, id)| (key.unwrap_or_default(), id)).unwrap_or_default())
}

/// Gives the next `limit` pre-queue places after `cursor` in draw order (by draw key, then id,
/// as [`super::draw`]) the positions from `placed` on, in one statement: appended to
/// `queue_draw` in that order (both its keys grow: a few pages written), answered.
pub async fn place_next<'c>(
    e: impl Exec<'c>,
    queue_id: &str,
    placed: i64,
    limit: i64,
    cursor: &(Vec<u8>, String),
) -> Result<Vec<(String, i64)>, sqlx::Error> {
    sqlx::query_as(
        "INSERT INTO queue_draw (queue_id, position, draw_key, place_id) \
         SELECT $1, $2 + ROW_NUMBER() OVER (ORDER BY draw_key, place_id) - 1, draw_key, place_id FROM ( \
           SELECT place_id, draw_key FROM queue_places WHERE queue_id = $1 AND draw_key IS NOT NULL \
           AND (draw_key, place_id) > ($4, $5) ORDER BY draw_key, place_id LIMIT $3) AS next \
         RETURNING place_id, position",
    )
    .bind(queue_id)
    .bind(placed)
    .bind(limit)
    .bind(&cursor.0)
    .bind(&cursor.1)
    .fetch_all(e)
    .await
}

/// Counts `n` more of the pre-queue's positions written.
pub async fn add_placed<'c>(e: impl Exec<'c>, queue_id: &str, n: i64) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE queue_openings SET placed = placed + $2 WHERE queue_id = $1")
        .bind(queue_id)
        .bind(n)
        .execute(e)
        .await?;
    Ok(())
}

/// The places at positions `[from, to)` of the pre-queue: what a process learns of a draw
/// written elsewhere (from the places' rows too for a draw begun before migration 0025).
pub async fn positions_between<'c>(
    e: impl Exec<'c>,
    queue_id: &str,
    from: i64,
    to: i64,
) -> Result<Vec<(String, i64)>, sqlx::Error> {
    sqlx::query_as(
        "SELECT place_id, position FROM queue_draw WHERE queue_id = $1 AND position >= $2 AND position < $3 \
         UNION ALL SELECT place_id, position FROM queue_places WHERE queue_id = $1 AND position >= $2 AND position < $3",
    )
    .bind(queue_id)
    .bind(from)
    .bind(to)
    .fetch_all(e)
    .await
}

pub async fn place<'c>(e: impl Exec<'c>, place_id: &str) -> Result<Option<PlaceRow>, sqlx::Error> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!("{PLACE} WHERE p.place_id = $1"))).bind(place_id).fetch_optional(e).await
}

/// How many admitted visitors let their admission lapse without holding a seat by `now_ms`
/// (their turns pass to the next in line): counted over the admitted places only (the
/// admission index), never the whole queue; the queue's size is its opening's count.
pub async fn no_shows(pool: &Pool, queue_id: &str, admission_ms: i64, now_ms: i64) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar("SELECT COUNT(*) FROM queue_places WHERE queue_id = $1 AND admitted_at <= $2 AND held = 0")
        .bind(queue_id)
        .bind(now_ms - admission_ms)
        .fetch_one(pool)
        .await
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
/// `now_ms`, whether or not its visitor is still polling: a closed tab's turn passes on. The
/// pre-queue's turns from `drawn_from` to `drawn_to` (its positions written since the last call:
/// each is stamped once, not read again every second), then the arrivals' after it.
///
/// One transaction, which first takes the queue's stamping lock: two processes stamping
/// overlapping ranges at once on PostgreSQL each locked rows the other wanted next, and
/// PostgreSQL broke the deadlock with an error.
pub async fn admit_turns(
    pool: &Pool,
    queue_id: &str,
    (drawn_from, drawn_to): (i64, i64),
    admitted: i64,
    now_ms: i64,
) -> Result<(), sqlx::Error> {
    let mut tx = pool.begin().await?;
    holds::lock_keys(&mut tx, vec![format!("queue turns:{queue_id}")]).await?;
    if drawn_from < drawn_to {
        sqlx::query(
            "UPDATE queue_places SET admitted_at = $4 WHERE admitted_at IS NULL AND place_id IN \
             (SELECT place_id FROM queue_draw WHERE queue_id = $1 AND position >= $2 AND position < $3)",
        )
        .bind(queue_id)
        .bind(drawn_from)
        .bind(drawn_to)
        .bind(now_ms)
        .execute(&mut *tx)
        .await?;
    }
    sqlx::query(
        "UPDATE queue_places SET admitted_at = $3 WHERE queue_id = $1 AND position < $2 AND admitted_at IS NULL",
    )
    .bind(queue_id)
    .bind(admitted)
    .bind(now_ms)
    .execute(&mut *tx)
    .await?;
    tx.commit().await
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
