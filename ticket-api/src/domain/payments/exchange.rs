//! The old ticket's side of a date change (issue 37), in the transaction that issues the new
//! one (`domain::changes` at once for a cheaper date, `issuing` when a dearer date is paid): the
//! old ticket cancelled as changed, once, its seats released, and its money moved to the new
//! booking less the fee, the difference sent back.

use core_wasm::contract::tickets::CancelledBy;
use core_wasm::pricing::Taka;

use super::funds::{self, End};
use crate::AppState;
use crate::claims::ClaimsWrite;
use crate::error::ApiError;
use crate::store::bookings::BookingRow;
use crate::store::payments::{self, Fund, RefundReason};
use crate::store::pool::Tx;
use crate::store::{inventory, tickets};

/// What retiring the old ticket left to finish after the commit.
pub(crate) struct Retired<'a> {
    /// The old trip's seat map, told when the transaction committed.
    pub write: ClaimsWrite<'a>,
    /// The difference's refunds, to send.
    pub refunds: Vec<String>,
}

/// In the transaction issuing `booking` (the new date): the old ticket cancelled as changed and
/// its seats released; its money, less the booking's `change_fee` (kept of the oldest money) and
/// `refund` (sent back the way the newest came), and with what `paid` for the dearer date,
/// recorded as what paid for the new booking. None when the old ticket is no longer confirmed
/// (cancelled, or changed by another call): nothing was written.
pub(crate) async fn retire<'a>(
    state: &'a AppState,
    tx: &mut Tx,
    booking: &BookingRow,
    old_ticket: &str,
    paid: Option<Fund>,
    refund: Taka,
    now: i64,
) -> Result<Option<Retired<'a>>, ApiError> {
    let Some(old) = tickets::by_id(&mut **tx, old_ticket).await? else { return Ok(None) };
    if !tickets::cancel(&mut **tx, old_ticket, refund, CancelledBy::Changed, now).await? {
        return Ok(None);
    }
    let write = state.claims.writing(&old.trip_id);
    inventory::release(tx, &write, &old.booking_id).await?;
    let money = payments::funds_of(tx, &old.tnx_id).await?;
    let (_, after_fee) = funds::take(&money, booking.change_fee * 100, End::Oldest);
    let (back, mut carried) = funds::take(&after_fee, refund * 100, End::Newest);
    let mut refunds = Vec::with_capacity(back.len());
    for fund in back {
        let id =
            payments::request_refund(&mut **tx, &fund.session, &old.tnx_id, fund.paisa, RefundReason::Changed, now)
                .await?;
        refunds.push(id);
    }
    carried.extend(paid);
    payments::add_funds(tx, &booking.tnx_id, &carried).await?;
    Ok(Some(Retired { write, refunds }))
}

/// The old ticket names the one it became.
pub(crate) async fn link(tx: &mut Tx, old_ticket: &str, new_ticket: &str) -> Result<(), ApiError> {
    sqlx::query("UPDATE tickets SET changed_to = $1 WHERE id = $2")
        .bind(new_ticket)
        .bind(old_ticket)
        .execute(&mut **tx)
        .await?;
    Ok(())
}
