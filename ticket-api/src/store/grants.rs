//! `phone_grants`: who proved a phone by OTP, and until when they may read its tickets.

use super::Exec;

/// Grants `owner` the phone's tickets until `until_ms` (a later proof extends it).
pub async fn grant<'c>(e: impl Exec<'c>, owner: &str, phone: &str, until_ms: i64) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO phone_grants (owner, phone, expires_at) VALUES ($1, $2, $3) \
         ON CONFLICT (owner, phone) DO UPDATE SET expires_at = excluded.expires_at",
    )
    .bind(owner)
    .bind(phone)
    .bind(until_ms)
    .execute(e)
    .await?;
    Ok(())
}

/// Whether `owner` may read the phone's tickets at `now_ms`.
pub async fn holds<'c>(e: impl Exec<'c>, owner: &str, phone: &str, now_ms: i64) -> Result<bool, sqlx::Error> {
    let found: Option<i64> =
        sqlx::query_scalar("SELECT 1 FROM phone_grants WHERE owner = $1 AND phone = $2 AND expires_at > $3")
            .bind(owner)
            .bind(phone)
            .bind(now_ms)
            .fetch_optional(e)
            .await?;
    Ok(found.is_some())
}

/// Forgets grants that ended before `before_ms`.
pub async fn prune<'c>(e: impl Exec<'c>, before_ms: i64) -> Result<u64, sqlx::Error> {
    Ok(sqlx::query("DELETE FROM phone_grants WHERE expires_at < $1").bind(before_ms).execute(e).await?.rows_affected())
}
