//! The direct SQLite store against its promises: sqlx's rows and errors, every answered write
//! committed, a failed or abandoned write taking nothing of the others in its group.

use std::path::PathBuf;
use std::sync::Arc;

use sqlx::Row;

use super::Lite;
use crate::store::pool::{Kind, Pool};

/// A fresh database file in WAL mode with one table, opened as the server opens it; the file is
/// removed when the returned path guard drops.
fn store(name: &str) -> (Pool, Scratch) {
    let path = Scratch::new(&format!("lite-{name}"));
    let setup = rusqlite::Connection::open(&*path).unwrap();
    setup
        .execute_batch(
            "PRAGMA journal_mode = WAL; \
             CREATE TABLE t (id BIGINT PRIMARY KEY, name TEXT NOT NULL UNIQUE, score REAL, note TEXT);",
        )
        .unwrap();
    (Pool(Kind::Lite(Arc::new(Lite::open(&path).unwrap()))), path)
}

/// A database file of a test, removed (with its WAL) when the test ends.
pub(in crate::store) struct Scratch(PathBuf);

impl Scratch {
    /// A new file's name in the temporary folder.
    pub(in crate::store) fn new(name: &str) -> Scratch {
        Scratch(std::env::temp_dir().join(format!(
            "{name}-{}-{}.db",
            std::process::id(),
            crate::ids::new_id("t").unwrap()
        )))
    }
}

impl std::ops::Deref for Scratch {
    type Target = PathBuf;

    fn deref(&self) -> &PathBuf {
        &self.0
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        for suffix in ["", "-wal", "-shm"] {
            let _ = std::fs::remove_file(format!("{}{suffix}", self.0.display()));
        }
    }
}

/// Rows in `t`, read by a connection of its own (what is committed to the file).
fn committed(path: &PathBuf) -> i64 {
    rusqlite::Connection::open(path).unwrap().query_row("SELECT COUNT(*) FROM t", [], |r| r.get(0)).unwrap()
}

#[tokio::test]
async fn rows_bind_and_read_as_sqlx_any_does() {
    let (lite, _file) = store("rows");
    let inserted = sqlx::query("INSERT INTO t (id, name, score, note) VALUES ($2, $1, $3, $4)")
        .bind("karim")
        .bind(7_i64)
        .bind(2.5_f64)
        .bind(None::<String>)
        .execute(&lite)
        .await
        .unwrap();
    assert_eq!(inserted.rows_affected(), 1);
    // Placeholders out of order and repeated bind by their number.
    let row = sqlx::query("SELECT id, name, score, note, id + $1 AS next FROM t WHERE id = $1 AND name <> $2")
        .bind(7_i64)
        .bind("rahim")
        .fetch_one(&lite)
        .await
        .unwrap();
    assert_eq!(row.get::<i64, _>("id"), 7);
    assert_eq!(row.get::<String, _>("name"), "karim");
    assert_eq!(row.get::<f64, _>("score"), 2.5);
    assert_eq!(row.get::<Option<String>, _>("note"), None);
    assert_eq!(row.get::<i64, _>("next"), 14);
    let count: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM t").fetch_one(&lite).await.unwrap();
    assert_eq!(count, 1);
    assert!(sqlx::query("SELECT id FROM t WHERE id = $1").bind(8_i64).fetch_optional(&lite).await.unwrap().is_none());
}

