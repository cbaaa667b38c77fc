//! The store's machinery behind one seam: the rest of the store sees a [`Pool`], its [`Tx`]s,
//! the [`Writes`] a call batches and the [`Backend`], and runs sqlx queries on `&pool` or
//! `&mut *tx` without knowing what runs them. This module holds the pin on `sqlx-core` (the
//! `Any` rows and arguments the SQLite connections build), the one sqlx `Executor`
//! implementation (for the pool and a transaction: below) and the one `DatabaseError`
//! ([`failure`]).
//!
//! One pool for SQLite or PostgreSQL, chosen by `DATABASE_URL`, with the same queries and
//! migrations on both (portable DDL; `$1` placeholders, bound by number on both). Queries are
//! checked at run time, so a clean clone builds without a database. Migrations and the demo seed
//! run on sqlx's pool; the server then serves from [`Pool`], through two pieces of machinery,
//! each kept because it buys more than 10 % (issue 34; `tests/load/sales-bench.sh 30 64`, a
//! plain sqlx pool lending a connection per statement against each, this 2-core machine):
//!
//! - [`lite`], on a SQLite file: statements run on rusqlite connections in the calling task, one
//!   writer with grouped commits. sqlx's SQLite driver hands every statement to a thread of its
//!   own and back (DESIGN's "sqlx for the store" departs here): 959.8 complete sales/s against
//!   185.9, five times as many, p99 of seat-lock 42.8 ms against 299.6 ms.
//! - [`kept`], on PostgreSQL: connections kept between statements, as sqlx pings each on its
//!   way back to its pool, a round trip per statement: 401.4 and 398.8 sales/s against 362.0
//!   and 344.8 (+11 to +16 %), CPU per sale 4.71 ms against 5.15 and 5.49, p99 of seat-lock
//!   54 ms against 109 and 118.
//!
//! Search and seat view gain nothing from either (`tests/load/search-bench.sh 10`: within 5 % both
//! ways): their answers come from the claims kept in memory, not from the store.

use std::str::FromStr;
use std::time::Duration;

use std::sync::Arc;

use futures_util::future::{BoxFuture, Future};
use futures_util::stream::{self, BoxStream, StreamExt};
use sqlx::any::{AnyArguments, AnyConnectOptions, AnyPoolOptions, AnyQueryResult, AnyRow, AnyStatement, AnyTypeInfo};
use sqlx::{Any, AnyPool, ConnectOptions, Connection, Either, Execute, Executor, SqlStr};

pub mod failure;
pub mod kept;
pub mod lite;
pub mod writes;

pub use writes::Writes;

use kept::{Connections, KeptTx};
use lite::{Lite, LiteTx, Ran};

/// The embedded migrations (ticket-api/migrations), applied at start-up.
pub static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("./migrations");

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

#[derive(Debug)]
pub enum DbError {
    /// `DATABASE_URL` names no database we support.
    Url(String),
    Sqlx(sqlx::Error),
    Migrate(sqlx::migrate::MigrateError),
    /// Started without migrating (`MIGRATE_ON_START=off`) on a store whose schema is behind.
    NotMigrated(Vec<i64>),
}

impl std::fmt::Display for DbError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DbError::Url(url) => write!(f, "DATABASE_URL '{url}' is neither sqlite://... nor postgres://..."),
            DbError::Sqlx(e) => write!(f, "database: {e}"),
            DbError::Migrate(e) => write!(f, "migrations: {e}"),
            DbError::NotMigrated(missing) => write!(
                f,
                "the store lacks migrations {missing:?}: run `ticket-api migrate` first (or MIGRATE_ON_START=on)"
            ),
        }
    }
}

impl std::error::Error for DbError {}

impl From<sqlx::Error> for DbError {
    fn from(e: sqlx::Error) -> Self {
        DbError::Sqlx(e)
    }
}

pub fn backend_of(url: &str) -> Result<Backend, DbError> {
    if url.starts_with("sqlite:") {
        Ok(Backend::Sqlite)
    } else if url.starts_with("postgres://") || url.starts_with("postgresql://") {
        Ok(Backend::Postgres)
    } else {
        Err(DbError::Url(url.to_owned()))
    }
}

/// Opens the pool and applies the ticket API's migrations.
pub async fn open(url: &str, max_connections: u32) -> Result<(AnyPool, Backend), DbError> {
    let (pool, backend) = connect(url, max_connections).await?;
    MIGRATOR.run(&pool).await.map_err(DbError::Migrate)?;
    Ok((pool, backend))
}

