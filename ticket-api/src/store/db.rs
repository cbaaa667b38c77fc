//! The store's connection: one pool for SQLite or PostgreSQL, chosen by `DATABASE_URL`, with the
//! same queries and migrations on both (portable DDL; `$1` placeholders, bound by number on
//! both). Queries are checked at run time, so a clean clone builds without a database.
//!
//! Migrations and the demo seed run on sqlx's pool; the server then serves from [`Pool`]: sqlx's
//! pool on PostgreSQL, its connections kept between statements ([`super::connections`]: sqlx
//! pings each on its way back, a round trip per statement), and on a SQLite file the direct
//! connections of [`super::lite`] (DESIGN's "sqlx for the store" departs there, for speed:
//! sqlx's SQLite driver handed every statement to a thread of its own and back, most of a
//! sale's time). Either way the store's functions take `&Pool` or a [`Tx`] as sqlx executors
//! and do not know which runs them.

use std::str::FromStr;
use std::time::Duration;

use std::sync::Arc;

use futures_util::future::BoxFuture;
use futures_util::stream::BoxStream;
use sqlx::any::{AnyConnectOptions, AnyPoolOptions, AnyQueryResult, AnyRow, AnyStatement, AnyTypeInfo};
use sqlx::{Any, AnyPool, ConnectOptions, Connection, Either, Execute, Executor, SqlStr};

use super::connections::{Connections, KeptTx};
use super::lite::{Lite, LiteTx};

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
/// [`Connections`], the direct SQLite connections of [`super::lite`] for a SQLite file.
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

type Step = Result<Either<AnyQueryResult, AnyRow>, sqlx::Error>;

/// Each executor's statements go to the connection underneath, whichever it is.
macro_rules! dispatch_executor {
    ($target:ty, $sqlx:pat => $sqlx_exec:expr, $lite:pat => $lite_exec:expr) => {
        impl<'c> Executor<'c> for $target {
            type Database = Any;

            fn fetch_many<'e, 'q: 'e, E>(self, query: E) -> BoxStream<'e, Step>
            where
                'c: 'e,
                E: 'q + Execute<'q, Any>,
            {
                match self {
                    $sqlx => $sqlx_exec.fetch_many(query),
                    $lite => $lite_exec.fetch_many(query),
                }
            }

            fn fetch_optional<'e, 'q: 'e, E>(self, query: E) -> BoxFuture<'e, Result<Option<AnyRow>, sqlx::Error>>
            where
                'c: 'e,
                E: 'q + Execute<'q, Any>,
            {
                match self {
                    $sqlx => $sqlx_exec.fetch_optional(query),
                    $lite => $lite_exec.fetch_optional(query),
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
                    $sqlx => $sqlx_exec.prepare_with(sql, parameters),
                    $lite => $lite_exec.prepare_with(sql, parameters),
                }
            }

            fn describe<'e>(self, sql: SqlStr) -> BoxFuture<'e, Result<sqlx::Describe<Any>, sqlx::Error>>
            where
                'c: 'e,
            {
                match self {
                    $sqlx => $sqlx_exec.describe(sql),
                    $lite => $lite_exec.describe(sql),
                }
            }
        }
    };
}

dispatch_executor!(&'c Pool, Pool(Kind::Sqlx(this, _)) => &**this, Pool(Kind::Lite(this)) => this);
dispatch_executor!(&'c mut TxConn, TxConn::Sqlx(this, _) => this.conn(), TxConn::Lite(this) => this);
