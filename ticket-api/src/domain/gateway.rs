//! Payment gateways (DESIGN §3 "Payments"), shaped like SSLCommerz: open a session (a redirect
//! URL), validate the outcome server-side, refund. The sandbox gateway is served by the API
//! itself: a page with Pay / Fail / Cancel whose forms post back here; the server validates the
//! outcome, records one charge per transaction, issues the ticket right then, and only then
//! redirects the browser to `/{bus|launch}/payment/{success|failed|cancel}?tnxId=...`.

use core_wasm::contract::booking::BookingStatus;
use core_wasm::server_messages as say;

use crate::AppState;
use crate::clock::now_unix_ms;
use crate::domain::booking::{SANDBOX, issue};
use crate::error::ApiError;
use crate::store::bookings;
use crate::store::payments::{self, PaymentOutcome};

/// What the traveller did on the gateway's page, as its callback claims.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Paid,
    Failed,
    Cancelled,
}

impl Outcome {
    pub fn parse(action: &str) -> Option<Outcome> {
        match action {
            "pay" => Some(Outcome::Paid),
            "fail" => Some(Outcome::Failed),
            "cancel" => Some(Outcome::Cancelled),
            _ => None,
        }
    }

    fn recorded(self) -> PaymentOutcome {
        match self {
            Outcome::Paid => PaymentOutcome::Paid,
            Outcome::Failed => PaymentOutcome::Failed,
            Outcome::Cancelled => PaymentOutcome::Cancelled,
        }
    }
}

/// What a gateway adapter does. Real gateways validate with their own server (SSLCommerz's
/// validation API, bKash's query); the sandbox trusts its own page.
pub trait PaymentGateway {
    /// Where the traveller pays for `tnx_id`.
    fn session_url(&self, tnx_id: &str) -> String;
    /// The gateway's own word on what happened to `tnx_id`, given what the callback claims.
    fn validate(&self, tnx_id: &str, claimed: Outcome) -> Outcome;
}

#[derive(Debug, Clone, Copy, Default)]
pub struct Sandbox;

impl PaymentGateway for Sandbox {
    fn session_url(&self, tnx_id: &str) -> String {
        format!("/gateway/sandbox/{tnx_id}")
    }

    fn validate(&self, _tnx_id: &str, claimed: Outcome) -> Outcome {
        claimed
    }
}

/// Records the validated outcome once (a repeated or reordered callback changes nothing) and
/// settles the booking: a payment issues the ticket, a failure or cancel releases the seats.
/// Returns the outcome that stands.
pub async fn settle(state: &AppState, tnx_id: &str, outcome: Outcome) -> Result<Outcome, ApiError> {
    let pool = &state.pool;
    let booking = bookings::by_tnx(pool, tnx_id).await?.ok_or_else(|| ApiError::not_found(say::BOOKING_NOT_FOUND))?;
    let standing =
        payments::record_once(pool, tnx_id, SANDBOX, booking.amount, outcome.recorded(), now_unix_ms()).await?;
    let (status, outcome) = match standing {
        PaymentOutcome::Paid | PaymentOutcome::Refunded => {
            issue(state, tnx_id).await?;
            return Ok(Outcome::Paid);
        }
        PaymentOutcome::Cancelled => (BookingStatus::Cancelled, Outcome::Cancelled),
        PaymentOutcome::Failed => (BookingStatus::Failed, Outcome::Failed),
    };
    let write = state.claims.writing(&booking.trip_id);
    let mut tx = pool.begin().await?;
    bookings::transition(&mut *tx, &booking.id, BookingStatus::Pending, status).await?;
    crate::store::inventory::release(&mut tx, &write, &booking.hold_id).await?;
    tx.commit().await?;
    Ok(outcome)
}
