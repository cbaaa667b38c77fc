//! `staff_grants`: who holds which role, for which operator (issue 35). Read by the login (does
//! this phone need a second factor?) and by the back office's gate on every staff call.

use core_wasm::staff::roles::{Grant, Role};

use super::Exec;

/// A grant as stored (operator '' for the site).
fn grant_of(role: String, operator_id: String) -> Option<Grant> {
    Some(Grant { role: Role::parse(&role)?, operator_id: Some(operator_id).filter(|o| !o.is_empty()) })
}

pub async fn grants_of<'c>(e: impl Exec<'c>, user_id: &str) -> Result<Vec<Grant>, sqlx::Error> {
    let rows: Vec<(String, String)> =
        sqlx::query_as("SELECT role, operator_id FROM staff_grants WHERE user_id = $1 ORDER BY role, operator_id")
            .bind(user_id)
            .fetch_all(e)
            .await?;
    Ok(rows.into_iter().filter_map(|(r, o)| grant_of(r, o)).collect())
}

/// Gives a grant (nothing when held already): true when it was new.
pub async fn add<'c>(
    e: impl Exec<'c>,
    user_id: &str,
    grant: &Grant,
    by: &str,
    now_ms: i64,
) -> Result<bool, sqlx::Error> {
    Ok(sqlx::query(
        "INSERT INTO staff_grants (user_id, role, operator_id, granted_by, granted_at) VALUES ($1, $2, $3, $4, $5) \
         ON CONFLICT (user_id, role, operator_id) DO NOTHING",
    )
    .bind(user_id)
    .bind(grant.role.as_str())
    .bind(grant.operator_id.as_deref().unwrap_or(""))
    .bind(by)
    .bind(now_ms)
    .execute(e)
    .await?
    .rows_affected()
        == 1)
}

pub async fn remove<'c>(e: impl Exec<'c>, user_id: &str, grant: &Grant) -> Result<bool, sqlx::Error> {
    Ok(sqlx::query("DELETE FROM staff_grants WHERE user_id = $1 AND role = $2 AND operator_id = $3")
        .bind(user_id)
        .bind(grant.role.as_str())
        .bind(grant.operator_id.as_deref().unwrap_or(""))
        .execute(e)
        .await?
        .rows_affected()
        == 1)
}

/// Every grant with its holder's phone and whether their authenticator is set up.
pub async fn all_grants<'c>(e: impl Exec<'c>) -> Result<Vec<(String, String, Grant, bool)>, sqlx::Error> {
    let rows: Vec<(String, String, String, String, i64)> = sqlx::query_as(
        "SELECT g.user_id, u.phone, g.role, g.operator_id, \
         CASE WHEN t.confirmed_at IS NULL THEN 0 ELSE 1 END AS enrolled \
         FROM staff_grants g JOIN users u ON u.id = g.user_id LEFT JOIN staff_totp t ON t.user_id = g.user_id \
         ORDER BY u.phone, g.role, g.operator_id",
    )
    .fetch_all(e)
    .await?;
    Ok(rows.into_iter().filter_map(|(u, p, r, o, t)| Some((u, p, grant_of(r, o)?, t != 0))).collect())
}
