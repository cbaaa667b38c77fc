//! `idempotency_keys`: the first answer to a state-changing call, per client and key.

use super::Exec;

/// Claims the key for a call now starting; false when it was claimed before (a repeat).
pub async fn claim<'c>(
    e: impl Exec<'c>,
    client: &str,
    key: &str,
    path: &str,
    now_ms: i64,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "INSERT INTO idempotency_keys (client, idem_key, path, status, body, created_at) VALUES ($1, $2, $3, 0, '', $4) \
         ON CONFLICT (client, idem_key) DO NOTHING",
    )
    .bind(client)
    .bind(key)
    .bind(path)
    .bind(now_ms)
    .execute(e)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Keeps the first call's answer.
pub async fn save<'c>(e: impl Exec<'c>, client: &str, key: &str, status: u16, body: &str) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE idempotency_keys SET status = $1, body = $2 WHERE client = $3 AND idem_key = $4")
        .bind(i64::from(status))
        .bind(body)
        .bind(client)
        .bind(key)
        .execute(e)
        .await?;
    Ok(())
}

/// Lets the key be used again (the first call failed on our side).
pub async fn forget<'c>(e: impl Exec<'c>, client: &str, key: &str) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM idempotency_keys WHERE client = $1 AND idem_key = $2")
        .bind(client)
        .bind(key)
        .execute(e)
        .await?;
    Ok(())
}

/// A key as kept: the call it was first used for and, once that finished, its answer
/// (`status` 0 while it is still running).
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct KeyRow {
    pub path: String,
    pub status: i64,
    pub body: String,
}

pub async fn find<'c>(e: impl Exec<'c>, client: &str, key: &str) -> Result<Option<KeyRow>, sqlx::Error> {
    sqlx::query_as("SELECT path, status, body FROM idempotency_keys WHERE client = $1 AND idem_key = $2")
        .bind(client)
        .bind(key)
        .fetch_optional(e)
        .await
}
