//! Boarding (issue 36): operators' boarding-code keys, scans, boarding closed and no-shows.

use super::Exec;

/// An operator's boarding-code key as stored (its secret is derived, never stored).
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct KeyRow {
    pub operator_id: String,
    pub key_id: i64,
    pub salt: String,
    pub public_key: String,
    pub created_at: i64,
    pub retired_at: Option<i64>,
}

/// Every key of the operators, retired or not, newest first.
pub async fn keys<'c>(e: impl Exec<'c>, operator_id: &str) -> Result<Vec<KeyRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT operator_id, key_id, salt, public_key, created_at, retired_at FROM boarding_keys \
         WHERE operator_id = $1 ORDER BY created_at DESC, key_id DESC",
    )
    .bind(operator_id)
    .fetch_all(e)
    .await
}

/// Adds a key; false when another process took the id first.
pub async fn add_key<'c>(e: impl Exec<'c>, row: &KeyRow) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "INSERT INTO boarding_keys (operator_id, key_id, salt, public_key, created_at) VALUES ($1, $2, $3, $4, $5) \
         ON CONFLICT (operator_id, key_id) DO NOTHING",
    )
    .bind(&row.operator_id)
    .bind(row.key_id)
    .bind(&row.salt)
    .bind(&row.public_key)
    .bind(row.created_at)
    .execute(e)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Frees a retired key's id for a new key (all 256 were used).
pub async fn drop_retired_key<'c>(e: impl Exec<'c>, operator_id: &str, key_id: i64) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM boarding_keys WHERE operator_id = $1 AND key_id = $2 AND retired_at IS NOT NULL")
        .bind(operator_id)
        .bind(key_id)
        .execute(e)
        .await?;
    Ok(())
}

/// Retires a key; false when it was not there or already retired.
pub async fn retire_key<'c>(
    e: impl Exec<'c>,
    operator_id: &str,
    key_id: i64,
    now_ms: i64,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE boarding_keys SET retired_at = $1 WHERE operator_id = $2 AND key_id = $3 AND retired_at IS NULL",
    )
    .bind(now_ms)
    .bind(operator_id)
    .bind(key_id)
    .execute(e)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// A scan as stored.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ScanRow {
    pub nonce: String,
    pub trip_id: String,
    pub pnr: Option<String>,
    pub device_id: Option<String>,
    pub scanned_at: i64,
    pub outcome: String,
    pub reason: Option<String>,
    pub request: String,
}

/// Records a scan once per nonce; false when the nonce was recorded before.
pub async fn add_scan<'c>(
    e: impl Exec<'c>,
    row: &ScanRow,
    operator_id: &str,
    staff_id: &str,
    now_ms: i64,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "INSERT INTO boarding_scans (nonce, operator_id, trip_id, pnr, device_id, staff_id, scanned_at, received_at, \
         outcome, reason, request) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) ON CONFLICT (nonce) DO NOTHING",
    )
    .bind(&row.nonce)
    .bind(operator_id)
    .bind(&row.trip_id)
    .bind(row.pnr.as_deref())
    .bind(row.device_id.as_deref())
    .bind(staff_id)
    .bind(row.scanned_at)
    .bind(now_ms)
    .bind(&row.outcome)
    .bind(row.reason.as_deref())
    .bind(&row.request)
    .execute(e)
    .await?;
    Ok(done.rows_affected() == 1)
}

const SCAN_COLUMNS: &str = "nonce, trip_id, pnr, device_id, scanned_at, outcome, reason, request";

pub async fn scan<'c>(e: impl Exec<'c>, nonce: &str) -> Result<Option<ScanRow>, sqlx::Error> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!("SELECT {SCAN_COLUMNS} FROM boarding_scans WHERE nonce = $1")))
        .bind(nonce)
        .fetch_optional(e)
        .await
}

/// The scans that admitted a ticket of a trip.
pub async fn admissions<'c>(e: impl Exec<'c>, trip_id: &str, pnr: &str) -> Result<Vec<ScanRow>, sqlx::Error> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {SCAN_COLUMNS} FROM boarding_scans WHERE trip_id = $1 AND pnr = $2 AND outcome = 'admitted'"
    )))
    .bind(trip_id)
    .bind(pnr)
    .fetch_all(e)
    .await
}

/// The scans that admitted any ticket of a trip.
pub async fn trip_admissions<'c>(e: impl Exec<'c>, trip_id: &str) -> Result<Vec<ScanRow>, sqlx::Error> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {SCAN_COLUMNS} FROM boarding_scans WHERE trip_id = $1 AND outcome = 'admitted'"
    )))
    .bind(trip_id)
    .fetch_all(e)
    .await
}

/// The PNRs of a trip's tickets that no longer board (cancelled, refunded, no-shows): the
/// revocation list a scanner checks codes against.
pub async fn revoked<'c>(e: impl Exec<'c>, trip_id: &str) -> Result<Vec<String>, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT t.pnr FROM tickets t JOIN bookings b ON b.id = t.booking_id WHERE b.trip_id = $1 \
         AND (t.status <> 'confirmed' OR t.no_show_at IS NOT NULL) ORDER BY t.pnr",
    )
    .bind(trip_id)
    .fetch_all(e)
    .await
}

/// The PNRs of a trip's cancelled and refunded tickets (a no-show is judged by its scan's time).
pub async fn revoked_only<'c>(e: impl Exec<'c>, trip_id: &str) -> Result<Vec<String>, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT t.pnr FROM tickets t JOIN bookings b ON b.id = t.booking_id WHERE b.trip_id = $1 \
         AND t.status <> 'confirmed' ORDER BY t.pnr",
    )
    .bind(trip_id)
    .fetch_all(e)
    .await
}

/// A trip's boarding state: its operator, when boarding closed and the operator's cut-off.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct TripBoarding {
    pub operator_id: String,
    pub departs_at: i64,
    pub boarding_closed_at: Option<i64>,
    pub cutoff_minutes: Option<i64>,
}

pub async fn trip<'c>(e: impl Exec<'c>, trip_id: &str) -> Result<Option<TripBoarding>, sqlx::Error> {
    sqlx::query_as(
        "SELECT t.operator_id, t.departs_at, t.boarding_closed_at, o.boarding_cutoff_minutes AS cutoff_minutes \
         FROM trips t JOIN operators o ON o.id = t.operator_id WHERE t.id = $1",
    )
    .bind(trip_id)
    .fetch_optional(e)
    .await
}

/// Closes boarding once; false when it was closed before.
pub async fn close<'c>(e: impl Exec<'c>, trip_id: &str, now_ms: i64) -> Result<bool, sqlx::Error> {
    let done = sqlx::query("UPDATE trips SET boarding_closed_at = $1 WHERE id = $2 AND boarding_closed_at IS NULL")
        .bind(now_ms)
        .bind(trip_id)
        .execute(e)
        .await?;
    Ok(done.rows_affected() == 1)
}

pub async fn mark_no_show<'c>(e: impl Exec<'c>, ticket_id: &str, now_ms: i64) -> Result<bool, sqlx::Error> {
    let done = sqlx::query("UPDATE tickets SET no_show_at = $1 WHERE id = $2 AND no_show_at IS NULL")
        .bind(now_ms)
        .bind(ticket_id)
        .execute(e)
        .await?;
    Ok(done.rows_affected() == 1)
}
