//! `payment_sessions`, `payments` and `refunds`: each attempt to pay with its frozen amount, the
//! one payment that bought a booking, and money going back.

use core_wasm::contract::booking::BookingStatus;
use core_wasm::contract::tickets::RefundStatus;
use core_wasm::service::Service;

use super::Exec;
use super::pool::Tx;

core_wasm::names!(PaymentOutcome { Paid = "paid", Failed = "failed", Cancelled = "cancelled", Refunded = "refunded" });

/// What the gateway said of a booking's payment; `Refunded` is a payment given back because the
/// seats were lost.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PaymentOutcome {
    Paid,
    Failed,
    Cancelled,
    Refunded,
}

core_wasm::names!(SessionState { Open = "open", Paid = "paid", Failed = "failed", Cancelled = "cancelled" });

/// A gateway session: open until the gateway's own server says how it ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SessionState {
    Open,
    Paid,
    Failed,
    Cancelled,
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct SessionRow {
    /// The transaction id the gateway knows.
    pub id: String,
    pub tnx_id: String,
    pub gateway: String,
    pub amount: i64,
    pub currency: String,
    pub gateway_ref: Option<String>,
    pub redirect_url: Option<String>,
    pub paid_ref: Option<String>,
    #[sqlx(try_from = "String")]
    pub state: SessionState,
    pub opened_at: i64,
    pub check_at: i64,
    /// When an execute was sent for it (bKash), if ever: a failure return no longer ends it.
    #[sqlx(default)]
    pub executing_since: Option<i64>,
    /// Closed on a browser's word: asked of the gateway again until then.
    #[sqlx(default)]
    pub recheck_until: Option<i64>,
}

pub async fn open_session<'c>(e: impl Exec<'c>, s: &SessionRow) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO payment_sessions (id, tnx_id, gateway, amount, currency, gateway_ref, redirect_url, paid_ref, \
         state, opened_at, check_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)",
    )
    .bind(&s.id)
    .bind(&s.tnx_id)
    .bind(&s.gateway)
    .bind(s.amount)
    .bind(&s.currency)
    .bind(&s.gateway_ref)
    .bind(&s.redirect_url)
    .bind(&s.paid_ref)
    .bind(s.state.as_str())
    .bind(s.opened_at)
    .bind(s.check_at)
    .execute(e)
    .await?;
    Ok(())
}

pub async fn session<'c>(e: impl Exec<'c>, id: &str) -> Result<Option<SessionRow>, sqlx::Error> {
    sqlx::query_as("SELECT * FROM payment_sessions WHERE id = $1").bind(id).fetch_optional(e).await
}

/// A session and the service of its booking (which site page a gateway's return goes to).
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct SessionOfService {
    #[sqlx(flatten)]
    pub session: SessionRow,
    #[sqlx(try_from = "String")]
    pub service: Service,
}

pub async fn session_with_service<'c>(e: impl Exec<'c>, id: &str) -> Result<Option<SessionOfService>, sqlx::Error> {
    sqlx::query_as(
        "SELECT s.*, b.service FROM payment_sessions s JOIN bookings b ON b.tnx_id = s.tnx_id WHERE s.id = $1",
    )
    .bind(id)
    .fetch_optional(e)
    .await
}

/// The session a gateway names by its own handle (bKash's paymentID).
pub async fn session_by_ref<'c>(
    e: impl Exec<'c>,
    gateway: &str,
    gateway_ref: &str,
) -> Result<Option<SessionRow>, sqlx::Error> {
    sqlx::query_as("SELECT * FROM payment_sessions WHERE gateway = $1 AND gateway_ref = $2")
        .bind(gateway)
        .bind(gateway_ref)
        .fetch_optional(e)
        .await
}

