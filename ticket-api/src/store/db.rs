//! The store's connection: one pool for SQLite or PostgreSQL, chosen by `DATABASE_URL`, with the
//! same queries and migrations on both (portable DDL; `$1` placeholders, which sqlx's SQLite
//! driver binds by number as PostgreSQL does). Queries are checked at run time, so a clean
//! clone builds without a database.

use std::str::FromStr;
use std::time::Duration;

use sqlx::any::{AnyConnectOptions, AnyPoolOptions};
use sqlx::{AnyPool, ConnectOptions, Executor};

pub use sqlx::AnyPool as Pool;

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
}

impl std::fmt::Display for DbError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DbError::Url(url) => write!(f, "DATABASE_URL '{url}' is neither sqlite://... nor postgres://..."),
            DbError::Sqlx(e) => write!(f, "database: {e}"),
            DbError::Migrate(e) => write!(f, "migrations: {e}"),
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
