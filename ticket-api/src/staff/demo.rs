//! The demo's staff (README "The back office"): an admin and Hanif's manager, counter seller and
//! supervisor, each with an authenticator already set up from a secret the README prints, so
//! `make run` can be tried end to end, and two of Hanif's counters to sell at. Written once,
//! into a store that has no staff yet, and only in demo mode.

use sqlx::AnyPool;

/// Phone, role, operator ('' for the site), base32 TOTP secret.
pub const STAFF: &[(&str, &str, &str, &str)] = &[
    ("01700000001", "admin", "", "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP"),
    ("01700000002", "manager", "op-hanif", "KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU"),
    ("01700000003", "counter", "op-hanif", "MFRGGZDFMZTWQ2LKMFRGGZDFMZTWQ2LK"),
    ("01700000004", "supervisor", "op-hanif", "ONSWG4TFOQYTEMZUONSWG4TFOQYTEMZU"),
];

/// Hanif's counters (issue 41): code, name, name in Bangla.
pub const COUNTERS: &[(&str, &str, &str)] =
    &[("gabtoli", "Gabtoli counter", "গাবতলী কাউন্টার"), ("kalabagan", "Kalabagan counter", "কলাবাগান কাউন্টার")];

/// Writes the demo staff unless any staff exist; the demo counters unless they exist.
pub async fn seed(pool: &AnyPool, now_ms: i64) -> Result<bool, sqlx::Error> {
    for (code, name, name_bn) in COUNTERS {
        sqlx::query(
            "INSERT INTO counters (id, operator_id, code, name, name_bn, revision) VALUES ($1, 'op-hanif', $2, $3, $4, 1) \
             ON CONFLICT (id) DO NOTHING",
        )
        .bind(format!("op-hanif:{code}"))
        .bind(code)
        .bind(name)
        .bind(name_bn)
        .execute(pool)
        .await?;
    }
    let any: Option<String> =
        sqlx::query_scalar("SELECT user_id FROM staff_grants LIMIT 1").fetch_optional(pool).await?;
    if any.is_some() {
        return Ok(false);
    }
    let mut tx = pool.begin().await?;
    for (phone, role, operator, secret) in STAFF {
        let user_id = format!("user-demo-{}", &phone[7..]);
        let user_id = crate::store::accounts::user_of_phone(&mut *tx, &user_id, phone, now_ms).await?;
        sqlx::query(
            "INSERT INTO staff_grants (user_id, role, operator_id, granted_by, granted_at) VALUES ($1, $2, $3, 'demo', $4) \
             ON CONFLICT (user_id, role, operator_id) DO NOTHING",
        )
        .bind(&user_id)
        .bind(role)
        .bind(operator)
        .bind(now_ms)
        .execute(&mut *tx)
        .await?;
        sqlx::query(
            "INSERT INTO staff_totp (user_id, secret, confirmed_at, last_step) VALUES ($1, $2, $3, 0) \
             ON CONFLICT (user_id) DO NOTHING",
        )
        .bind(&user_id)
        .bind(secret)
        .bind(now_ms)
        .execute(&mut *tx)
        .await?;
    }
    tx.commit().await?;
    Ok(true)
}