/// The gateway a booking shows: the one its payment came through, else the one of the session
/// opened last (the traveller's latest choice); none before any.
pub async fn gateway_of<'c>(e: impl Exec<'c>, tnx_id: &str) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT COALESCE((SELECT gateway FROM payments WHERE tnx_id = $1), \
         (SELECT gateway FROM payment_sessions WHERE tnx_id = $1 ORDER BY opened_at DESC, id DESC LIMIT 1))",
    )
    .bind(tnx_id)
    .fetch_one(e)
    .await
}

/// The booking's newest session still open, if any.
pub async fn latest_open<'c>(e: impl Exec<'c>, tnx_id: &str) -> Result<Option<SessionRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT * FROM payment_sessions WHERE tnx_id = $1 AND state = $2 AND redirect_url IS NOT NULL \
         ORDER BY opened_at DESC, id DESC LIMIT 1",
    )
    .bind(tnx_id)
    .bind(SessionState::Open.as_str())
    .fetch_optional(e)
    .await
}

/// Ends a session as the gateway's server said; true when this call ended it. A payment ends a
/// session whatever it was thought to be (money moved, so it is recorded); a failure or cancel
/// only ends an open one.
pub async fn close_session<'c>(
    e: impl Exec<'c>,
    id: &str,
    to: SessionState,
    paid_ref: Option<&str>,
) -> Result<bool, sqlx::Error> {
    let sql = if to == SessionState::Paid {
        "UPDATE payment_sessions SET state = $1, paid_ref = COALESCE($2, paid_ref) WHERE id = $3 AND state <> 'paid'"
    } else {
        "UPDATE payment_sessions SET state = $1, paid_ref = COALESCE($2, paid_ref) WHERE id = $3 AND state = 'open'"
    };
    let done = sqlx::query(sql).bind(to.as_str()).bind(paid_ref).bind(id).execute(e).await?;
    Ok(done.rows_affected() == 1)
}

/// Claims the open session for the one execute that takes its money (bKash), in one statement:
/// true for the one caller that may send it. A claim older than `stale_before` was lost with
/// its process or its answer, and may be taken again (bKash answers a second execute of a
/// completed payment with an error, never a second charge).
pub async fn claim_execution<'c>(
    e: impl Exec<'c>,
    id: &str,
    now_ms: i64,
    stale_before: i64,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE payment_sessions SET executing_since = $1 \
         WHERE id = $2 AND state = 'open' AND (executing_since IS NULL OR executing_since < $3)",
    )
    .bind(now_ms)
    .bind(id)
    .bind(stale_before)
    .execute(e)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Ends an open session on a browser's word (a failure or cancel return the gateway did not
/// contradict), only while no execute was ever sent for it; it is asked of the gateway again
/// until `recheck_until`. True when this call ended it.
pub async fn close_on_word<'c>(
    e: impl Exec<'c>,
    id: &str,
    to: SessionState,
    recheck_until: i64,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE payment_sessions SET state = $1, recheck_until = $2 \
         WHERE id = $3 AND state = 'open' AND executing_since IS NULL",
    )
    .bind(to.as_str())
    .bind(recheck_until)
    .bind(id)
    .execute(e)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Sessions a browser's word closed whose check is due: asked of the gateway again.
pub async fn sessions_to_recheck<'c>(
    e: impl Exec<'c>,
    now_ms: i64,
    limit: i64,
) -> Result<Vec<SessionRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT * FROM payment_sessions WHERE recheck_until IS NOT NULL AND check_at <= $1 ORDER BY check_at LIMIT $2",
    )
    .bind(now_ms)
    .bind(limit)
    .fetch_all(e)
    .await
}

/// Nothing more to ask about a session a browser's word closed.
pub async fn recheck_done<'c>(e: impl Exec<'c>, id: &str) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE payment_sessions SET recheck_until = NULL WHERE id = $1").bind(id).execute(e).await?;
    Ok(())
}

