//! `seat_claims` as search and seat view read them (the inventory module writes them).

use crate::store::pool::Pool;

/// What a claim row is: a hold until its expiry, a sale, or a seat not for sale.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClaimState {
    /// Held by a visitor's seat-lock until `expires_at`.
    Held,
    Sold,
    /// Not for sale (crew, reserved by the operator).
    Blocked,
}

core_wasm::names!(ClaimState { Held = "held", Sold = "sold", Blocked = "blocked" });

/// One seat-leg claim, with the visitor whose hold it is (holds only).
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ClaimRow {
    pub trip_id: String,
    pub seat_no: String,
    pub leg: i64,
    #[sqlx(try_from = "String")]
    pub state: ClaimState,
    pub expires_at: Option<i64>,
    pub visitor: Option<String>,
}

/// Every claim row of the trips, expired holds included.
pub async fn of_trips(pool: &Pool, trip_ids: &[&str]) -> Result<Vec<ClaimRow>, sqlx::Error> {
    // Only numbered placeholders are generated into the text; the ids are bound.
    let placeholders: Vec<String> = (1..=trip_ids.len()).map(|i| format!("${i}")).collect();
    let sql = format!(
        "SELECT c.trip_id, c.seat_no, c.leg, c.state, c.expires_at, h.visitor FROM seat_claims c \
         LEFT JOIN holds h ON h.id = c.claim_id WHERE c.trip_id IN ({})",
        placeholders.join(", ")
    );
    let mut query = sqlx::query_as(sqlx::AssertSqlSafe(sql));
    for id in trip_ids {
        query = query.bind(*id);
    }
    query.fetch_all(pool).await
}
