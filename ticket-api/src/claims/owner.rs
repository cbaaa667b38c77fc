//! Whether this process is the store's one writer: the cache is only as coherent as the set of
//! writers it hears from, so it is on only for a SQLite file this process holds an exclusive
//! lock on (`<file>.claims-lock`) or an in-memory database. PostgreSQL, where many server
//! processes share the store (DESIGN §3), and a SQLite file another process has, read through.

use std::fs::{File, OpenOptions};

#[derive(Debug)]
pub(super) enum Writer {
    /// This process is the only writer; the lock file (if any) is held open while it lives.
    Only { _lock: Option<File> },
    /// Others may write too: every request reads the store.
    Shared,
}

pub(super) fn for_database(database_url: &str) -> Writer {
    let Some(rest) = database_url.strip_prefix("sqlite:") else {
        return Writer::Shared;
    };
    let path = rest.trim_start_matches("//");
    let path = path.split('?').next().unwrap_or(path);
    if path.is_empty() || path.contains(":memory:") {
        return Writer::Only { _lock: None };
    }
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
