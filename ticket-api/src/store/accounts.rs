//! `users` and `user_sessions`: who logged in with which phone, and their logins.

use super::Exec;

/// The user of `phone`, made now as `new_id` if there is none: one statement (a no-op upsert
/// that returns the row either way), so two first logins of a phone at once make one user.
pub async fn user_of_phone<'c>(
    e: impl Exec<'c>,
    new_id: &str,
    phone: &str,
    now_ms: i64,
) -> Result<String, sqlx::Error> {
    sqlx::query_scalar(
        "INSERT INTO users (id, phone, created_at) VALUES ($1, $2, $3) \
         ON CONFLICT (phone) DO UPDATE SET phone = excluded.phone RETURNING id",
    )
    .bind(new_id)
    .bind(phone)
    .bind(now_ms)
    .fetch_one(e)
    .await
}

/// A login to write.
#[derive(Debug, Clone)]
pub struct NewSession<'a> {
    pub id: &'a str,
    pub user_id: &'a str,
    pub visitor: &'a str,
    pub created_at: i64,
    pub expires_at: i64,
}

pub async fn insert_session<'c>(e: impl Exec<'c>, session: &NewSession<'_>) -> Result<(), sqlx::Error> {
    sqlx::query("INSERT INTO user_sessions (id, user_id, visitor, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)")
        .bind(session.id)
        .bind(session.user_id)
        .bind(session.visitor)
        .bind(session.created_at)
        .bind(session.expires_at)
        .execute(e)
        .await?;
    Ok(())
}

/// A session with its user's phone: what a call with its token needs to know.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct SessionRow {
    pub user_id: String,
    pub phone: String,
    pub expires_at: i64,
    pub ended_at: Option<i64>,
}

pub async fn session<'c>(e: impl Exec<'c>, session_id: &str) -> Result<Option<SessionRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT s.user_id, u.phone, s.expires_at, s.ended_at FROM user_sessions s JOIN users u ON u.id = s.user_id \
         WHERE s.id = $1",
    )
    .bind(session_id)
    .fetch_optional(e)
    .await
}

/// Ends the user's session (once): false when it had ended already.
pub async fn end_session<'c>(
    e: impl Exec<'c>,
    session_id: &str,
    user_id: &str,
    now_ms: i64,
) -> Result<bool, sqlx::Error> {
    let done =
        sqlx::query("UPDATE user_sessions SET ended_at = $1 WHERE id = $2 AND user_id = $3 AND ended_at IS NULL")
            .bind(now_ms)
            .bind(session_id)
            .bind(user_id)
            .execute(e)
            .await?;
    Ok(done.rows_affected() == 1)
}

/// Forgets sessions that expired, or were ended, before `before_ms`.
pub async fn prune_sessions<'c>(e: impl Exec<'c>, before_ms: i64) -> Result<u64, sqlx::Error> {
    Ok(sqlx::query("DELETE FROM user_sessions WHERE expires_at < $1 OR ended_at < $1")
        .bind(before_ms)
        .execute(e)
        .await?
        .rows_affected())
}
