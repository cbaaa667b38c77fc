//! The connections sqlx's pool lends the server (PostgreSQL, and an in-memory SQLite), kept at
//! hand between statements instead of handed back after each (issue 17).
//!
//! sqlx's pool pings a connection when it takes it back (and, by default, when it lends it):
//! a round trip to the database, and a task spawned, for every statement run on the pool. A sale
//! ran about 47 statements on PostgreSQL and as many pings besides. Here a connection that has
//! run its statement to the end goes on a stack, and the next statement (or transaction) takes
//! it from there without asking sqlx's pool.
//!
//! sqlx's pool still owns every connection, and takes one back whenever it may be unusable: a
//! statement that failed or was cut off (its future dropped), a transaction ended otherwise than
//! by a commit or rollback that went through. Its ping on the way back finishes what was cut off
//! and closes a broken connection, as before. A connection kept idle for [`STALE_AFTER`] is
//! pinged before use (the server may have dropped it).
//!
//! Statements that find no connection here while sqlx's pool has lent all it may wait here in
//! arrival order, and a connection put down goes straight to the first of them.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

use futures_util::StreamExt as _;
use sqlx::any::AnyRow;
use sqlx::pool::PoolConnection;
use sqlx::{Any, AnyConnection, AnyPool, Connection as _, Execute, Executor as _};
use sqlx_core::transaction::TransactionManager as _;
use tokio::sync::oneshot;

/// How long a kept connection may lie idle before it is pinged on the way out.
const STALE_AFTER: Duration = Duration::from_secs(1);
/// How long a kept connection may lie unused before it goes back to sqlx's pool (which closes
/// connections idle for long), so a burst's connections do not stay open for good.
const RETURN_AFTER: Duration = Duration::from_secs(30);

type Transactions = <Any as sqlx::Database>::TransactionManager;

/// sqlx's pool with a stack of its connections in front.
#[derive(Debug)]
pub struct Connections {
    pool: AnyPool,
    /// The most sqlx's pool lends.
    most: u32,
    kept: Mutex<Kept>,
}

#[derive(Debug, Default)]
struct Kept {
    /// Last put down on top.
    idle: Vec<(PoolConnection<Any>, Instant)>,
    /// Connections taken from sqlx's pool and not given back (lent out, or lying in `idle`).
    taken: u32,
    /// Statements waiting for a connection put down, first come first served.
    waiting: VecDeque<oneshot::Sender<PoolConnection<Any>>>,
}

impl Connections {
    pub fn new(pool: AnyPool) -> Arc<Connections> {
        let most = pool.options().get_max_connections();
        Arc::new(Connections { pool, most, kept: Mutex::default() })
    }