/// Opens the pool of a server that does not migrate (a release step did, `migrate`): refused
/// while any embedded migration is not applied, so a server never runs on a schema older than
/// its queries.
pub async fn open_migrated(url: &str, max_connections: u32) -> Result<(AnyPool, Backend), DbError> {
    let (pool, backend) = connect(url, max_connections).await?;
    let applied: Vec<i64> = sqlx::query_scalar("SELECT version FROM _sqlx_migrations WHERE success")
        .fetch_all(&pool)
        .await
        .unwrap_or_default();
    let missing: Vec<i64> = MIGRATOR.iter().map(|m| m.version).filter(|v| !applied.contains(v)).collect();
    if missing.is_empty() { Ok((pool, backend)) } else { Err(DbError::NotMigrated(missing)) }
}

/// The release step: applies the migrations over one direct connection and says how many
/// were new. sqlx holds a session advisory lock meanwhile (two releases at once wait for each
/// other), so `url` must reach PostgreSQL itself, not a pooler in transaction mode.
pub async fn migrate(url: &str) -> Result<usize, DbError> {
    let (pool, _) = connect(url, 1).await?;
    let before: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM _sqlx_migrations WHERE success").fetch_one(&pool).await.unwrap_or(0);
    MIGRATOR.run(&pool).await.map_err(DbError::Migrate)?;
    let after: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM _sqlx_migrations WHERE success").fetch_one(&pool).await?;
    pool.close().await;
    Ok(usize::try_from(after - before).unwrap_or(0))
}

/// How long a connection may sit idle in the pool before it is pinged on the way out.
const IDLE_BEFORE_PING: Duration = Duration::from_secs(1);

/// Opens the pool, creating a SQLite file (and its folder) when missing. SQLite runs in WAL
/// mode with a busy timeout, so readers never wait for the writer and writers queue instead of
/// failing. The static server's visitor counter shares this (with its own migrations).
pub async fn connect(url: &str, max_connections: u32) -> Result<(AnyPool, Backend), DbError> {
    sqlx::any::install_default_drivers();
    let backend = backend_of(url)?;
    let url = match backend {
        Backend::Sqlite => {
            let path = url.trim_start_matches("sqlite://").trim_start_matches("sqlite:");
            let path = path.split('?').next().unwrap_or(path);
            if let Some(dir) = std::path::Path::new(path).parent().filter(|d| !d.as_os_str().is_empty()) {
                std::fs::create_dir_all(dir).map_err(|e| DbError::Sqlx(sqlx::Error::Io(e)))?;
            }
            if url.contains('?') { url.to_owned() } else { format!("{url}?mode=rwc") }
        }
        Backend::Postgres => url.to_owned(),
    };
    let options = AnyConnectOptions::from_str(&url)?.disable_statement_logging();
    let pool = AnyPoolOptions::new()
        .max_connections(max_connections)
        .acquire_timeout(Duration::from_secs(10))
        // sqlx pings every connection it hands out, a round trip more for each statement run
        // on the pool. Only a connection idle long enough for the server to have dropped it is
        // worth the ping; one just returned (and pinged on its release) is not.
        .test_before_acquire(false)
        .before_acquire(|conn, meta| {
            Box::pin(async move {
                if meta.idle_for >= IDLE_BEFORE_PING {
                    conn.ping().await?;
                }
                Ok(true)
            })
        })
        .after_connect(move |conn, _| {
            Box::pin(async move {
                if backend == Backend::Sqlite {
                    conn.execute(
                        "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; \
                         PRAGMA busy_timeout = 10000; PRAGMA foreign_keys = ON;",
                    )
                    .await?;
                }
                Ok(())
            })
        })
        .connect_with(options)
        .await?;
    Ok((pool, backend))
}

/// The store the server runs on: sqlx's pool for PostgreSQL (and an in-memory SQLite) behind
/// [`Connections`], the direct SQLite connections of [`lite`] for a SQLite file.
/// Statements take `&Pool` (or a [`Tx`]) as sqlx's executors, so the store's queries run
/// unchanged on either.
#[derive(Debug, Clone)]
pub struct Pool(Kind);

#[derive(Debug, Clone)]
enum Kind {
    /// PostgreSQL, or an in-memory SQLite database.
    Sqlx(Arc<Connections>, Backend),
    Lite(Arc<Lite>),
}

impl Pool {
    /// The pool to serve with, from the one the migrations ran on: a SQLite file is then opened
    /// directly and sqlx's connections to it closed.
    pub async fn serving(pool: AnyPool, url: &str) -> Result<Pool, DbError> {
        let backend = backend_of(url)?;
        match sqlite_file(url)? {
            Some(path) => {
                pool.close().await;
                Ok(Pool(Kind::Lite(Arc::new(Lite::open(std::path::Path::new(&path))?))))
            }
            None => Ok(Pool(Kind::Sqlx(Connections::new(pool), backend))),
        }
    }

