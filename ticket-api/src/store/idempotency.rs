//! `idempotency_keys`: the first answer to a state-changing call, per caller and call (the
//! `scope`), bound to a hash of its request.

use super::Exec;

/// A claim on a key for a call now starting.
#[derive(Debug)]
pub struct Claim<'a> {
    pub scope: &'a str,
    pub key: &'a str,
    pub path: &'a str,
    pub request_hash: &'a str,
    pub now_ms: i64,
    /// Until when the claim holds while its call runs; after that a repeat may run it again
    /// (its process died).
    pub lease_until: i64,
    /// Keys first used before this are forgotten: the key is new again.
    pub forget_before: i64,
}

/// Claims the key: true when this call may run (a new key, one forgotten, or the same request
/// whose first run's lease has ended); false when it was claimed by a call to repeat or wait for.
/// One statement, so of repeats arriving together exactly one runs.
pub async fn claim<'c>(e: impl Exec<'c>, c: &Claim<'_>) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "INSERT INTO idempotency_keys (client, idem_key, path, status, body, created_at, request_hash, lease_until) \
         VALUES ($1, $2, $3, 0, '', $4, $5, $6) \
         ON CONFLICT (client, idem_key) DO UPDATE SET path = excluded.path, status = 0, body = '', \
         created_at = excluded.created_at, request_hash = excluded.request_hash, lease_until = excluded.lease_until \
         WHERE idempotency_keys.created_at < $7 OR (idempotency_keys.status = 0 \
         AND idempotency_keys.lease_until < $4 AND idempotency_keys.request_hash = excluded.request_hash)",
    )
    .bind(c.scope)
    .bind(c.key)
    .bind(c.path)
    .bind(c.now_ms)
    .bind(c.request_hash)
    .bind(c.lease_until)
    .bind(c.forget_before)
    .execute(e)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Keeps the answer of the call that claimed the key at `claimed_at`.
pub async fn save<'c>(
    e: impl Exec<'c>,
    scope: &str,
    key: &str,
    claimed_at: i64,
    status: u16,
    body: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE idempotency_keys SET status = $1, body = $2 WHERE client = $3 AND idem_key = $4 AND created_at = $5",
    )
    .bind(i64::from(status))
    .bind(body)
    .bind(scope)
    .bind(key)
    .bind(claimed_at)
    .execute(e)
    .await?;
    Ok(())
}

/// Lets the key be used again (the call that claimed it at `claimed_at` failed on our side);
/// a later claim of the key, or an answer kept, stays.
pub async fn forget<'c>(e: impl Exec<'c>, scope: &str, key: &str, claimed_at: i64) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM idempotency_keys WHERE client = $1 AND idem_key = $2 AND status = 0 AND created_at = $3")
        .bind(scope)
        .bind(key)
        .bind(claimed_at)
        .execute(e)
        .await?;
    Ok(())
}

/// Forgets every key first used before `before_ms`.
pub async fn prune<'c>(e: impl Exec<'c>, before_ms: i64) -> Result<u64, sqlx::Error> {
    let done = sqlx::query("DELETE FROM idempotency_keys WHERE created_at < $1").bind(before_ms).execute(e).await?;
    Ok(done.rows_affected())
}

/// A key as kept: the request it was first used with and, once that finished, its answer
/// (`status` 0 while it is still running, until `lease_until`).
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct KeyRow {
    pub request_hash: String,
    pub status: i64,
    pub body: String,
    pub lease_until: i64,
}

pub async fn find<'c>(e: impl Exec<'c>, scope: &str, key: &str) -> Result<Option<KeyRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT request_hash, status, body, lease_until FROM idempotency_keys WHERE client = $1 AND idem_key = $2",
    )
    .bind(scope)
    .bind(key)
    .fetch_optional(e)
    .await
}