/// The booking's newest open session at `gateway` for `amount`, opened since `since_ms`: what
/// update-gateway gives again instead of opening another.
pub async fn reusable<'c>(
    e: impl Exec<'c>,
    tnx_id: &str,
    gateway: &str,
    amount: i64,
    since_ms: i64,
) -> Result<Option<SessionRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT * FROM payment_sessions WHERE tnx_id = $1 AND state = $2 AND gateway = $3 AND amount = $4 \
         AND opened_at >= $5 AND redirect_url IS NOT NULL ORDER BY opened_at DESC, id DESC LIMIT 1",
    )
    .bind(tnx_id)
    .bind(SessionState::Open.as_str())
    .bind(gateway)
    .bind(amount)
    .bind(since_ms)
    .fetch_optional(e)
    .await
}

/// Open sessions whose outcome is due to be asked of the gateway.
pub async fn sessions_to_check<'c>(e: impl Exec<'c>, now_ms: i64, limit: i64) -> Result<Vec<SessionRow>, sqlx::Error> {
    sqlx::query_as("SELECT * FROM payment_sessions WHERE state = $1 AND check_at <= $2 ORDER BY check_at LIMIT $3")
        .bind(SessionState::Open.as_str())
        .bind(now_ms)
        .bind(limit)
        .fetch_all(e)
        .await
}

pub async fn check_again_at<'c>(e: impl Exec<'c>, id: &str, at_ms: i64) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE payment_sessions SET check_at = $1 WHERE id = $2").bind(at_ms).bind(id).execute(e).await?;
    Ok(())
}

/// Records the booking's payment unless one is recorded already (a repeated or reordered callback
/// changes nothing), and answers the payment that stands and the session it came through, in one
/// statement.
pub async fn record_once<'c>(
    e: impl Exec<'c>,
    session: &SessionRow,
    outcome: PaymentOutcome,
    now_ms: i64,
) -> Result<(PaymentOutcome, Option<String>), sqlx::Error> {
    // The no-op update on conflict is what lets RETURNING answer the row already there.
    let (standing, session_id): (String, Option<String>) = sqlx::query_as(
        "INSERT INTO payments (tnx_id, gateway, amount, outcome, recorded_at, session_id) \
         VALUES ($1, $2, $3, $4, $5, $6) \
         ON CONFLICT (tnx_id) DO UPDATE SET tnx_id = excluded.tnx_id RETURNING outcome, session_id",
    )
    .bind(&session.tnx_id)
    .bind(&session.gateway)
    .bind(session.amount)
    .bind(outcome.as_str())
    .bind(now_ms)
    .bind(&session.id)
    .fetch_one(e)
    .await?;
    let standing = PaymentOutcome::try_from(standing).map_err(|e| sqlx::Error::Decode(Box::new(e)))?;
    Ok((standing, session_id))
}

/// The outcome that stands for the booking's payment, if any.
pub async fn outcome<'c>(e: impl Exec<'c>, tnx_id: &str) -> Result<Option<PaymentOutcome>, sqlx::Error> {
    let name: Option<String> =
        sqlx::query_scalar("SELECT outcome FROM payments WHERE tnx_id = $1").bind(tnx_id).fetch_optional(e).await?;
    outcome_of(name)
}

/// A payment's outcome as stored, read.
pub fn outcome_of(name: Option<String>) -> Result<Option<PaymentOutcome>, sqlx::Error> {
    name.map(|n| PaymentOutcome::try_from(n).map_err(|e| sqlx::Error::Decode(Box::new(e)))).transpose()
}

/// The session whose payment bought the booking.
pub async fn paying_session<'c>(e: impl Exec<'c>, tnx_id: &str) -> Result<Option<SessionRow>, sqlx::Error> {
    sqlx::query_as("SELECT s.* FROM payments p JOIN payment_sessions s ON s.id = p.session_id WHERE p.tnx_id = $1")
        .bind(tnx_id)
        .fetch_optional(e)
        .await
}

pub async fn mark_refunded<'c>(e: impl Exec<'c>, tnx_id: &str) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE payments SET outcome = $1 WHERE tnx_id = $2")
        .bind(PaymentOutcome::Refunded.as_str())
        .bind(tnx_id)
        .execute(e)
        .await?;
    Ok(())
}

