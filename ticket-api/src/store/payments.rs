//! `payments`: one gateway outcome per transaction, recorded once.

use super::Exec;

core_wasm::names!(PaymentOutcome { Paid = "paid", Failed = "failed", Cancelled = "cancelled", Refunded = "refunded" });

/// What the gateway said of a transaction; `Refunded` is a payment given back (the seats were lost).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PaymentOutcome {
    Paid,
    Failed,
    Cancelled,
    Refunded,
}

/// Records the outcome unless one is recorded already (a repeated or reordered callback changes
/// nothing).
pub async fn record_once<'c>(
    e: impl Exec<'c>,
    tnx_id: &str,
    gateway: &str,
    amount: i64,
    outcome: PaymentOutcome,
    now_ms: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO payments (tnx_id, gateway, amount, outcome, recorded_at) VALUES ($1, $2, $3, $4, $5) \
         ON CONFLICT (tnx_id) DO NOTHING",
    )
    .bind(tnx_id)
    .bind(gateway)
    .bind(amount)
    .bind(outcome.as_str())
    .bind(now_ms)
    .execute(e)
    .await?;
    Ok(())
}

/// The outcome that stands for the transaction, if any.
pub async fn outcome<'c>(e: impl Exec<'c>, tnx_id: &str) -> Result<Option<PaymentOutcome>, sqlx::Error> {
    let name: Option<String> =
        sqlx::query_scalar("SELECT outcome FROM payments WHERE tnx_id = $1").bind(tnx_id).fetch_optional(e).await?;
    name.map(|n| PaymentOutcome::try_from(n).map_err(|e| sqlx::Error::Decode(Box::new(e)))).transpose()
}

pub async fn mark_refunded<'c>(e: impl Exec<'c>, tnx_id: &str) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE payments SET outcome = $1 WHERE tnx_id = $2")
        .bind(PaymentOutcome::Refunded.as_str())
        .bind(tnx_id)
        .execute(e)
        .await?;
    Ok(())
}
