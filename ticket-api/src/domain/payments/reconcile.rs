//! The reconciler: at start and then every [`EVERY`], it repairs what a crash, a lost callback
//! or a slow gateway left behind, so no money is kept without a ticket:
//! - a booking whose payment stands with neither ticket nor refund is issued (seats still held
//!   or free) or refunded;
//! - an open session whose check is due is asked of its gateway and settled by the answer; one
//!   older than a gateway session can live, still without an outcome, is closed as abandoned;
//! - a session a browser's failure or cancel return closed is asked again while it could still
//!   be paid: a payment the gateway confirms late is ticketed or refunded;
//! - a refund requested, or accepted and still moving, is sent or asked about, with backoff, and
//!   given up (state `failed`, logged for an operator) after [`MAX_REFUND_TRIES`].
//!
//! Several processes may run it at once: issuing is serialised per booking, a refund attempt is
//! claimed by one statement before the gateway is called, and settling is idempotent.

use std::time::Duration;

use core_wasm::contract::tickets::RefundStatus;

use super::{CHECK_EVERY, RefundAnswer, Settled, Verdict, settle};
use crate::AppState;
use crate::clock::now_unix_ms;
use crate::domain::booking::{Issued, issue_paid};
use crate::error::ApiError;
use crate::store::payments::{self, RefundRow};

pub const EVERY: Duration = Duration::from_secs(60);

/// A refund is given up after this many attempts (about a day of backoff).
pub const MAX_REFUND_TRIES: i64 = 12;

/// How long a refund attempt is this process's before another may try.
const REFUND_LEASE_MS: i64 = 120_000;

/// How much is looked at per pass (the next pass takes the rest).
const BATCH: i64 = 200;

/// What one pass did.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Report {
    pub tickets_issued: usize,
    pub paid_refunded: usize,
    pub sessions_settled: usize,
    pub sessions_abandoned: usize,
    pub refunds_done: usize,
    pub refunds_failed: usize,
}

/// Runs a pass now and then every [`EVERY`], while the pool is open.
pub async fn run(state: AppState) {
    let mut every = tokio::time::interval(EVERY);
    while !state.pool.is_closed() {
        every.tick().await;
        match once(&state).await {
            Ok(report) if report != Report::default() => tracing::info!(?report, "reconciled payments"),
            Ok(_) => {}
            Err(e) => tracing::warn!(error = ?e, "the payment reconciler could not finish a pass"),
        }
    }
}

/// One pass over everything due.
pub async fn once(state: &AppState) -> Result<Report, ApiError> {
    let mut report = Report::default();
    for tnx_id in payments::paid_without_ticket(&state.pool, BATCH).await? {
        match issue_paid(state, &tnx_id, None).await? {
            Issued::Ticket(_) => report.tickets_issued += 1,
            Issued::Refunded | Issued::Duplicate | Issued::Repriced => report.paid_refunded += 1,
        }
    }
    let now = now_unix_ms();
    let lifetime = super::session_lifetime_ms(state);
    for session in payments::sessions_to_check(&state.pool, now, BATCH).await? {
        let settled = super::ask_and_settle(state, &session).await?;
        if settled != Settled::Pending {
            report.sessions_settled += 1;
        } else if now - session.opened_at > lifetime {
            // No gateway keeps a session this long: nothing was paid through it.
            if settle(state, &session, Verdict::Cancelled).await? == Settled::Cancelled {
                report.sessions_abandoned += 1;
            }
        } else {
            payments::check_again_at(&state.pool, &session.id, now + CHECK_EVERY.as_millis() as i64).await?;
        }
    }
    // Closed on a browser's word (a failure or cancel return): the gateway is asked again, so a
    // payment it confirms late is recorded and ticketed or refunded, never kept.
    for session in payments::sessions_to_recheck(&state.pool, now, BATCH).await? {
        let asked = match state.gateways.by_name(&session.gateway)?.query(&session).await {
            Ok(verdict) => verdict,
            Err(e) => {
                tracing::warn!(session = session.id, error = %e, "could not ask again about a session a browser closed");
                Verdict::Pending
            }
        };
        match asked {
            paid @ Verdict::Paid { .. } => {
                if matches!(settle(state, &session, paid).await?, Settled::Ticket(_) | Settled::Refunding) {
                    report.sessions_settled += 1;
                }
                payments::recheck_done(&state.pool, &session.id).await?;
            }
            Verdict::Pending if session.recheck_until.is_some_and(|until| until > now) => {
                payments::check_again_at(&state.pool, &session.id, now + CHECK_EVERY.as_millis() as i64).await?;
            }
            // The gateway says it ended unpaid, or it can no longer be paid.
            _ => payments::recheck_done(&state.pool, &session.id).await?,
        }
    }
    for refund in payments::refunds_due(&state.pool, now, BATCH).await? {
        match attempt_refund(state, &refund).await? {
            Some(RefundStatus::Done) => report.refunds_done += 1,
            Some(RefundStatus::Failed) => report.refunds_failed += 1,
            _ => {}
        }
    }
    Ok(report)
}