    /// A transaction: the statements run through it see each other's writes and are kept
    /// together by [`Tx::commit`], or dropped by [`Tx::rollback`] or by dropping it.
    pub async fn begin(&self) -> Result<Tx, sqlx::Error> {
        Ok(Tx(match &self.0 {
            Kind::Sqlx(connections, backend) => TxConn::Sqlx(connections.begin().await?, *backend),
            Kind::Lite(lite) => TxConn::Lite(lite.begin().await?),
        }))
    }

    /// Which database this is.
    pub fn backend(&self) -> Backend {
        match &self.0 {
            Kind::Sqlx(_, backend) => *backend,
            Kind::Lite(_) => Backend::Sqlite,
        }
    }

    pub fn is_closed(&self) -> bool {
        match &self.0 {
            Kind::Sqlx(connections, _) => connections.is_closed(),
            Kind::Lite(lite) => lite.is_closed(),
        }
    }

    pub async fn close(&self) {
        match &self.0 {
            Kind::Sqlx(connections, _) => connections.close().await,
            Kind::Lite(lite) => lite.close(),
        }
    }
}

/// The file of a `sqlite:` URL, `None` for PostgreSQL and an in-memory database (which only
/// sqlx's pool of connections to it shares).
pub fn sqlite_file(url: &str) -> Result<Option<String>, DbError> {
    if backend_of(url)? != Backend::Sqlite {
        return Ok(None);
    }
    let (path, options) = url
        .trim_start_matches("sqlite://")
        .trim_start_matches("sqlite:")
        .split_once('?')
        .map_or((url.trim_start_matches("sqlite://").trim_start_matches("sqlite:"), ""), |(path, options)| {
            (path, options)
        });
    let memory = path.is_empty() || path.contains(":memory:") || options.split('&').any(|o| o == "mode=memory");
    Ok((!memory).then(|| path.to_owned()))
}

/// A transaction of a [`Pool`]; its statements run on `&mut *tx` as on sqlx's transactions.
#[derive(Debug)]
pub struct Tx(TxConn);

#[derive(Debug)]
pub enum TxConn {
    Sqlx(KeptTx, Backend),
    Lite(LiteTx),
}

impl Tx {
    /// Whether no other write transaction can run beside this one, in this process or another:
    /// on a SQLite file every write takes the one writer connection and the file's write lock
    /// (`BEGIN IMMEDIATE`) before its first statement. A lock row taken to serialise writers
    /// is then only a write more.
    pub fn runs_alone(&self) -> bool {
        matches!(self.0, TxConn::Lite(_))
    }

    /// Which database it runs on.
    pub fn backend(&self) -> Backend {
        match &self.0 {
            TxConn::Sqlx(_, backend) => *backend,
            TxConn::Lite(_) => Backend::Sqlite,
        }
    }

    pub async fn commit(self) -> Result<(), sqlx::Error> {
        match self.0 {
            TxConn::Sqlx(tx, _) => tx.commit().await,
            TxConn::Lite(tx) => tx.commit().await,
        }
    }

    pub async fn rollback(self) -> Result<(), sqlx::Error> {
        match self.0 {
            TxConn::Sqlx(tx, _) => tx.rollback().await,
            TxConn::Lite(tx) => {
                tx.rollback();
                Ok(())
            }
        }
    }
}

impl std::ops::Deref for Tx {
    type Target = TxConn;

    fn deref(&self) -> &TxConn {
        &self.0
    }
}

impl std::ops::DerefMut for Tx {
    fn deref_mut(&mut self) -> &mut TxConn {
        &mut self.0
    }
}

/// A statement's steps as sqlx streams them: its rows, then what it changed.
type Step = Result<Either<AnyQueryResult, AnyRow>, sqlx::Error>;

/// The statement and its arguments out of a query (an argument that failed to encode is an error).
pub(crate) fn parts<'q, E: sqlx::Execute<'q, sqlx::Any>>(
    mut query: E,
) -> Result<(sqlx::SqlStr, Option<AnyArguments>), sqlx::Error> {
    let arguments = query.take_arguments().map_err(sqlx::Error::Encode)?;
    Ok((query.sql(), arguments))
}

/// A statement run on the SQLite connections, streamed as sqlx streams a statement's steps.
fn lite_steps<'e>(ran: impl Future<Output = Result<Ran, sqlx::Error>> + Send + 'e) -> BoxStream<'e, Step> {
    stream::once(ran)
        .map(|ran| match ran {
            Ok(Ran { rows, result }) => {
                rows.into_iter().map(|r| Ok(Either::Right(r))).chain([Ok(Either::Left(result))]).collect()
            }
            Err(e) => vec![Err(e)],
        })
        .flat_map(stream::iter)
        .boxed()
}

