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
/// nothing), and answers the outcome that stands, in one statement.
pub async fn record_once<'c>(
    e: impl Exec<'c>,
    tnx_id: &str,
    gateway: &str,
    amount: i64,
    outcome: PaymentOutcome,
    now_ms: i64,
) -> Result<PaymentOutcome, sqlx::Error> {
    // The no-op update on conflict is what lets RETURNING answer the row already there.
    let standing: String = sqlx::query_scalar(
        "INSERT INTO payments (tnx_id, gateway, amount, outcome, recorded_at) VALUES ($1, $2, $3, $4, $5) \
         ON CONFLICT (tnx_id) DO UPDATE SET tnx_id = excluded.tnx_id RETURNING outcome",
    )
    .bind(tnx_id)
    .bind(gateway)
    .bind(amount)
    .bind(outcome.as_str())
    .bind(now_ms)
    .fetch_one(e)
    .await?;
    PaymentOutcome::try_from(standing).map_err(|e| sqlx::Error::Decode(Box::new(e)))
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
