//! Issuing a paid booking's ticket, once (DESIGN §3 "Payments"): the server issues it when it
//! believes the gateway's outcome, not when the browser reaches the success page, so a traveller
//! who closes the tab still has a ticket and confirm-ticket finds it issued. Idempotent per
//! booking and session.
//!
//! What to do is decided by [`plan`] from the rows the transaction has read, without a database;
//! [`issue_paid`] reads them, asks, and writes what the plan says.

use core_wasm::contract::booking::BookingStatus;
use core_wasm::contract::tickets::Ticket;
use core_wasm::server_messages as say;

use crate::AppState;
use crate::claims::ClaimsWrite;
use crate::clock::now_unix_ms;
use crate::domain::identity::Caller;
use crate::domain::{access, views};
use crate::error::ApiError;
use crate::ids::{new_id, new_pnr};
use crate::store::bookings::{self, BookingStanding};
use crate::store::claims::ClaimState;
use crate::store::holds;
use crate::store::inventory::{self, Claim, ClaimError};
use crate::store::payments::{self as store_payments, Fund, PaymentOutcome, RefundReason, SessionRow, SessionState};
use crate::store::pool::{Tx, Writes};
use crate::store::{messages, tickets, trips};

/// What issuing came to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Issued {
    Ticket(String),
    /// Paid, but the seats were taken meanwhile (the hold had expired), or an earlier verdict of
    /// the same session sent its payment back: refunded, no ticket.
    Refunded,
    /// A second session of a booking already paid was paid too: that payment is refunded.
    Duplicate,
    /// The booking was priced otherwise since the session froze its amount (a seat removed or a
    /// promo changed, in another tab): that payment is refunded, and the booking can be paid
    /// again at its amount.
    Repriced,
}

/// What the issuing transaction has found so far.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Found {
    /// The booking's status, read under its row.
    pub status: BookingStatus,
    /// What the gateway's word brought, or what the store says when there is none.
    pub payment: Payment,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Payment {
    /// A session the gateway has just confirmed paid.
    Confirmed {
        /// Whether this verdict closed the session (else an earlier one had).
        closed_now: bool,
        /// An earlier verdict of this session refunded its payment.
        refunded_before: bool,
        /// The session's amount is the booking's.
        amount_matches: bool,
        /// Whether the booking's payment is this session's, once recorded (`None`: not yet).
        recorded_as_this: Option<bool>,
    },
    /// No session in hand (confirm-ticket, the reconciler): whether the store has a payment.
    Stored { paid: bool },
}

/// The next thing to do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// Record the session's payment, once per booking, then plan again.
    Record,
    /// An earlier verdict of this session sent its payment back: it buys nothing now.
    AnswerRefundedBefore,
    /// Refund the session: it paid an amount the booking is no longer priced at.
    RefundRepriced,
    /// Refund the session: the booking was bought through another.
    RefundDuplicate,
    /// Nothing issues a ticket without a payment the gateway confirmed.
    RefuseUnpaid,
    /// Issued before: answer that ticket.
    AnswerTicket,
    /// Refunded before (its seats were lost).
    AnswerRefunded,
    /// Claim the seats and issue the ticket.
    ClaimAndIssue,
}

/// What to do next, from what was found.
pub fn plan(found: &Found) -> Step {
    match found.payment {
        Payment::Confirmed { closed_now: false, refunded_before: true, .. } => return Step::AnswerRefundedBefore,
        Payment::Confirmed { amount_matches: false, .. } => return Step::RefundRepriced,
        Payment::Confirmed { recorded_as_this: None, .. } => return Step::Record,
        Payment::Confirmed { recorded_as_this: Some(false), .. } => return Step::RefundDuplicate,
        Payment::Stored { paid: false }
            if !matches!(found.status, BookingStatus::Ticketed | BookingStatus::Refunded) =>
        {
            return Step::RefuseUnpaid;
        }
        Payment::Confirmed { .. } | Payment::Stored { .. } => {}
    }
    match found.status {
        BookingStatus::Ticketed => Step::AnswerTicket,
        BookingStatus::Refunded => Step::AnswerRefunded,
        BookingStatus::Pending | BookingStatus::Failed | BookingStatus::Cancelled => Step::ClaimAndIssue,
    }
}

/// Issues the ticket of a paid booking, once: a repeat (callback, confirm-ticket, both at once)
/// finds the ticket already issued.
pub async fn issue(state: &AppState, tnx_id: &str) -> Result<Issued, ApiError> {
    issue_paid(state, tnx_id, None).await
}

