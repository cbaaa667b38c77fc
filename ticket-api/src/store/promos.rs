//! `promo_codes` and `surprise_deals`.

use super::Exec;

/// A promo code's rules as stored.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct PromoCodeRow {
    pub code: String,
    /// 'flat' or 'percent' (CHECKed by the schema).
    pub kind: String,
    pub amount: i64,
    pub max_discount: Option<i64>,
    pub min_fare: i64,
    pub service: Option<String>,
    pub operator_id: Option<String>,
    pub valid_from: i64,
    pub valid_until: i64,
    pub total_uses: i64,
    pub uses_per_phone: i64,
}

pub async fn by_code<'c>(e: impl Exec<'c>, code: &str) -> Result<Option<PromoCodeRow>, sqlx::Error> {
    sqlx::query_as("SELECT * FROM promo_codes WHERE code = $1").bind(code).fetch_optional(e).await
}

/// Takes the code's lock for the rest of the transaction (a no-op write: the row lock on
/// PostgreSQL, the write lock on SQLite), so its uses are counted and taken by one at a time.
pub async fn lock<'c>(e: impl Exec<'c>, code: &str) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE promo_codes SET code = code WHERE code = $1").bind(code).execute(e).await?;
    Ok(())
}

/// The deal offered to one booking.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct DealRow {
    pub tnx_id: String,
    pub promo_code: String,
    pub amount: i64,
    pub offered_at: i64,
}

pub async fn deal_of<'c>(e: impl Exec<'c>, tnx_id: &str) -> Result<Option<DealRow>, sqlx::Error> {
    sqlx::query_as("SELECT * FROM surprise_deals WHERE tnx_id = $1").bind(tnx_id).fetch_optional(e).await
}

/// Offers the deal unless one was offered already (the first offer stands, with its time).
pub async fn offer_deal<'c>(e: impl Exec<'c>, deal: &DealRow) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO surprise_deals (tnx_id, promo_code, amount, offered_at) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (tnx_id) DO NOTHING",
    )
    .bind(&deal.tnx_id)
    .bind(&deal.promo_code)
    .bind(deal.amount)
    .bind(deal.offered_at)
    .execute(e)
    .await?;
    Ok(())
}