    /// The stack: nothing panics while it is locked, so a poisoned lock still holds it whole.
    fn kept(&self) -> MutexGuard<'_, Kept> {
        self.kept.lock().unwrap_or_else(PoisonError::into_inner)
    }

    pub fn is_closed(&self) -> bool {
        self.pool.is_closed()
    }

    /// sqlx's pool, for what needs no connection of its own (preparing, describing).
    pub fn pool(&self) -> &AnyPool {
        &self.pool
    }

    pub async fn close(&self) {
        let idle: Vec<_> = {
            let mut kept = self.kept();
            kept.waiting.clear();
            kept.idle.drain(..).map(|(conn, _)| conn).collect()
        };
        for conn in idle {
            self.let_go(conn);
        }
        self.pool.close().await;
    }

    /// A connection: the last one put down, else a new one from sqlx's pool, else the next one
    /// put down.
    async fn take(&self) -> Result<PoolConnection<Any>, sqlx::Error> {
        loop {
            if self.pool.is_closed() {
                return Err(sqlx::Error::PoolClosed);
            }
            let next = {
                let mut kept = self.kept();
                match kept.idle.pop() {
                    Some((conn, since)) => Next::Kept(conn, since),
                    None if kept.taken < self.most => {
                        kept.taken += 1;
                        Next::FromPool
                    }
                    None => {
                        let (put, put_down) = oneshot::channel();
                        kept.waiting.push_back(put);
                        Next::Wait(put_down)
                    }
                }
            };
            match next {
                Next::Kept(conn, since) => {
                    let mut lent = Lent { conn: Some(conn), home: self };
                    if since.elapsed() < STALE_AFTER || lent.conn().ping().await.is_ok() {
                        return Ok(lent.hand_over());
                    }
                    // Broken: dropped, sqlx's pool closes it on the way back.
                }
                Next::FromPool => {
                    let mut acquiring = Acquiring(Some(self));
                    let conn = self.pool.acquire().await;
                    if conn.is_ok() {
                        acquiring.0 = None;
                    }
                    return conn;
                }
                // A connection given back to sqlx's pool closes the waiter's channel: try again.
                Next::Wait(put_down) => {
                    let mut waiter = Waiter { put_down, home: self };
                    if let Ok(conn) = (&mut waiter.put_down).await {
                        return Ok(conn);
                    }
                }
            }
        }
    }

    /// Puts down a connection whose work went through: to the first statement waiting, else on
    /// the stack for the next.
    fn put_down(&self, mut conn: PoolConnection<Any>) {
        if self.pool.is_closed() {
            return self.let_go(conn);
        }
        let mut kept = self.kept();
        while let Some(waiter) = kept.waiting.pop_front() {
            match waiter.send(conn) {
                Ok(()) => return,
                // That one stopped waiting.
                Err(back) => conn = back,
            }
        }
        let now = Instant::now();
        kept.idle.push((conn, now));
        // The bottom one has not been needed for a while: the burst that opened it is over.
        if kept.idle.first().is_some_and(|(_, since)| now.duration_since(*since) >= RETURN_AFTER) {
            let (unused, _) = kept.idle.remove(0);
            drop(kept);
            self.let_go(unused);
        }
    }

    /// Gives a connection back to sqlx's pool, which pings it on the way (finishing whatever was
    /// cut off, closing it if broken), and lets the first statement waiting here take a new one.
    fn let_go(&self, conn: PoolConnection<Any>) {
        drop(conn);
        self.gave_back();
    }

    fn gave_back(&self) {
        let mut kept = self.kept();
        kept.taken -= 1;
        // Its channel closed, the first waiter still waiting tries again and finds room in
        // sqlx's pool.
        while let Some(waiter) = kept.waiting.pop_front() {
            if !waiter.is_closed() {
                break;
            }
        }
    }

    /// A transaction on a kept connection.
    pub async fn begin(self: &Arc<Self>) -> Result<KeptTx, sqlx::Error> {
        let mut tx = KeptTx { conn: Some(self.take().await?), home: Arc::clone(self) };
        Transactions::begin(tx.conn(), None).await?;
        Ok(tx)
    }

    pub(super) async fn fetch_all<'q>(&self, query: impl Execute<'q, Any> + 'q) -> Vec<Step> {
        let mut lent = match self.take().await {
            Ok(conn) => Lent { conn: Some(conn), home: self },
            Err(e) => return vec![Err(e)],
        };
        let steps: Vec<Step> = lent.conn().fetch_many(query).collect().await;
        if steps.iter().all(Result::is_ok) {
            lent.put_down();
        }
        steps
    }

    pub(super) async fn fetch_optional<'q>(
        &self,
        query: impl Execute<'q, Any> + 'q,
    ) -> Result<Option<AnyRow>, sqlx::Error> {
        let mut lent = Lent { conn: Some(self.take().await?), home: self };
        let row = lent.conn().fetch_optional(query).await?;
        lent.put_down();
        Ok(row)
    }
}

/// Where [`Connections::take`] finds its connection.
enum Next {
    /// On the stack, put down at that instant.
    Kept(PoolConnection<Any>, Instant),
    /// A new one from sqlx's pool, which has one more to lend.
    FromPool,
    /// The next one put down.
    Wait(oneshot::Receiver<PoolConnection<Any>>),
}

/// A connection being taken from sqlx's pool: given up (the statement's future dropped, or
/// sqlx's pool timed out), it was never taken.
struct Acquiring<'a>(Option<&'a Connections>);

impl Drop for Acquiring<'_> {
    fn drop(&mut self) {
        if let Some(home) = self.0 {
            home.gave_back();
        }
    }
}

/// A statement waiting for a connection put down: should it stop waiting just as one was sent,
/// the connection is put down again for the next.
struct Waiter<'a> {
    put_down: oneshot::Receiver<PoolConnection<Any>>,
    home: &'a Connections,
}

impl Drop for Waiter<'_> {
    fn drop(&mut self) {
        self.put_down.close();
        if let Ok(conn) = self.put_down.try_recv() {
            self.home.put_down(conn);
        }
    }
}

/// A connection lent to one statement: put down when the statement went through, else (an
/// error, or the statement's future dropped halfway) let go to sqlx's pool.
struct Lent<'a> {
    conn: Option<PoolConnection<Any>>,
    home: &'a Connections,
}

impl Lent<'_> {
    fn conn(&mut self) -> &mut AnyConnection {
        self.conn.as_deref_mut().expect("a lent connection is there until put down")
    }

    fn put_down(mut self) {
        if let Some(conn) = self.conn.take() {
            self.home.put_down(conn);
        }
    }

    /// The connection, for its taker to look after.
    fn hand_over(mut self) -> PoolConnection<Any> {
        self.conn.take().expect("a lent connection is there until put down")
    }
}

impl Drop for Lent<'_> {
    fn drop(&mut self) {
        if let Some(conn) = self.conn.take() {
            self.home.let_go(conn);
        }
    }
}

type Step = Result<sqlx::Either<sqlx::any::AnyQueryResult, AnyRow>, sqlx::Error>;

/// A transaction on a connection of [`Connections`]: committed or rolled back, the connection is
/// put down for the next statement; dropped while open, it is rolled back as sqlx's own
/// transactions are (the rollback queued, and sent by sqlx's pool on the way back).
#[derive(Debug)]
pub struct KeptTx {
    conn: Option<PoolConnection<Any>>,
    home: Arc<Connections>,
}

