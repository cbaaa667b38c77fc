//! The reconciler: at start and then every [`EVERY`], it repairs what a crash, a lost callback
//! or a slow gateway left behind, so no money is kept without a ticket:
//! - a booking whose payment stands with neither ticket nor refund is issued (seats still held
//!   or free) or refunded;
//! - an open session whose check is due is asked of its gateway and settled by the answer; one
//!   older than a gateway session can live, still without an outcome, is closed as abandoned;
//! - a session a browser's failure or cancel return closed is asked again while it could still
//!   be paid: a payment the gateway confirms late is ticketed or refunded;
//! - a refund requested, or accepted and still moving, is sent or asked about
//!   (`super::refunds`).
//!
//! Several processes may run it at once: issuing is serialised per booking, a refund attempt is
//! claimed by one statement before the gateway is called, and settling is idempotent.

use std::time::Duration;

use core_wasm::contract::tickets::RefundStatus;

use super::issuing::{Issued, issue_paid};
use super::refunds::attempt_refund;
use super::{CHECK_EVERY, Settled, Verdict, settle};
use crate::AppState;
use crate::clock::now_unix_ms;
use crate::error::ApiError;
use crate::store::payments;

pub const EVERY: Duration = Duration::from_secs(60);

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
