//! The pre-queue's positions, written after the opening (issue 38). The draw itself is one
//! statement under the opening's lock ([`places::mark_drawn`]): the pre-queue's size is fixed and
//! arrivals queue after it at once. The positions are then written here in draw order (by draw
//! key, the SHA-256 of seed and place id written with each pre-queue place), a batch at a time
//! from where the last ended, each batch one statement in a short transaction of its own,
//! appended to a table of their own (`queue_draw`, migration 0025: a batch writes a few pages,
//! where the places' own rows, in join order, cost a thousand): a join or a poll waits for one
//! batch at most, never for the whole pre-queue, and the first places in line, whose turns come
//! first, are the first written. Killed halfway, the next batch goes on from what the store has
//! (`placed`), in this process or any other that sees it stalled.

use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;

use super::places as store;
use super::room::Queue;
use crate::store::pool::Pool;

/// Places written a transaction (one statement): about 15 ms of the store's one writer on
/// SQLite here. Each batch queues for the writer behind the joins and sales, so fewer, larger
/// batches finish the draw sooner (1,000 a batch: 21.7 s for a million during the rush; alone,
/// 2.9 s), while a join behind one still waits well under 100 ms.
const BATCH: i64 = 5_000;
/// A failed batch is tried again this often, this many times, before the next refresh resumes.
const RETRY: Duration = Duration::from_millis(200);
const TRIES: u32 = 25;

/// At the draw: the first batch at once (the first places in line, and a pre-queue of up to a
/// batch whole, know their positions with the answer that drew), the rest in the background.
pub(super) async fn place_first(pool: &Pool, queue: &Arc<Queue>) {
    if queue.placing.swap(true, Ordering::AcqRel) {
        return;
    }
    let more = place_batch(pool, queue).await.unwrap_or_else(|e| {
        tracing::warn!(queue = queue.id, error = %e, "writing the pre-queue's first positions failed; trying again");
        true
    });
    queue.placing.store(false, Ordering::Release);
    if more {
        tokio::spawn(place_all(pool.clone(), queue.clone()));
    }
}

/// Writes the pre-queue's positions until all are written (one placer per queue per process).
pub(super) async fn place_all(pool: Pool, queue: Arc<Queue>) {
    if queue.placing.swap(true, Ordering::AcqRel) {
        return;
    }
    let mut failures = 0;
    loop {
        match place_batch(&pool, &queue).await {
            Ok(true) => failures = 0,
            Ok(false) => break,
            Err(e) => {
                failures += 1;
                tracing::warn!(queue = queue.id, error = %e, "writing the pre-queue's positions failed; trying again");
                if failures >= TRIES {
                    break;
                }
                tokio::time::sleep(RETRY).await;
            }
        }
    }
    queue.placing.store(false, Ordering::Release);
}

/// One batch: answers whether more remain.
async fn place_batch(pool: &Pool, queue: &Queue) -> Result<bool, sqlx::Error> {
    let mut tx = pool.begin().await?;
    let (placed, prequeue) = store::placing(&mut *tx, &queue.id).await?;
    if placed >= prequeue {
        // Written by another process: the next refresh reads the positions it wrote.
        tx.rollback().await?;
        return Ok(false);
    }
    // Places made before their keys were written (migration 0024) get them before any position.
    if placed == 0 {
        let unkeyed = store::unkeyed(&mut *tx, &queue.id, BATCH).await?;
        if !unkeyed.is_empty() {
            for place in &unkeyed {
                store::set_key(&mut *tx, place, &queue.seed.key(place)).await?;
            }
            tx.commit().await?;
            return Ok(true);
        }
    }
    let cursor = store::draw_cursor(&mut *tx, &queue.id, placed).await?;
    let drew = store::place_next(&mut *tx, &queue.id, placed, BATCH.min(prequeue - placed), &cursor).await?;
    if drew.is_empty() {
        // Fewer places wait than the count says (a place removed by hand): the draw is done.
        tracing::warn!(queue = queue.id, placed, prequeue, "the pre-queue has fewer places than counted");
        store::add_placed(&mut *tx, &queue.id, prequeue - placed).await?;
        tx.commit().await?;
        return Ok(false);
    }
    let written = drew.len() as i64;
    store::add_placed(&mut *tx, &queue.id, written).await?;
    tx.commit().await?;
    queue.learn_placed(drew, placed + written);
    Ok(placed + written < prequeue)
}