/// Issues the ticket of a booking, recording in the same transaction the payment the gateway
/// confirmed for `paid` (its session and the reference a refund names), so a payment is never
/// recorded without its ticket or its refund. Availability is checked again here; if the seats
/// were lost the payment is refunded, never sold twice. So is a payment of a session whose
/// amount is no longer the booking's: the booking's row is taken first, so a seat removed or a
/// promo changed waits for this, or this sees it. Idempotent per booking and session.
pub async fn issue_paid(state: &AppState, tnx_id: &str, paid: Option<(&SessionRow, &str)>) -> Result<Issued, ApiError> {
    let now = now_unix_ms();
    let mut tx = state.pool.begin().await?;
    // A write first: it serialises concurrent issuers of this booking, and any change of its
    // seats or amounts, before anything is read.
    let booking =
        bookings::mark_paid(&mut *tx, tnx_id, now).await?.ok_or_else(|| ApiError::not_found(say::BOOKING_NOT_FOUND))?;
    let payment = match paid {
        Some((session, paid_ref)) => {
            let closed_now =
                store_payments::close_session(&mut *tx, &session.id, SessionState::Paid, Some(paid_ref)).await?;
            let refunded_before = !closed_now && store_payments::refund(&mut *tx, &session.id).await?.is_some();
            Payment::Confirmed {
                closed_now,
                refunded_before,
                amount_matches: booking.payable() == session.amount,
                recorded_as_this: None,
            }
        }
        None => {
            Payment::Stored { paid: store_payments::outcome(&mut *tx, tnx_id).await? == Some(PaymentOutcome::Paid) }
        }
    };
    let mut found = Found { status: booking.status, payment };
    loop {
        // Each step that needs a session has one: only `Payment::Confirmed` plans them.
        let session = paid.map(|(session, _)| session);
        match (plan(&found), session) {
            (Step::Record, Some(session)) => {
                let (_, by) = store_payments::record_once(&mut *tx, session, PaymentOutcome::Paid, now).await?;
                if let Payment::Confirmed { recorded_as_this, .. } = &mut found.payment {
                    *recorded_as_this = Some(by.as_deref() == Some(session.id.as_str()));
                }
            }
            (Step::AnswerRefundedBefore | Step::AnswerRefunded, _) => {
                tx.commit().await?;
                return Ok(Issued::Refunded);
            }
            (Step::RefundRepriced, Some(session)) => {
                store_payments::request_refund(
                    &mut *tx,
                    session,
                    &session.tnx_id,
                    super::to_paisa(session.amount),
                    RefundReason::AmountMismatch,
                    now,
                )
                .await?;
                tx.commit().await?;
                tracing::warn!(
                    tnx_id,
                    session = session.id,
                    "paid a session the booking is no longer priced at: refunding"
                );
                return Ok(Issued::Repriced);
            }
            (Step::RefundDuplicate, Some(session)) => {
                // The refund reads the session, paid reference included, when it is sent.
                store_payments::request_refund(
                    &mut *tx,
                    session,
                    &session.tnx_id,
                    super::to_paisa(session.amount),
                    RefundReason::Duplicate,
                    now,
                )
                .await?;
                tx.commit().await?;
                tracing::warn!(tnx_id, session = session.id, "a second payment of a paid booking: refunding it");
                return Ok(Issued::Duplicate);
            }
            (Step::RefuseUnpaid, _) => {
                tx.rollback().await?;
                return Err(ApiError::bad(say::PAYMENT_INCOMPLETE));
            }
            (Step::AnswerTicket, _) => {
                let ticket = tickets::id_of_booking(&mut *tx, &booking.id)
                    .await?
                    .ok_or_else(|| ApiError::Internal(format!("booking {tnx_id} is ticketed without a ticket")))?;
                tx.commit().await?;
                return Ok(Issued::Ticket(ticket));
            }
            (Step::ClaimAndIssue, _) => break,
            (step @ (Step::Record | Step::RefundRepriced | Step::RefundDuplicate), None) => {
                return Err(ApiError::Internal(format!("issuing {tnx_id}: {step:?} without a session")));
            }
        }
    }
    // The operator cancelled the trip (issue 37): nothing more is issued on it, the payment
    // goes back. Read after the booking's row was taken: a cancellation takes the rows of the
    // trip's pending bookings first, so it either waited for this or is seen here.
    if trips::cancelled(&mut *tx, &booking.trip_id).await? {
        tx.rollback().await?;
        return refund_unticketed(state, tnx_id, &booking, paid, now, RefundReason::TripCancelled).await;
    }
    let write = state.claims.writing(&booking.trip_id);
    match claim_sold(&mut tx, &write, &booking, now).await? {
        Ok(()) => {}
        Err(_taken) => {
            tx.rollback().await?;
            return refund_unticketed(state, tnx_id, &booking, paid, now, RefundReason::SeatsLost).await;
        }
    }
    // A dearer date change (issue 37): the old ticket goes as this one comes, or, cancelled
    // meanwhile, this payment goes back and nothing is issued.
    let retired = match &booking.changes_ticket {
        Some(old) => {
            // The session that paid: this verdict's, or (the reconciler, confirm-ticket) the
            // store's record of it.
            let session = match paid {
                Some((session, _)) => Some(session.clone()),
                None => store_payments::paying_session(&mut *tx, tnx_id).await?,
            };
            let session = session
                .ok_or_else(|| ApiError::Internal(format!("issuing the change {tnx_id} without its payment")))?;
            let paid_now = Fund { paisa: super::to_paisa(session.amount), session };
            let retired = super::exchange::retire(state, &mut tx, &booking, old, Some(paid_now), 0, now).await?;
            if retired.is_none() {
                tx.rollback().await?;
                return refund_unticketed(state, tnx_id, &booking, paid, now, RefundReason::Changed).await;
            }
            retired
        }
        None => None,
    };
    let ticket_id = ticket_writes(&mut tx, &booking, now).await?;
    if let Some(old) = &booking.changes_ticket {
        super::exchange::link(&mut tx, old, &ticket_id).await?;
    }
    tx.commit().await?;
    write.committed();
    if let Some(retired) = retired {
        retired.write.committed();
    }
    Ok(Issued::Ticket(ticket_id))
}