impl KeptTx {
    pub fn conn(&mut self) -> &mut AnyConnection {
        self.conn.as_deref_mut().expect("a transaction's connection is there until it ends")
    }

    pub async fn commit(mut self) -> Result<(), sqlx::Error> {
        Transactions::commit(self.conn()).await?;
        self.put_down();
        Ok(())
    }

    pub async fn rollback(mut self) -> Result<(), sqlx::Error> {
        Transactions::rollback(self.conn()).await?;
        self.put_down();
        Ok(())
    }

    fn put_down(&mut self) {
        if let Some(conn) = self.conn.take() {
            self.home.put_down(conn);
        }
    }
}

impl Drop for KeptTx {
    fn drop(&mut self) {
        if let Some(mut conn) = self.conn.take() {
            if Transactions::get_transaction_depth(&conn) > 0 {
                Transactions::start_rollback(&mut conn);
            }
            self.home.let_go(conn);
        }
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;
    use crate::store::pool::lite::tests::Scratch;
    use crate::store::pool::{Backend, Kind, Pool};

    /// `most` connections to a new SQLite file (sqlx's driver: the pool these connections front),
    /// and the store's pool over them.
    async fn connections(most: u32) -> (Arc<Connections>, Pool, Scratch) {
        let file = Scratch::new("kept");
        let url = format!("sqlite://{}", file.display());
        let (sqlx_pool, _) = crate::store::pool::connect(&url, most).await.unwrap();
        let connections = Connections::new(sqlx_pool);
        let pool = Pool(Kind::Sqlx(Arc::clone(&connections), Backend::Sqlite));
        sqlx::query("CREATE TABLE t (n INTEGER)").execute(&pool).await.unwrap();
        (connections, pool, file)
    }

    fn taken(connections: &Connections) -> (u32, usize, usize) {
        let kept = connections.kept();
        (kept.taken, kept.idle.len(), kept.waiting.len())
    }

    async fn one(pool: &Pool) -> i64 {
        let within = tokio::time::timeout(Duration::from_secs(5), sqlx::query_scalar("SELECT 1").fetch_one(pool));
        within.await.expect("a connection within 5 s").unwrap()
    }

    #[tokio::test]
    async fn statements_beyond_the_pools_size_wait_their_turn_and_all_run() {
        let (connections, pool, _dir) = connections(2).await;
        let all = futures_util::future::join_all((0..50).map(|_| one(&pool))).await;
        assert_eq!(all, vec![1; 50]);
        let (taken, idle, waiting) = taken(&connections);
        assert!(taken <= 2, "taken {taken}");
        assert_eq!((idle, waiting), (taken as usize, 0), "every connection put down, nobody left waiting");
    }

    #[tokio::test]
    async fn a_statement_that_stops_waiting_loses_no_connection() {
        let (connections, pool, _dir) = connections(1).await;
        let tx = connections.begin().await.unwrap();
        let gave_up = tokio::time::timeout(Duration::from_millis(50), one(&pool)).await;
        assert!(gave_up.is_err(), "the one connection is the transaction's");
        tx.commit().await.unwrap();
        assert_eq!(one(&pool).await, 1);
        assert_eq!(taken(&connections), (1, 1, 0));
    }

    #[tokio::test]
    async fn a_transaction_dropped_open_is_rolled_back_and_its_connection_serves_again() {
        let (connections, pool, _dir) = connections(1).await;
        let mut tx = connections.begin().await.unwrap();
        sqlx::query("INSERT INTO t (n) VALUES (1)").execute(tx.conn()).await.unwrap();
        drop(tx);
        let count: i64 =
            tokio::time::timeout(Duration::from_secs(5), sqlx::query_scalar("SELECT COUNT(*) FROM t").fetch_one(&pool))
                .await
                .unwrap()
                .unwrap();
        assert_eq!(count, 0);
        let mut tx = connections.begin().await.unwrap();
        sqlx::query("INSERT INTO t (n) VALUES (2)").execute(tx.conn()).await.unwrap();
        tx.commit().await.unwrap();
        let count: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM t").fetch_one(&pool).await.unwrap();
        assert_eq!(count, 1);
    }

    #[tokio::test]
    async fn a_statement_after_closing_is_refused_not_kept_waiting() {
        let (connections, pool, _dir) = connections(1).await;
        assert_eq!(one(&pool).await, 1);
        connections.close().await;
        let refused = tokio::time::timeout(Duration::from_secs(5), sqlx::query("SELECT 1").execute(&pool));
        assert!(matches!(refused.await.expect("an answer at once"), Err(sqlx::Error::PoolClosed)));
    }

    #[tokio::test]
    async fn a_failed_statement_gives_its_connection_back() {
        let (connections, pool, _dir) = connections(1).await;
        for _ in 0..3 {
            assert!(sqlx::query("SELECT nothing FROM nowhere").execute(&pool).await.is_err());
            assert_eq!(one(&pool).await, 1);
        }
        assert!(taken(&connections).0 <= 1);
    }
}
