//! Who else writes the store: the cache is only as coherent as the set of writers it hears
//! from. On a SQLite file this process holds an exclusive lock on (`<file>.claims-lock`), or an
//! in-memory database, it is the only writer. On PostgreSQL, where many server processes share
//! the store (DESIGN §3), it hears the others through [`super::peers`]. A SQLite file another
//! process has is read through on every request.

use std::fs::{File, OpenOptions};

#[derive(Debug)]
pub(super) enum Writer {
    /// This process is the only writer; the lock file (if any) is held open while it lives.
    Only { _lock: Option<File> },
    /// Other processes on the same PostgreSQL, heard through notifications.
    Peers(super::peers::Peers),
    /// Others may write too, unheard: every request reads the store.
    Shared,
}

/// The writer of a SQLite store (PostgreSQL's are [`Writer::Peers`], which needs the pool).
pub(super) fn for_sqlite(database_url: &str) -> Writer {
    use crate::store::db::{Backend, backend_of, sqlite_file};
    let path = match sqlite_file(database_url) {
        Ok(Some(path)) => path,
        // An in-memory database lives and dies with this process.
        Ok(None) if matches!(backend_of(database_url), Ok(Backend::Sqlite)) => return Writer::Only { _lock: None },
        _ => return Writer::Shared,
    };
    let lock_path = format!("{path}.claims-lock");
    match OpenOptions::new().create(true).truncate(false).write(true).open(&lock_path) {
        Ok(file) => match file.try_lock() {
            Ok(()) => Writer::Only { _lock: Some(file) },
            Err(e) => {
                tracing::warn!(lock = %lock_path, error = %e, "another process writes this database: seat claims are read from the store on every request");
                Writer::Shared
            }
        },
        Err(e) => {
            tracing::warn!(lock = %lock_path, error = %e, "cannot create the claims lock: seat claims are read from the store on every request");
            Writer::Shared
        }
    }
}
