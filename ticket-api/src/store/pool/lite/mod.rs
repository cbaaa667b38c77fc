//! SQLite without a thread hand-off per statement (issue 17).
//!
//! sqlx's SQLite driver keeps each connection on a thread of its own and sends it every
//! statement, and sends the rows back: two thread wake-ups per statement, about 40 µs on the
//! 2-core machine we measure on, while SQLite does the work itself in a few. A sale is about
//! fifty statements, so the hand-off was most of the server's CPU (issue 17's profile).
//!
//! Here the store's SQL runs on rusqlite connections in the calling task:
//! - one **writer** connection, taken whole by a transaction or by one write outside a
//!   transaction. Writers queue for it in arrival order (tokio's fair mutex), so no writer of
//!   this process ever waits on SQLite's busy lock or retries; their commits are grouped
//!   ([`writer`]);
//! - **reader** connections for statements that only read: in WAL mode a reader sees every
//!   committed write and never waits for the writer;
//! - the WAL is copied back into the database file by the writer after a commit that leaves
//!   it over 10,000 pages, about 40 MB (SQLite's own checkpoint, set higher than its 1,000:
//!   the hot pages a sale changes are copied once per checkpoint however often they changed,
//!   and the commits, which run the checkpoints, had been nearly half the writer's time; the
//!   sales bench sold about 8% more). A checkpointer thread of its own, tried,
//!   never caught up under a steady stream of writes: the WAL can only start again from its
//!   beginning when a checkpoint has copied every frame, and the writer always added more first
//!   (25 s of the sales bench left a 2.9 GB WAL).
//!
//! A statement blocks its task's thread for the few microseconds SQLite takes; no transaction
//! awaits anything but the store, so the writer is held for the length of its statements.
//!
//! Durability: a write is answered only once committed, and a commit is on disk (WAL with
//! `synchronous = FULL` on the writer: the WAL is synced at every commit). Grouped commits make
//! that cheap: the sales bench sells as many tickets a second with it as with `NORMAL`, which
//! could lose the last commits to a power cut. A ticket the traveller has seen survives one.
//!
//! The same queries, rows and errors as sqlx's `Any` driver ([`any`]): the store does not know
//! which runs it.

mod any;
#[cfg(test)]
pub(super) mod tests;
mod writer;

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use rusqlite::{Connection, OpenFlags};
use sqlx::SqlStr;
use sqlx::any::AnyArguments;

use any::Conn;
pub(super) use any::Ran;
use writer::{Unit, Writer};

/// How long a write waits for another process's write (a second server on the file).
const BUSY_TIMEOUT: Duration = Duration::from_secs(10);
/// Prepared statements kept per connection: the store has about 200 distinct ones, and lists
/// of 1 to 4 seats make a few more.
const STATEMENTS_KEPT: usize = 512;
/// Reader connections kept idle: readers run without awaiting, so no more than the runtime's
/// threads are in use at once.
const READERS_KEPT: usize = 8;

pub struct Lite {
    path: PathBuf,
    writer: Arc<Writer>,
    readers: Mutex<Vec<Conn>>,
    closed: AtomicBool,
}

impl std::fmt::Debug for Lite {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Lite").field("path", &self.path).finish_non_exhaustive()
    }
}

fn connect(path: &Path) -> Result<Connection, sqlx::Error> {
    let flags = OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX;
    let conn = Connection::open_with_flags(path, flags).map_err(any::error)?;
    conn.busy_timeout(BUSY_TIMEOUT).map_err(any::error)?;
    // A write's savepoint keeps the pages it changes in a sub-journal: in memory, not a
    // temporary file written on every write (a tenth of the server's time under the sales bench).
    conn.execute_batch("PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON; PRAGMA temp_store = MEMORY;")
        .map_err(any::error)?;
    conn.set_prepared_statement_cache_capacity(STATEMENTS_KEPT);
    Ok(conn)
}

impl Lite {
    /// Opens the database file (created, in WAL mode and migrated by sqlx at start-up).
    pub fn open(path: &Path) -> Result<Lite, sqlx::Error> {
        let writer = connect(path)?;
        // Every commit is synced (see Durability above); the WAL is checkpointed past 10,000
        // pages (see above).
        writer.execute_batch("PRAGMA synchronous = FULL; PRAGMA wal_autocheckpoint = 10000").map_err(any::error)?;
        Ok(Lite {
            path: path.to_owned(),
            writer: Arc::new(Writer::new(Conn::new(writer))),
            readers: Mutex::new(Vec::new()),
            closed: AtomicBool::new(false),
        })
    }

    pub fn is_closed(&self) -> bool {
        self.closed.load(Ordering::Relaxed)
    }

    /// Refuses further statements; connections close as they are dropped.
    pub fn close(&self) {
        self.closed.store(true, Ordering::Relaxed);
        self.readers.lock().unwrap_or_else(|e| e.into_inner()).clear();
    }

    fn open_now(&self) -> Result<(), sqlx::Error> {
        if self.is_closed() { Err(sqlx::Error::PoolClosed) } else { Ok(()) }
    }

    /// Runs `f` on an idle reader connection (opening one if none is idle).
    fn with_reader<R>(&self, f: impl FnOnce(&Conn) -> Result<R, sqlx::Error>) -> Result<R, sqlx::Error> {
        let idle = self.readers.lock().unwrap_or_else(|e| e.into_inner()).pop();
        let conn = match idle {
            Some(conn) => conn,
            None => Conn::new(connect(&self.path)?),
        };
        let result = f(&conn);
        let mut readers = self.readers.lock().unwrap_or_else(|e| e.into_inner());
        if readers.len() < READERS_KEPT && !self.is_closed() {
            readers.push(conn);
        }
        result
    }

    /// One statement outside a transaction: a read on a reader, a write on the writer.
    pub(in crate::store::pool) async fn run(
        &self,
        sql: SqlStr,
        mut arguments: Option<AnyArguments>,
        limit: Option<usize>,
    ) -> Result<Ran, sqlx::Error> {
        self.open_now()?;
        let read = self.with_reader(|conn| conn.run_if_read(sql.as_str(), &mut arguments, limit))?;
        match read {
            Some(ran) => Ok(ran),
            None => {
                let unit = self.writer.unit().await?;
                match unit.conn().run(sql.as_str(), arguments, limit) {
                    Ok(ran) => {
                        unit.commit().await?;
                        Ok(ran)
                    }
                    Err(e) => {
                        unit.rollback();
                        Err(e)
                    }
                }
            }
        }
    }

    /// Takes the writer for a transaction (waiting for the writers before it).
    pub async fn begin(&self) -> Result<LiteTx, sqlx::Error> {
        self.open_now()?;
        Ok(LiteTx(self.writer.unit().await?))
    }
}

/// A transaction: a unit on the writer, committed with its group ([`writer`]), rolled back if
/// dropped before its commit.
pub struct LiteTx(Unit);

impl std::fmt::Debug for LiteTx {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LiteTx").finish_non_exhaustive()
    }
}

impl LiteTx {
    /// One statement of the transaction, on the writer, in place.
    pub(in crate::store::pool) fn run(
        &mut self,
        sql: &str,
        arguments: Option<AnyArguments>,
        limit: Option<usize>,
    ) -> Result<Ran, sqlx::Error> {
        self.0.conn().run(sql, arguments, limit)
    }

    pub async fn commit(self) -> Result<(), sqlx::Error> {
        self.0.commit().await
    }

    pub fn rollback(self) {
        self.0.rollback();
    }
}