/// Bookings whose payment stands but which have neither a ticket nor a refund: what a crash
/// between the two would leave (the reconciler issues or refunds each).
pub async fn paid_without_ticket<'c>(e: impl Exec<'c>, limit: i64) -> Result<Vec<String>, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT p.tnx_id FROM payments p JOIN bookings b ON b.tnx_id = p.tnx_id \
         WHERE p.outcome = $1 AND b.status NOT IN ($2, $3) ORDER BY p.recorded_at LIMIT $4",
    )
    .bind(PaymentOutcome::Paid.as_str())
    .bind(BookingStatus::Ticketed.as_str())
    .bind(BookingStatus::Refunded.as_str())
    .bind(limit)
    .fetch_all(e)
    .await
}

core_wasm::names!(RefundReason {
    Cancelled = "cancelled",
    SeatsLost = "seats-lost",
    TripCancelled = "trip-cancelled",
    AmountMismatch = "amount-mismatch",
    Duplicate = "duplicate",
    Changed = "changed"
});

/// Why money goes back.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RefundReason {
    /// The traveller cancelled the ticket (the refund after the fee).
    Cancelled,
    /// Paid, but the seats were taken meanwhile.
    SeatsLost,
    /// The gateway confirmed another amount or currency than the session's.
    AmountMismatch,
    /// A second session of a booking already paid was paid too.
    Duplicate,
    /// The operator cancelled the trip: the whole amount paid comes back.
    TripCancelled,
    /// A date change: a cheaper trip's difference, or the payment of a change that could not
    /// happen (the old ticket was cancelled meanwhile).
    Changed,
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct RefundRow {
    /// Our reference at the gateway, the same on every retry.
    pub id: String,
    pub session_id: String,
    pub tnx_id: String,
    pub gateway: String,
    /// Whole taka, rounded down (what was stored before paisa were): `amount_paisa` is sent.
    pub amount: i64,
    pub amount_paisa: i64,
    #[sqlx(try_from = "String")]
    pub reason: RefundReason,
    #[sqlx(try_from = "String")]
    pub state: RefundStatus,
    pub refund_ref: Option<String>,
    pub tries: i64,
    pub next_try_at: i64,
    pub last_error: Option<String>,
    pub requested_at: i64,
    pub settled_at: Option<i64>,
}

/// Asks for `amount_paisa` of the session's payment back for the booking `for_tnx` (the one
/// the session paid, or one a date change moved its money to), once per session and booking (a
/// repeat changes nothing). Answers the refund's id.
pub async fn request_refund<'c>(
    e: impl Exec<'c>,
    session: &SessionRow,
    for_tnx: &str,
    amount_paisa: i64,
    reason: RefundReason,
    now_ms: i64,
) -> Result<String, sqlx::Error> {
    // The session's own booking keeps the session's id: the reference refunds had before a
    // session could give back more than once (migration 22).
    let id = if for_tnx == session.tnx_id { session.id.clone() } else { format!("{}-{for_tnx}", session.id) };
    sqlx::query(
        "INSERT INTO refunds (id, session_id, tnx_id, gateway, amount, amount_paisa, reason, state, tries, \
         next_try_at, requested_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 0, $9, $9) \
         ON CONFLICT (session_id, tnx_id) DO NOTHING",
    )
    .bind(&id)
    .bind(&session.id)
    .bind(for_tnx)
    .bind(&session.gateway)
    .bind(amount_paisa / 100)
    .bind(amount_paisa)
    .bind(reason.as_str())
    .bind(RefundStatus::Requested.as_str())
    .bind(now_ms)
    .execute(e)
    .await?;
    Ok(id)
}

pub async fn refund<'c>(e: impl Exec<'c>, id: &str) -> Result<Option<RefundRow>, sqlx::Error> {
    sqlx::query_as("SELECT * FROM refunds WHERE id = $1").bind(id).fetch_optional(e).await
}

/// Money that paid for a booking, by the session that took it.
#[derive(Debug, Clone)]
pub struct Fund {
    pub session: SessionRow,
    pub paisa: i64,
}

