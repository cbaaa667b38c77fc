//! The visitor counter behind the new-site banner (SPEC §8): one count per calendar date.
//!
//! Counting is one atomic statement (`INSERT ... ON CONFLICT DO UPDATE ... RETURNING`), so
//! concurrent visits never lose an increment and each caller gets the count its own visit made,
//! whichever process or connection runs it. The store is the ticket API's (SQLite or
//! PostgreSQL, by `DATABASE_URL`), opened the same way (`ticket_api::store::pool::connect`).

use std::fmt;

use core_wasm::time::Date;
use sqlx::AnyPool;

/// A calendar date `YYYY-MM-DD`, checked by the core's date rule (`core_wasm::time::Date`), the
/// same one the site uses for "today in Dhaka". Once built, it is valid.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct VisitDate(Date);

impl VisitDate {
    pub fn parse(input: &str) -> Result<VisitDate, String> {
        Date::parse(input).map(VisitDate).map_err(|e| format!("date must be a calendar date written YYYY-MM-DD: {e}"))
    }

    /// `YYYY-MM-DD`, as stored.
    pub fn to_key(self) -> String {
        self.0.to_string()
    }
}

/// The database could not be opened or migrated.
#[derive(Debug)]
pub enum StoreError {
    Open(ticket_api::store::pool::DbError),
    Migrate(sqlx::migrate::MigrateError),
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StoreError::Open(e) => write!(f, "cannot open the database: {e}"),
            StoreError::Migrate(e) => write!(f, "cannot apply migrations: {e}"),
        }
    }
}

impl std::error::Error for StoreError {}

/// The visitor counts.
#[derive(Debug, Clone)]
pub struct Visitors {
    pool: AnyPool,
}

impl Visitors {
    /// Opens (creating a SQLite file if missing) the database at `database_url` and applies
    /// the migrations.
    pub async fn open(database_url: &str) -> Result<Visitors, StoreError> {
        let (pool, _) = ticket_api::store::pool::connect(database_url, 8).await.map_err(StoreError::Open)?;
        let mut migrator = sqlx::migrate!("./migrations");
        // The ticket API may share this database with migrations of its own. A separate history
        // table keeps the two migrators from treating each other's versions as missing or
        // conflicting. Safe here because this crate has used this table name from its first day.
        migrator.dangerous_set_table_name("_static_server_migrations");
        migrator.run(&pool).await.map_err(StoreError::Migrate)?;
        Ok(Visitors { pool })
    }

    /// Counts one visit on `date` and returns that date's count including it.
    pub async fn record_visit(&self, date: VisitDate) -> Result<i64, sqlx::Error> {
        sqlx::query_scalar(
            "INSERT INTO site_visitors (visit_date, count) VALUES ($1, 1) \
             ON CONFLICT (visit_date) DO UPDATE SET count = site_visitors.count + 1 \
             RETURNING count",
        )
        .bind(date.to_key())
        .fetch_one(&self.pool)
        .await
    }

    /// Waits for queries in flight, then closes every connection (graceful shutdown).
    pub async fn close(&self) {
        self.pool.close().await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn calendar_dates_pass() {
        for date in ["2024-02-29", "2000-02-29", "2025-12-31", "2025-01-01", "1999-04-30"] {
            let parsed = VisitDate::parse(date).unwrap_or_else(|e| panic!("{date}: {e}"));
            assert_eq!(parsed.to_key(), date, "stored exactly as sent");
        }
    }

    #[test]
    fn impossible_or_misshapen_dates_fail() {
        for date in [
            "2025-02-29",
            "1900-02-29",
            "2025-04-31",
            "2025-13-01",
            "2025-00-10",
            "2025-01-00",
            "0000-01-01",
            "2025-1-01",
            "2025/01/01",
            "25-01-01",
            "2025-01-01T00:00:00Z",
            "",
            "２０２５-01-01",
            "+025-01-01",
        ] {
            assert!(VisitDate::parse(date).is_err(), "{date}");
        }
    }
}
