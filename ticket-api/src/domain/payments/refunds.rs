//! Sending refunds back through the gateway that took the money: claimed by one statement before
//! the gateway is called (several processes may try), retried with backoff, and given up (state
//! `failed`, logged for an operator) after [`MAX_REFUND_TRIES`]. The reconciler sends what is
//! due; a cancel or a lost seat sends its own at once ([`refund_now`]).

use core_wasm::contract::tickets::RefundStatus;

use super::RefundAnswer;
use crate::AppState;
use crate::clock::now_unix_ms;
use crate::error::ApiError;
use crate::store::payments::{self, RefundRow};

/// A refund is given up after this many attempts (about a day of backoff).
pub const MAX_REFUND_TRIES: i64 = 12;

/// How long a refund attempt is this process's before another may try.
const REFUND_LEASE_MS: i64 = 120_000;

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
        // Our reference is the refund's id: the same on every retry.
        _ => gateway.refund(&session, refund.amount_paisa, &refund.id).await,
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
            tracing::error!(refund = refund.id, session = refund.session_id, tnx_id = refund.tnx_id, error = %e, "refund given up: an operator must act");
            after.state = RefundStatus::Failed;
            after.last_error = Some(e.to_string());
        }
        Err(e) => {
            tracing::warn!(refund = refund.id, session = refund.session_id, error = %e, tries = claimed.tries, "refund attempt failed; retrying");
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

/// Sends a refund at once when it is waiting (a cancel, a lost seat); what is left is the
/// reconciler's.
pub async fn refund_now(state: &AppState, refund_id: &str) -> Result<Option<RefundStatus>, ApiError> {
    match payments::refund(&state.pool, refund_id).await? {
        Some(r) if r.state == RefundStatus::Requested => Ok(attempt_refund(state, &r).await?.or(Some(r.state))),
        Some(r) => Ok(Some(r.state)),
        None => Ok(None),
    }
}

/// Sends each of `ids` at once ([`refund_now`]): how the money stands, the least advanced of
/// them (a failed one first, then one still waiting).
pub async fn refund_all(state: &AppState, ids: &[String]) -> Result<Option<RefundStatus>, ApiError> {
    let rank = |s: &RefundStatus| match s {
        RefundStatus::Failed => 0,
        RefundStatus::Requested => 1,
        RefundStatus::Processing => 2,
        RefundStatus::Done => 3,
    };
    let mut least: Option<RefundStatus> = None;
    for id in ids {
        if let Some(status) = refund_now(state, id).await?
            && least.as_ref().is_none_or(|l| rank(&status) < rank(l))
        {
            least = Some(status);
        }
    }
    Ok(least)
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