/// Claims a paid booking's seats as sold: mostly its hold still has them and they become the
/// sale's; else they are claimed again, free only if nobody took them meanwhile (and only
/// within the online quota: what is left is the counters'). `Err` with the seats lost.
pub(crate) async fn claim_sold(
    tx: &mut Tx,
    write: &ClaimsWrite<'_>,
    booking: &bookings::BookingRow,
    now: i64,
) -> Result<Result<(), Vec<String>>, ApiError> {
    let seats = bookings::seats(&mut **tx, &booking.id).await?;
    let claim = Claim {
        seats: &seats,
        from_stop: booking.from_stop,
        to_stop: booking.to_stop,
        claim_id: &booking.id,
        state: ClaimState::Sold,
        expires_at: None,
    };
    let claimed = if inventory::take_over(tx, write, &booking.hold_id, &claim).await? {
        Ok(())
    } else {
        let mut expired = Writes::new();
        inventory::reclaim_expired(&mut expired, write, now)?;
        expired.run_in(tx).await?;
        inventory::release(tx, write, &booking.hold_id).await?;
        let (from, to, wanted) = (booking.from_stop, booking.to_stop, seats.len() as i64);
        if inventory::within_online_quota(tx, write, from, to, wanted).await? {
            inventory::insert(tx, write, &claim).await
        } else {
            Err(ClaimError::Taken(seats.clone()))
        }
    };
    match claimed {
        Ok(()) => Ok(Ok(())),
        Err(ClaimError::Taken(seats)) => Ok(Err(seats)),
        Err(ClaimError::Store(e)) => Err(e.into()),
    }
}

/// The ticket of a booking whose seats are claimed, with its SMS (sent by the messages' sender:
/// never in the sale's way); the booking ticketed, its hold gone. Nothing left to read: the
/// writes go together (store::writes). The new ticket's id.
pub(crate) async fn ticket_writes(tx: &mut Tx, booking: &bookings::BookingRow, now: i64) -> Result<String, ApiError> {
    let ticket_id = new_id("ticket")?;
    let mut writes = Writes::new();
    tickets::insert(&mut writes, &ticket_id, &new_pnr()?, &booking.id, now)?;
    messages::queue(&mut writes, &messages::Topic::Ticket(&ticket_id), &booking.phone, now)?;
    bookings::transition_with(&mut writes, &booking.id, booking.status, BookingStatus::Ticketed)?;
    holds::delete(&mut writes, &booking.hold_id)?;
    writes.run_in(tx).await?;
    Ok(ticket_id)
}

/// Paid, but the seats were taken meanwhile or the trip was cancelled: the payment, recorded
/// again (the rollback took it), and its refund, together.
async fn refund_unticketed(
    state: &AppState,
    tnx_id: &str,
    booking: &bookings::BookingRow,
    paid: Option<(&SessionRow, &str)>,
    now: i64,
    reason: RefundReason,
) -> Result<Issued, ApiError> {
    let mut tx = state.pool.begin().await?;
    if let Some((session, paid_ref)) = paid {
        store_payments::close_session(&mut *tx, &session.id, SessionState::Paid, Some(paid_ref)).await?;
        store_payments::record_once(&mut *tx, session, PaymentOutcome::Paid, now).await?;
    }
    bookings::transition(&mut *tx, &booking.id, booking.status, BookingStatus::Refunded).await?;
    store_payments::mark_refunded(&mut *tx, tnx_id).await?;
    let session = store_payments::paying_session(&mut *tx, tnx_id).await?;
    let mut refund = None;
    if let Some(session) = &session {
        let paisa = super::to_paisa(session.amount);
        refund = Some(store_payments::request_refund(&mut *tx, session, tnx_id, paisa, reason, now).await?);
    }
    tx.commit().await?;
    tracing::warn!(tnx_id, %reason, "paid but not ticketed: refunding");
    if let Some(refund) = refund {
        super::refunds::refund_now(state, &refund).await?;
    }
    Ok(Issued::Refunded)
}

