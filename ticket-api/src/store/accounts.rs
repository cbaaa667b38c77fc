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
    /// The login proved a TOTP code too.
    pub second_factor: bool,
}

pub async fn insert_session<'c>(e: impl Exec<'c>, session: &NewSession<'_>) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO user_sessions (id, user_id, visitor, created_at, expires_at, second_factor) \
         VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(session.id)
    .bind(session.user_id)
    .bind(session.visitor)
    .bind(session.created_at)
    .bind(session.expires_at)
    .bind(i64::from(session.second_factor))
    .execute(e)
    .await?;
    Ok(())
}

/// The user of `phone`, if one ever logged in (or was given a role).
pub async fn user_by_phone<'c>(e: impl Exec<'c>, phone: &str) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar("SELECT id FROM users WHERE phone = $1").bind(phone).fetch_optional(e).await
}

/// Marks the session as having proved a TOTP code (an authenticator confirmed mid-login).
pub async fn confirm_second_factor<'c>(e: impl Exec<'c>, session_id: &str) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE user_sessions SET second_factor = 1 WHERE id = $1").bind(session_id).execute(e).await?;
    Ok(())
}

/// Ends every open login of a user (a grant was taken away).
pub async fn end_all_sessions<'c>(e: impl Exec<'c>, user_id: &str, now_ms: i64) -> Result<u64, sqlx::Error> {
    Ok(sqlx::query("UPDATE user_sessions SET ended_at = $1 WHERE user_id = $2 AND ended_at IS NULL")
        .bind(now_ms)
        .bind(user_id)
        .execute(e)
        .await?
        .rows_affected())
}

/// A session with its user's phone: what a call with its token needs to know.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct SessionRow {
    pub user_id: String,
    pub phone: String,
    pub expires_at: i64,
    pub ended_at: Option<i64>,
    pub second_factor: i64,
}

pub async fn session<'c>(e: impl Exec<'c>, session_id: &str) -> Result<Option<SessionRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT s.user_id, u.phone, s.expires_at, s.ended_at, s.second_factor FROM user_sessions s JOIN users u ON u.id = s.user_id \
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
