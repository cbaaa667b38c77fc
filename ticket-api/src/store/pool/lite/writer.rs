//! The one writer connection, and the commits it groups.
//!
//! Each write (a transaction, or one statement outside any) is a **unit**: a savepoint inside
//! the writer's open SQLite transaction. A unit that ends well is released into that
//! transaction and its task waits for the transaction's commit before it answers; the group is
//! committed by the unit that ends with no other writer queued behind it, or once it is
//! [`GROUP_AGE`] old. Under load a commit thus carries the writes of many requests: a commit
//! (the WAL write and the file locks) was most of a write's time, and with it gone a writer
//! holds the connection for little more than its statements.
//!
//! Nothing is answered before it is committed: a failed commit fails every unit of the group,
//! and a unit that fails rolls back to its savepoint without touching the others. Units in one
//! group see each other's writes (they run one after another on one connection), as
//! transactions committed one after another would.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use rusqlite::Connection;
use tokio::sync::{Mutex, OwnedMutexGuard, oneshot};

use super::any::{self, Conn};

/// The oldest a group gets before the unit ending it commits it, writers queued or not: the
/// most a write's answer waits for the writes queued after it.
const GROUP_AGE: Duration = Duration::from_millis(2);
/// How long a unit released into a group waits for the commit before committing the group
/// itself (the writer queued behind it may have been cancelled before it took its turn).
const COMMIT_WAIT: Duration = Duration::from_millis(20);

/// What a group's commit came to, told to each of its units.
type Committed = Result<(), String>;

pub(super) struct Connected {
    conn: Conn,
    /// When the open transaction began (`None`: no transaction open).
    group_since: Option<Instant>,
    /// The units released into the open transaction, waiting for its commit.
    released: Vec<oneshot::Sender<Committed>>,
}

/// The writer connection and how many tasks queue for it.
pub(super) struct Writer {
    connected: Arc<Mutex<Connected>>,
    queued: AtomicUsize,
}

/// A task counted as queued for the writer until it has it (or gives up waiting).
struct Queued<'a>(&'a AtomicUsize);

impl Drop for Queued<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::Relaxed);
    }
}

impl Writer {
    pub fn new(conn: Conn) -> Writer {
        Writer {
            connected: Arc::new(Mutex::new(Connected { conn, group_since: None, released: Vec::new() })),
            queued: AtomicUsize::new(0),
        }
    }

    /// How many tasks wait for the writer.
    #[cfg(test)]
    pub fn queued(&self) -> usize {
        self.queued.load(Ordering::Relaxed)
    }

    /// The writer, once the writers queued before have had it, with a unit begun on it.
    pub async fn unit(self: &Arc<Self>) -> Result<Unit, sqlx::Error> {
        let connected = {
            self.queued.fetch_add(1, Ordering::Relaxed);
            let _queued = Queued(&self.queued);
            self.connected.clone().lock_owned().await
        };
        let mut unit = Unit { writer: self.clone(), connected, open: false };
        unit.begin()?;
        Ok(unit)
    }
}

/// One write in progress on the writer; rolled back to its savepoint if dropped unfinished.
pub(super) struct Unit {
    writer: Arc<Writer>,
    connected: OwnedMutexGuard<Connected>,
    open: bool,
}

impl Unit {
    pub fn conn(&self) -> &Conn {
        &self.connected.conn
    }

    fn begin(&mut self) -> Result<(), sqlx::Error> {
        let c = &mut *self.connected;
        if c.group_since.is_none() {
            control(&c.conn.sqlite, "BEGIN IMMEDIATE").map_err(any::error)?;
            c.group_since = Some(Instant::now());
        }
        control(&c.conn.sqlite, "SAVEPOINT unit").map_err(any::error)?;
        self.open = true;
        Ok(())
    }

    /// Keeps the unit's writes: they are committed with its group, and this returns once they are.
    pub async fn commit(mut self) -> Result<(), sqlx::Error> {
        self.open = false;
        if let Err(e) = control(&self.connected.conn.sqlite, "RELEASE unit") {
            self.undo();
            self.settle();
            return Err(any::error(e));
        }
        let (told, committed) = oneshot::channel();
        self.connected.released.push(told);
        self.settle();
        let writer = self.writer.clone();
        drop(self);
        let mut committed = committed;
        let outcome = match tokio::time::timeout(COMMIT_WAIT, &mut committed).await {
            Ok(outcome) => outcome,
            Err(_) => {
                // Nobody committed the group in time: take the writer and commit it.
                let connected = writer.connected.clone().lock_owned().await;
                Unit { writer: writer.clone(), connected, open: false }.commit_group();
                committed.await
            }
        };
        match outcome {
            Ok(Ok(())) => Ok(()),
            Ok(Err(message)) => Err(sqlx::Error::Protocol(format!("sqlite commit: {message}"))),
            Err(_) => Err(sqlx::Error::PoolClosed),
        }
    }

    /// Drops the unit's writes; the group's other units are untouched.
    pub fn rollback(mut self) {
        self.open = false;
        self.undo();
        self.settle();
    }

    fn undo(&mut self) {
        let c = &mut *self.connected;
        if c.conn.sqlite.is_autocommit() {
            // SQLite rolled the whole transaction back itself (an I/O error, a full disk): the
            // group's released units are lost with it.
            fail_group(c, "the transaction was rolled back");
            return;
        }
        if let Err(e) =
            control(&c.conn.sqlite, "ROLLBACK TO unit").and_then(|()| control(&c.conn.sqlite, "RELEASE unit"))
        {
            tracing::error!(error = %e, "could not roll back a write: rolling back its group");
            let _ = control(&c.conn.sqlite, "ROLLBACK");
            fail_group(c, "the transaction was rolled back");
        }
    }

    /// Ends this turn on the writer: commits the group if no writer is queued behind it (so no
    /// one would) or it is old enough; otherwise leaves it open for the next.
    fn settle(&mut self) {
        let old = self.connected.group_since.is_some_and(|since| since.elapsed() >= GROUP_AGE);
        if self.writer.queued.load(Ordering::Relaxed) == 0 || old {
            self.commit_group();
        }
    }

    fn commit_group(&mut self) {
        let c = &mut *self.connected;
        if c.group_since.is_none() {
            return;
        }
        if c.conn.sqlite.is_autocommit() {
            fail_group(c, "the transaction was rolled back");
            return;
        }
        match control(&c.conn.sqlite, "COMMIT") {
            Ok(()) => {
                c.group_since = None;
                for unit in c.released.drain(..) {
                    let _ = unit.send(Ok(()));
                }
            }
            Err(e) => {
                tracing::error!(error = %e, units = c.released.len(), "a group commit failed");
                let _ = control(&c.conn.sqlite, "ROLLBACK");
                fail_group(c, &e.to_string());
            }
        }
    }
}

/// A transaction statement, prepared once (they run several times per write).
fn control(conn: &Connection, sql: &str) -> rusqlite::Result<()> {
    conn.prepare_cached(sql)?.raw_execute().map(drop)
}

fn fail_group(c: &mut Connected, why: &str) {
    c.group_since = None;
    for unit in c.released.drain(..) {
        let _ = unit.send(Err(why.to_owned()));
    }
}

impl Drop for Unit {
    fn drop(&mut self) {
        if self.open {
            // Abandoned mid-way (its request was cancelled): as a rollback.
            self.open = false;
            self.undo();
            self.settle();
        }
    }
}