/// `confirm-ticket`: the ticket of a paid booking (issued already by the gateway callback, or
/// now); idempotent. The owner's, or a proved phone's.
pub async fn confirm(state: &AppState, caller: &Caller, tnx_id: &str) -> Result<Ticket, ApiError> {
    let tnx_id = tnx_id.trim();
    // Mostly the gateway's callback has issued it already: then it is read, not written again.
    if let Some(ticket) = tickets::of_tnx(&state.pool, tnx_id).await? {
        if !access::may_read_ticket(state, caller, &ticket).await? {
            return Err(ApiError::not_found(say::BOOKING_NOT_FOUND));
        }
        return views::ticket_of(state, ticket).await;
    }
    let found = bookings::standing_by_tnx(&state.pool, tnx_id).await?;
    let BookingStanding { booking, payment_outcome, .. } = access::readable(state, caller, found).await?;
    match store_payments::outcome_of(payment_outcome)? {
        Some(PaymentOutcome::Paid) => {}
        Some(PaymentOutcome::Refunded) => return Err(ApiError::conflict(say::SEATS_LOST)),
        Some(PaymentOutcome::Failed | PaymentOutcome::Cancelled) => {
            return Err(ApiError::bad(say::PAYMENT_FAILED));
        }
        None if booking.status == BookingStatus::Pending => {
            return Err(ApiError::bad(say::PAYMENT_INCOMPLETE));
        }
        None => return Err(ApiError::bad(say::PAYMENT_FAILED)),
    }
    // Issued now, or by a verdict since the read above (then issuing reads what it issued).
    match issue(state, &booking.tnx_id).await? {
        Issued::Ticket(id) => views::ticket(state, &id).await,
        Issued::Refunded | Issued::Duplicate | Issued::Repriced => Err(ApiError::conflict(say::SEATS_LOST)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn confirmed(closed_now: bool, refunded_before: bool, amount_matches: bool, recorded: Option<bool>) -> Payment {
        Payment::Confirmed { closed_now, refunded_before, amount_matches, recorded_as_this: recorded }
    }

    fn plan_of(status: BookingStatus, payment: Payment) -> Step {
        plan(&Found { status, payment })
    }

    #[test]
    fn a_confirmed_payment_is_recorded_once_then_issues_a_pending_booking() {
        assert_eq!(plan_of(BookingStatus::Pending, confirmed(true, false, true, None)), Step::Record);
        assert_eq!(plan_of(BookingStatus::Pending, confirmed(true, false, true, Some(true))), Step::ClaimAndIssue);
        // A booking failed or cancelled meanwhile (the hold expired, another tab): still sold if
        // its seats are free.
        assert_eq!(plan_of(BookingStatus::Failed, confirmed(true, false, true, Some(true))), Step::ClaimAndIssue);
        assert_eq!(plan_of(BookingStatus::Cancelled, confirmed(true, false, true, Some(true))), Step::ClaimAndIssue);
    }

    #[test]
    fn a_repeated_verdict_answers_what_the_first_did() {
        assert_eq!(plan_of(BookingStatus::Ticketed, confirmed(false, false, true, Some(true))), Step::AnswerTicket);
        assert_eq!(plan_of(BookingStatus::Refunded, confirmed(false, false, true, Some(true))), Step::AnswerRefunded);
        assert_eq!(
            plan_of(BookingStatus::Pending, confirmed(false, true, true, None)),
            Step::AnswerRefundedBefore,
            "an earlier verdict of the session sent its money back: it buys nothing, whatever the booking is now"
        );
    }

    #[test]
    fn money_that_does_not_buy_this_booking_goes_back() {
        assert_eq!(plan_of(BookingStatus::Pending, confirmed(true, false, false, None)), Step::RefundRepriced);
        assert_eq!(plan_of(BookingStatus::Ticketed, confirmed(true, false, true, Some(false))), Step::RefundDuplicate);
    }

    #[test]
    fn without_a_session_only_a_stored_payment_issues() {
        assert_eq!(plan_of(BookingStatus::Pending, Payment::Stored { paid: false }), Step::RefuseUnpaid);
        assert_eq!(plan_of(BookingStatus::Pending, Payment::Stored { paid: true }), Step::ClaimAndIssue);
        assert_eq!(plan_of(BookingStatus::Ticketed, Payment::Stored { paid: false }), Step::AnswerTicket);
        assert_eq!(plan_of(BookingStatus::Refunded, Payment::Stored { paid: false }), Step::AnswerRefunded);
    }
}