/// Sends a refund, or asks how an accepted one stands, once; answers the state it is left in
/// (None when another process holds the attempt).
pub async fn attempt_refund(state: &AppState, refund: &RefundRow) -> Result<Option<RefundStatus>, ApiError> {
    let now = now_unix_ms();
    let mut claimed = refund.clone();
    claimed.tries += 1;
    claimed.next_try_at = now + REFUND_LEASE_MS;
    if !payments::refund_progress(&state.pool, refund, &claimed).await? {
        return Ok(None);
    }
    let session = payments::session(&state.pool, &refund.session_id)
        .await?
        .ok_or_else(|| ApiError::Internal(format!("refund of unknown session {}", refund.session_id)))?;
    let gateway = state.gateways.by_name(&refund.gateway)?;
    let answer = match (&refund.state, &refund.refund_ref) {
        (RefundStatus::Processing, Some(reference)) => gateway.refund_status(&session, reference).await,
        // Our reference is the session's id: the same on every retry.
        _ => gateway.refund(&session, refund.amount_paisa, &refund.session_id).await,
    };
    let mut after = claimed.clone();
    match answer {
        Ok(RefundAnswer::Done { refund_ref }) => {
            after.state = RefundStatus::Done;
            after.refund_ref = Some(refund_ref);
            after.settled_at = Some(now_unix_ms());
            after.last_error = None;
        }
        Ok(RefundAnswer::Processing { refund_ref }) => {
            after.state = RefundStatus::Processing;
            after.refund_ref = Some(refund_ref);
            after.next_try_at = now + backoff_ms(claimed.tries);
            after.last_error = None;
        }
        Err(e) if claimed.tries >= MAX_REFUND_TRIES => {
            tracing::error!(session = refund.session_id, tnx_id = refund.tnx_id, error = %e, "refund given up: an operator must act");
            after.state = RefundStatus::Failed;
            after.last_error = Some(e.to_string());
        }
        Err(e) => {
            tracing::warn!(session = refund.session_id, error = %e, tries = claimed.tries, "refund attempt failed; retrying");
            after.next_try_at = now + backoff_ms(claimed.tries);
            after.last_error = Some(e.to_string());
        }
    }
    payments::refund_progress(&state.pool, &claimed, &after).await?;
    Ok(Some(after.state))
}

/// One minute, doubling, at most two hours.
fn backoff_ms(tries: i64) -> i64 {
    let minutes = 1i64 << tries.clamp(0, 7);
    minutes.min(120) * 60_000
}

/// Sends the booking's refund at once when there is one waiting (a cancel, a lost seat); what is
/// left is the reconciler's.
pub async fn refund_now(state: &AppState, session_id: &str) -> Result<Option<RefundStatus>, ApiError> {
    match payments::refund(&state.pool, session_id).await? {
        Some(r) if r.state == RefundStatus::Requested => Ok(attempt_refund(state, &r).await?.or(Some(r.state))),
        Some(r) => Ok(Some(r.state)),
        None => Ok(None),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn refunds_back_off_from_a_minute_to_two_hours() {
        assert_eq!(super::backoff_ms(0), 60_000);
        assert_eq!(super::backoff_ms(1), 120_000);
        assert_eq!(super::backoff_ms(3), 480_000);
        assert_eq!(super::backoff_ms(12), 7_200_000);
    }
}
