//! `otp_codes` and `sms_outbox`.

use super::Exec;

/// Claims the next send to (phone, purpose) unless one was sent after `wait_from_ms`: true when
/// this send may go. One statement (a conditional upsert), so of sends arriving together only
/// one passes the resend wait.
pub async fn claim_send<'c>(
    e: impl Exec<'c>,
    phone: &str,
    purpose: &str,
    now_ms: i64,
    wait_from_ms: i64,
) -> Result<bool, sqlx::Error> {
    let claimed: Option<i64> = sqlx::query_scalar(
        "INSERT INTO otp_sends (phone, purpose, last_sent) VALUES ($1, $2, $3) \
         ON CONFLICT (phone, purpose) DO UPDATE SET last_sent = excluded.last_sent \
         WHERE otp_sends.last_sent <= $4 RETURNING last_sent",
    )
    .bind(phone)
    .bind(purpose)
    .bind(now_ms)
    .bind(wait_from_ms)
    .fetch_optional(e)
    .await?;
    Ok(claimed.is_some())
}

/// Gives back the send claimed at `claimed_ms` (it failed): the next send may go at once.
pub async fn unclaim_send<'c>(
    e: impl Exec<'c>,
    phone: &str,
    purpose: &str,
    claimed_ms: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE otp_sends SET last_sent = 0 WHERE phone = $1 AND purpose = $2 AND last_sent = $3")
        .bind(phone)
        .bind(purpose)
        .bind(claimed_ms)
        .execute(e)
        .await?;
    Ok(())
}

/// When the last code of (phone, purpose) was sent.
pub async fn last_sent<'c>(e: impl Exec<'c>, phone: &str, purpose: &str) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query_scalar("SELECT last_sent FROM otp_sends WHERE phone = $1 AND purpose = $2")
        .bind(phone)
        .bind(purpose)
        .fetch_optional(e)
        .await
}

/// When each code sent to the phone since `since_ms` went.
pub async fn sent_to_phone<'c>(e: impl Exec<'c>, phone: &str, since_ms: i64) -> Result<Vec<i64>, sqlx::Error> {
    sqlx::query_scalar("SELECT sent_at FROM otp_codes WHERE phone = $1 AND sent_at > $2")
        .bind(phone)
        .bind(since_ms)
        .fetch_all(e)
        .await
}

/// A code to write: kept only as a hash.
#[derive(Debug)]
pub struct NewCode<'a> {
    pub id: &'a str,
    pub phone: &'a str,
    pub purpose: &'a str,
    pub code_hash: &'a str,
    pub expires_at: i64,
    pub sent_at: i64,
    pub client_address: &'a str,
}

pub async fn insert<'c>(e: impl Exec<'c>, code: &NewCode<'_>) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO otp_codes (id, phone, purpose, code_hash, expires_at, attempts, used, sent_at, client_address) \
         VALUES ($1, $2, $3, $4, $5, 0, 0, $6, $7)",
    )
    .bind(code.id)
    .bind(code.phone)
    .bind(code.purpose)
    .bind(code.code_hash)
    .bind(code.expires_at)
    .bind(code.sent_at)
    .bind(code.client_address)
    .execute(e)
    .await?;
    Ok(())
}

/// The latest unused code of (phone, purpose).
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct CodeRow {
    pub id: String,
    pub code_hash: String,
    pub expires_at: i64,
    pub attempts: i64,
}

pub async fn latest_unused<'c>(e: impl Exec<'c>, phone: &str, purpose: &str) -> Result<Option<CodeRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT id, code_hash, expires_at, attempts FROM otp_codes WHERE phone = $1 AND purpose = $2 AND used = 0 \
         ORDER BY sent_at DESC LIMIT 1",
    )
    .bind(phone)
    .bind(purpose)
    .fetch_optional(e)
    .await
}

/// Uses a code up; false when it was used already.
pub async fn use_up<'c>(e: impl Exec<'c>, id: &str) -> Result<bool, sqlx::Error> {
    let done = sqlx::query("UPDATE otp_codes SET used = 1 WHERE id = $1 AND used = 0").bind(id).execute(e).await?;
    Ok(done.rows_affected() == 1)
}

/// Takes one try of the latest unused code of (phone, purpose) if it is live and has a try left,
/// counting it and reading the code in the same statement: guesses sent at once each take their
/// own try, so no more than `max_tries` are ever checked, however many arrive together.
pub async fn take_try<'c>(
    e: impl Exec<'c>,
    phone: &str,
    purpose: &str,
    now_ms: i64,
    max_tries: i64,
) -> Result<Option<CodeRow>, sqlx::Error> {
    sqlx::query_as(
        "UPDATE otp_codes SET attempts = attempts + 1 WHERE id = (SELECT id FROM otp_codes WHERE phone = $1 \
         AND purpose = $2 AND used = 0 ORDER BY sent_at DESC LIMIT 1) AND attempts < $3 AND expires_at > $4 \
         RETURNING id, code_hash, expires_at, attempts",
    )
    .bind(phone)
    .bind(purpose)
    .bind(max_tries)
    .bind(now_ms)
    .fetch_optional(e)
    .await
}

/// A text message written to the demo outbox.
#[derive(Debug, Clone, serde::Serialize, sqlx::FromRow)]
pub struct OutboxMessage {
    pub phone: String,
    pub body: String,
    #[serde(rename = "createdAt")]
    pub created_at: i64,
}

pub async fn queue_sms<'c>(
    e: impl Exec<'c>,
    id: &str,
    phone: &str,
    body: &str,
    now_ms: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query("INSERT INTO sms_outbox (id, phone, body, created_at) VALUES ($1, $2, $3, $4)")
        .bind(id)
        .bind(phone)
        .bind(body)
        .bind(now_ms)
        .execute(e)
        .await?;
    Ok(())
}

/// The newest messages of the outbox, newest first (ids sort as they were queued:
/// `ids::ordered_id`).
pub async fn outbox<'c>(e: impl Exec<'c>, limit: i64) -> Result<Vec<OutboxMessage>, sqlx::Error> {
    sqlx::query_as("SELECT phone, body, created_at FROM sms_outbox ORDER BY created_at DESC, id DESC LIMIT $1")
        .bind(limit)
        .fetch_all(e)
        .await
}