#[tokio::test]
async fn a_constraint_failure_is_a_database_error_of_its_kind() {
    let (lite, _file) = store("errors");
    let insert = |id: i64| sqlx::query("INSERT INTO t (id, name) VALUES ($1, 'same')").bind(id);
    insert(1).execute(&lite).await.unwrap();
    let e = insert(2).execute(&lite).await.unwrap_err();
    assert!(e.as_database_error().is_some_and(|d| d.is_unique_violation()), "{e}");
    let e = sqlx::query("INSERT INTO t (id) VALUES (3)").execute(&lite).await.unwrap_err();
    assert_eq!(e.as_database_error().map(|d| d.kind()), Some(sqlx::error::ErrorKind::NotNullViolation), "{e}");
    let e = sqlx::query("SELECT missing FROM nowhere").execute(&lite).await.unwrap_err();
    assert!(e.to_string().contains("no such table"), "{e}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_hundred_writers_at_once_are_all_committed_when_answered() {
    let (lite, path) = store("many");
    let mut writers = tokio::task::JoinSet::new();
    for i in 0..300_i64 {
        let (lite, path) = (lite.clone(), path.to_path_buf());
        writers.spawn(async move {
            if i % 2 == 0 {
                let mut tx = lite.begin().await.unwrap();
                sqlx::query("INSERT INTO t (id, name) VALUES ($1, $2)")
                    .bind(i)
                    .bind(format!("n{i}"))
                    .execute(&mut *tx)
                    .await
                    .unwrap();
                let mine: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM t WHERE id = $1")
                    .bind(i)
                    .fetch_one(&mut *tx)
                    .await
                    .unwrap();
                assert_eq!(mine, 1, "a transaction reads its own write");
                tx.commit().await.unwrap();
            } else {
                sqlx::query("INSERT INTO t (id, name) VALUES ($1, $2)")
                    .bind(i)
                    .bind(format!("n{i}"))
                    .execute(&lite)
                    .await
                    .unwrap();
            }
            // Answered: then it is in the file, for any other connection.
            let seen: Option<i64> = rusqlite::Connection::open(&path)
                .unwrap()
                .query_row("SELECT id FROM t WHERE id = ?1", [i], |r| r.get(0))
                .ok();
            assert_eq!(seen, Some(i), "writer {i} was answered before its commit");
        });
    }
    while let Some(done) = writers.join_next().await {
        done.unwrap();
    }
    assert_eq!(committed(&path), 300);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failed_or_abandoned_write_takes_nothing_of_the_others() {
    let (lite, path) = store("failed");
    sqlx::query("INSERT INTO t (id, name) VALUES (1, 'taken')").execute(&lite).await.unwrap();
    let mut writers = tokio::task::JoinSet::new();
    for i in 0..60_i64 {
        let lite = lite.clone();
        writers.spawn(async move {
            let mut tx = lite.begin().await.unwrap();
            sqlx::query("INSERT INTO t (id, name) VALUES ($1, $2)")
                .bind(100 + i)
                .bind(format!("n{i}"))
                .execute(&mut *tx)
                .await
                .unwrap();
            match i % 3 {
                // A constraint failure half-way, then rolled back.
                0 => {
                    let e = sqlx::query("INSERT INTO t (id, name) VALUES ($1, 'taken')")
                        .bind(1000 + i)
                        .execute(&mut *tx)
                        .await;
                    assert!(e.is_err());
                    tx.rollback().await.unwrap();
                }
                // Dropped without a word (its request was cancelled).
                1 => drop(tx),
                _ => tx.commit().await.unwrap(),
            }
        });
    }
    while let Some(done) = writers.join_next().await {
        done.unwrap();
    }
    let kept: Vec<i64> = rusqlite::Connection::open(&*path)
        .unwrap()
        .prepare("SELECT id FROM t ORDER BY id")
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .map(Result::unwrap)
        .collect();
    let expected: Vec<i64> = std::iter::once(1).chain((0..60).filter(|i| i % 3 == 2).map(|i| 100 + i)).collect();
    assert_eq!(kept, expected);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_writer_cancelled_while_queued_does_not_hold_up_the_commit() {
    let (pool, path) = store("cancelled");
    let Pool(Kind::Lite(lite)) = &pool else { unreachable!("a SQLite file's pool") };
    let mut holding = pool.begin().await.unwrap();
    sqlx::query("INSERT INTO t (id, name) VALUES (1, 'first')").execute(&mut *holding).await.unwrap();
    // A second writer queues behind, and gives up waiting.
    let queued = tokio::time::timeout(std::time::Duration::from_millis(50), pool.begin()).await;
    assert!(queued.is_err(), "the writer is held");
    assert_eq!(lite.writer.queued(), 0, "a writer that gave up is not counted as queued");
    // With nobody queued, the holder commits its group itself.
    holding.commit().await.unwrap();
    assert_eq!(committed(&path), 1);
}