#[derive(sqlx::FromRow)]
struct FundRow {
    #[sqlx(flatten)]
    session: SessionRow,
    fund_paisa: i64,
}

/// What paid for the booking `tnx_id`, oldest first: the rows a date change wrote, or else the
/// booking's own paying session with what it took. Empty for a booking paid at a counter.
pub async fn funds_of(tx: &mut Tx, tnx_id: &str) -> Result<Vec<Fund>, sqlx::Error> {
    let rows: Vec<FundRow> = sqlx::query_as(
        "SELECT s.*, f.amount_paisa AS fund_paisa FROM booking_funds f JOIN payment_sessions s ON s.id = f.session_id \
         WHERE f.tnx_id = $1 ORDER BY f.position",
    )
    .bind(tnx_id)
    .fetch_all(&mut **tx)
    .await?;
    if !rows.is_empty() {
        return Ok(rows.into_iter().map(|r| Fund { session: r.session, paisa: r.fund_paisa }).collect());
    }
    let own = paying_session(&mut **tx, tnx_id).await?;
    Ok(own.map(|session| Fund { paisa: session.amount * 100, session }).into_iter().collect())
}

/// Records what paid for the booking `tnx_id` (a date change's), oldest first.
pub async fn add_funds(tx: &mut Tx, tnx_id: &str, funds: &[Fund]) -> Result<(), sqlx::Error> {
    for (position, fund) in funds.iter().enumerate() {
        sqlx::query("INSERT INTO booking_funds (tnx_id, session_id, amount_paisa, position) VALUES ($1, $2, $3, $4)")
            .bind(tnx_id)
            .bind(&fund.session.id)
            .bind(fund.paisa)
            .bind(position as i64)
            .execute(&mut **tx)
            .await?;
    }
    Ok(())
}

/// Refunds to send (again) or to ask about, oldest first.
pub async fn refunds_due<'c>(e: impl Exec<'c>, now_ms: i64, limit: i64) -> Result<Vec<RefundRow>, sqlx::Error> {
    sqlx::query_as("SELECT * FROM refunds WHERE state IN ($1, $2) AND next_try_at <= $3 ORDER BY next_try_at LIMIT $4")
        .bind(RefundStatus::Requested.as_str())
        .bind(RefundStatus::Processing.as_str())
        .bind(now_ms)
        .bind(limit)
        .fetch_all(e)
        .await
}

/// Where a refund now stands after asking the gateway. Guarded by the tries it was read with, so
/// two processes asking at once record one answer.
pub async fn refund_progress<'c>(e: impl Exec<'c>, was: &RefundRow, now: &RefundRow) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE refunds SET state = $1, refund_ref = $2, tries = $3, next_try_at = $4, last_error = $5, settled_at = $6 \
         WHERE id = $7 AND tries = $8 AND state = $9",
    )
    .bind(now.state.as_str())
    .bind(&now.refund_ref)
    .bind(now.tries)
    .bind(now.next_try_at)
    .bind(&now.last_error)
    .bind(now.settled_at)
    .bind(&was.id)
    .bind(was.tries)
    .bind(was.state.as_str())
    .execute(e)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// The state of the booking's newest refund, if money is going back.
pub async fn refund_status_of<'c>(e: impl Exec<'c>, tnx_id: &str) -> Result<Option<RefundStatus>, sqlx::Error> {
    let name: Option<String> =
        sqlx::query_scalar("SELECT state FROM refunds WHERE tnx_id = $1 ORDER BY requested_at DESC LIMIT 1")
            .bind(tnx_id)
            .fetch_optional(e)
            .await?;
    refund_status(name)
}

/// A refund's state as stored, read.
pub fn refund_status(name: Option<String>) -> Result<Option<RefundStatus>, sqlx::Error> {
    name.map(|n| RefundStatus::try_from(n).map_err(|e| sqlx::Error::Decode(Box::new(e)))).transpose()
}