fn unsupported<'e, T: Send + 'e>(what: &str) -> BoxFuture<'e, Result<T, sqlx::Error>> {
    let message = format!("{what} is not supported on the store's SQLite connections");
    Box::pin(async move { Err(sqlx::Error::Protocol(message)) })
}

// Outside a transaction: PostgreSQL's statements take a kept connection; SQLite's run on a reader
// (a read) or the writer (a write as a unit of its own).
impl<'c> Executor<'c> for &'c Pool {
    type Database = Any;

    fn fetch_many<'e, 'q: 'e, E>(self, query: E) -> BoxStream<'e, Step>
    where
        'c: 'e,
        E: 'q + Execute<'q, Any>,
    {
        match &self.0 {
            Kind::Sqlx(kept, _) => stream::once(kept.fetch_all(query)).flat_map(stream::iter).boxed(),
            Kind::Lite(lite) => {
                let parts = parts(query);
                lite_steps(async move {
                    let (sql, arguments) = parts?;
                    lite.run(sql, arguments, None).await
                })
            }
        }
    }

    fn fetch_optional<'e, 'q: 'e, E>(self, query: E) -> BoxFuture<'e, Result<Option<AnyRow>, sqlx::Error>>
    where
        'c: 'e,
        E: 'q + Execute<'q, Any>,
    {
        match &self.0 {
            Kind::Sqlx(kept, _) => Box::pin(kept.fetch_optional(query)),
            Kind::Lite(lite) => {
                let parts = parts(query);
                Box::pin(async move {
                    let (sql, arguments) = parts?;
                    Ok(lite.run(sql, arguments, Some(1)).await?.rows.into_iter().next())
                })
            }
        }
    }

    fn prepare_with<'e>(
        self,
        sql: SqlStr,
        parameters: &'e [AnyTypeInfo],
    ) -> BoxFuture<'e, Result<AnyStatement, sqlx::Error>>
    where
        'c: 'e,
    {
        match &self.0 {
            Kind::Sqlx(kept, _) => kept.pool().prepare_with(sql, parameters),
            Kind::Lite(_) => unsupported("prepare"),
        }
    }

    fn describe<'e>(self, sql: SqlStr) -> BoxFuture<'e, Result<sqlx::Describe<Any>, sqlx::Error>>
    where
        'c: 'e,
    {
        match &self.0 {
            Kind::Sqlx(kept, _) => kept.pool().describe(sql),
            Kind::Lite(_) => unsupported("describe"),
        }
    }
}

// In a transaction: on its connection (PostgreSQL), on the writer in place (SQLite).
impl<'c> Executor<'c> for &'c mut TxConn {
    type Database = Any;

    fn fetch_many<'e, 'q: 'e, E>(self, query: E) -> BoxStream<'e, Step>
    where
        'c: 'e,
        E: 'q + Execute<'q, Any>,
    {
        match self {
            TxConn::Sqlx(tx, _) => tx.conn().fetch_many(query),
            TxConn::Lite(tx) => {
                let ran = parts(query).and_then(|(sql, arguments)| tx.run(sql.as_str(), arguments, None));
                lite_steps(std::future::ready(ran))
            }
        }
    }

    fn fetch_optional<'e, 'q: 'e, E>(self, query: E) -> BoxFuture<'e, Result<Option<AnyRow>, sqlx::Error>>
    where
        'c: 'e,
        E: 'q + Execute<'q, Any>,
    {
        match self {
            TxConn::Sqlx(tx, _) => tx.conn().fetch_optional(query),
            TxConn::Lite(tx) => {
                let ran = parts(query).and_then(|(sql, arguments)| tx.run(sql.as_str(), arguments, Some(1)));
                Box::pin(std::future::ready(ran.map(|ran| ran.rows.into_iter().next())))
            }
        }
    }

    fn prepare_with<'e>(
        self,
        sql: SqlStr,
        parameters: &'e [AnyTypeInfo],
    ) -> BoxFuture<'e, Result<AnyStatement, sqlx::Error>>
    where
        'c: 'e,
    {
        match self {
            TxConn::Sqlx(tx, _) => tx.conn().prepare_with(sql, parameters),
            TxConn::Lite(_) => unsupported("prepare"),
        }
    }

    fn describe<'e>(self, sql: SqlStr) -> BoxFuture<'e, Result<sqlx::Describe<Any>, sqlx::Error>>
    where
        'c: 'e,
    {
        match self {
            TxConn::Sqlx(tx, _) => tx.conn().describe(sql),
            TxConn::Lite(_) => unsupported("describe"),
        }
    }
}
