//! The writer task: joins waiting are written together, one transaction per queue, so thousands
//! of joins a second cost tens of transactions. Each transaction starts by locking the opening's
//! row, so processes sharing the store take their positions one after another; the first to find
//! the opening's moment passed draws the pre-queue inside that same transaction (its size fixed,
//! so no arrival can slip in between; one statement, whatever its size), and [`super::placing`]
//! writes its positions after.

use std::collections::HashMap;

use tokio::sync::mpsc;

use super::places::{self as store, PlaceRow};
use super::room::{Join, Queue, RoomError, as_i64};
use crate::ids;
use crate::store::pool::Pool;

/// The most joins one transaction writes.
pub(super) const BATCH: usize = 1_000;
/// Rows a statement writes at most (5 values each: well under SQLite's and PostgreSQL's limits).
const ROWS_PER_STATEMENT: usize = 200;

/// The writer: the joins waiting are written together, one transaction per queue.
pub(super) async fn write_joins(pool: Pool, mut jobs: mpsc::Receiver<Join>) {
    while let Some(first) = jobs.recv().await {
        let mut batch = vec![first];
        while batch.len() < BATCH {
            match jobs.try_recv() {
                Ok(job) => batch.push(job),
                Err(_) => break,
            }
        }
        let mut by_queue: HashMap<String, Vec<Join>> = HashMap::new();
        for job in batch {
            by_queue.entry(job.queue.id.clone()).or_default().push(job);
        }
        for (_, joins) in by_queue {
            let written = write_queue(&pool, &joins).await;
            for job in joins {
                let answer = match &written {
                    Ok(places) => Ok(job.visitor.as_ref().and_then(|v| places.get(v).cloned())),
                    Err(e) => Err(sqlx::Error::Protocol(format!("joining the queue failed: {e}"))),
                };
                // A join whose caller has gone (timed out) needs no answer.
                let _ = job.reply.send(answer);
            }
        }
    }
}

/// One queue's joins in one transaction. Answers every joiner's place by visitor.
async fn write_queue(pool: &Pool, joins: &[Join]) -> Result<HashMap<String, PlaceRow>, RoomError> {
    let Some(first) = joins.first() else { return Ok(HashMap::new()) };
    // Once drawn, the joins this process sends are of visitors it has no place for (join()
    // looked): they are written straight away, two statements a batch. A visitor who joined
    // through another process meanwhile breaks the (queue, visitor) key, and the batch is
    // written the careful way instead.
    if first.queue.is_drawn() {
        match write_newcomers(pool, joins).await {
            Err(RoomError::Store(e)) if e.as_database_error().is_some_and(|d| d.is_unique_violation()) => {}
            written => return written,
        }
    }
    write_carefully(pool, joins).await
}

/// The visitors of `joins` (with the trip each queued for), once each, in the order they came.
fn newcomers<'a>(joins: &'a [Join], known: &HashMap<String, PlaceRow>) -> Vec<(&'a str, &'a str)> {
    let mut seen = std::collections::HashSet::new();
    joins
        .iter()
        .filter_map(|join| Some((join.visitor.as_deref()?, join.trip.as_str())))
        .filter(|(visitor, _)| !known.contains_key(*visitor) && seen.insert(*visitor))
        .collect()
}

/// New places: after the draw at `first_position` on, in the order they came; in the pre-queue
/// with their draw keys.
fn new_places(
    queue: &Queue,
    visitors: Vec<(&str, &str)>,
    first_position: Option<i64>,
    now_ms: i64,
) -> Result<Vec<PlaceRow>, RoomError> {
    visitors
        .into_iter()
        .zip(0_i64..)
        .map(|((visitor, trip), offset)| {
            let place_id = ids::new_id("q")?;
            Ok(PlaceRow {
                queue_id: queue.id.clone(),
                visitor: visitor.to_owned(),
                draw_key: first_position.is_none().then(|| queue.seed.key(&place_id)),
                place_id,
                joined_at: now_ms,
                position: first_position.map(|first| first + offset),
                admitted_at: None,
                held: 0,
                trip_id: trip.to_owned(),
            })
        })
        .collect()
}

/// After the draw: positions for the newcomers under the opening's lock, and their places.
async fn write_newcomers(pool: &Pool, joins: &[Join]) -> Result<HashMap<String, PlaceRow>, RoomError> {
    let Some(first) = joins.first() else { return Ok(HashMap::new()) };
    let queue = &first.queue;
    let now_ms = joins.iter().map(|j| j.now_ms).max().unwrap_or(first.now_ms);
    let visitors = newcomers(joins, &HashMap::new());
    let mut tx = pool.begin().await?;
    let (_, first_position) = store::take_positions(&mut *tx, &queue.id, as_i64(visitors.len() as u64)).await?;
    let rows = new_places(queue, visitors, Some(first_position), now_ms)?;
    for chunk in rows.chunks(ROWS_PER_STATEMENT) {
        store::insert_places(&mut *tx, chunk).await?;
    }
    tx.commit().await?;
    Ok(rows.into_iter().map(|row| (row.visitor.clone(), row)).collect())
}

/// Any time: the opening's lock, the draw if its moment has come, the places the visitors
/// already had, and new places for the others.
async fn write_carefully(pool: &Pool, joins: &[Join]) -> Result<HashMap<String, PlaceRow>, RoomError> {
    let Some(first) = joins.first() else { return Ok(HashMap::new()) };
    let queue = &first.queue;
    let now_ms = joins.iter().map(|j| j.now_ms).max().unwrap_or(first.now_ms);
    let mut tx = pool.begin().await?;
    let (mut drawn, _) = store::take_positions(&mut *tx, &queue.id, 0).await?;
    let mut draws_now = false;
    if !drawn && now_ms >= queue.opens_ms {
        store::mark_drawn(&mut *tx, &queue.id).await?;
        (drawn, draws_now) = (true, true);
    }
    let mut visitors: Vec<&str> = joins.iter().filter_map(|j| j.visitor.as_deref()).collect();
    visitors.sort_unstable();
    visitors.dedup();
    let mut places: HashMap<String, PlaceRow> = HashMap::new();
    for chunk in visitors.chunks(ROWS_PER_STATEMENT) {
        for row in store::places_of(&mut *tx, &queue.id, chunk).await? {
            places.insert(row.visitor.clone(), row);
        }
    }
    // Newcomers after the draw queue in the order they came (the batch's order of arrival);
    // before it they are counted, and drawn at the opening.
    let newcomers = newcomers(joins, &places);
    let first_position = if newcomers.is_empty() {
        None
    } else {
        let first = store::take_positions(&mut *tx, &queue.id, as_i64(newcomers.len() as u64)).await?.1;
        drawn.then_some(first)
    };
    let rows = new_places(queue, newcomers, first_position, now_ms)?;
    for chunk in rows.chunks(ROWS_PER_STATEMENT) {
        store::insert_places(&mut *tx, chunk).await?;
    }
    tx.commit().await?;
    if drawn {
        queue.learn_drawn();
    }
    if draws_now {
        super::placing::place_first(pool, queue).await;
    }
    for row in rows {
        places.insert(row.visitor.clone(), row);
    }
    Ok(places)
}
