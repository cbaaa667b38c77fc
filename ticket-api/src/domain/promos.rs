//! Promo codes and the surprise deal. A code's rules are stored with it: flat taka or percent
//! with a cap, minimum fare, service, operator, validity window, total uses and uses per phone;
//! the money side is the core's pricing.

use core_wasm::contract::booking::{Promo, PromoResponse, SurpriseDeal};
use core_wasm::pricing::{self, PromoKind, PromoRule};

use crate::AppState;
use crate::clock::now_unix_ms;
use crate::domain::booking;
use crate::domain::identity::Caller;
use crate::error::ApiError;
use crate::store::bookings::{self, BookingRow};
use crate::store::pool::TxConn;
use crate::store::promos::{self, DealRow, PromoCodeRow};
use crate::store::trips;

/// A deal can be claimed this long after it is offered (SPEC §9), enforced here too.
pub const DEAL_MS: i64 = core_wasm::deal::CLAIM_SECONDS as i64 * 1000;
/// One booking in this many is offered a surprise deal.
const DEAL_ONE_IN: u64 = 2;

fn rule(promo: &PromoCodeRow) -> PromoRule {
    let kind = match promo.kind.as_str() {
        "percent" => PromoKind::Percent { percent: promo.amount, cap: promo.max_discount },
        _ => PromoKind::Flat { amount: promo.amount },
    };
    PromoRule { kind, min_fare: promo.min_fare }
}

/// The discount `code` gives this booking, if it applies.
async fn discount_for(conn: &mut TxConn, booking: &BookingRow, code: &str) -> Result<Option<i64>, ApiError> {
    let now = now_unix_ms();
    // A surprise deal for this very booking, within its window.
    if let Some(deal) = promos::deal_of(&mut *conn, &booking.tnx_id).await?
        && deal.promo_code == code
    {
        let open = now - deal.offered_at <= DEAL_MS;
        return Ok(open.then(|| pricing::clamp_discount(deal.amount, booking.sub_total)));
    }
    let Some(promo) = promos::by_code(&mut *conn, code).await? else {
        return Ok(None);
    };
    let operator = trips::operator(&mut *conn, &booking.trip_id).await?;
    let service_ok = promo.service.as_deref().is_none_or(|s| s == booking.service.as_str());
    let operator_ok = promo.operator_id.as_deref().is_none_or(|o| o == operator);
    let in_window = promo.valid_from <= now && now <= promo.valid_until;
    if !(service_ok && operator_ok && in_window) {
        return Ok(None);
    }
    let (total, by_phone) = bookings::promo_uses(&mut *conn, code, &booking.phone, &booking.tnx_id).await?;
    if total >= promo.total_uses || by_phone >= promo.uses_per_phone {
        return Ok(None);
    }
    Ok(pricing::promo_discount(&rule(&promo), booking.sub_total))
}

/// The booking's amounts with `discount` instead of its current one.
fn answer(booking: &BookingRow, discount: i64, code: Option<String>) -> PromoResponse {
    let quote = pricing::with_discount(booking.quote(), discount);
    PromoResponse {
        amount: quote.amount as f64,
        discount: quote.discount as f64,
        promo: code.map(|code| Promo { code, amount: quote.discount as f64 }),
    }
}

fn normal(code: &str) -> String {
    code.trim().to_uppercase()
}

/// `check-promo-code`: what the code would give, without applying it; `None` when it does not
/// apply (the site then says 'Invalid promo applied!').
pub async fn check(
    state: &AppState,
    caller: &Caller,
    tnx_id: &str,
    code: &str,
) -> Result<Option<PromoResponse>, ApiError> {
    let booking = booking::pending(state, caller, tnx_id).await?;
    let code = normal(code);
    // Read in one transaction, as apply reads them, so the code's uses are counted at one instant.
    let mut tx = state.pool.begin().await?;
    let discount = discount_for(&mut tx, &booking, &code).await?;
    tx.rollback().await?;
    Ok(discount.map(|d| answer(&booking, d, Some(code))))
}

/// `apply-promo-code` (also how a surprise deal is claimed): the booking's discount, code and
/// amount replaced.
pub async fn apply(
    state: &AppState,
    caller: &Caller,
    tnx_id: &str,
    code: &str,
) -> Result<Option<PromoResponse>, ApiError> {
    let booking = booking::pending(state, caller, tnx_id).await?;
    let code = normal(code);
    // The code's uses are counted and taken under its lock (a write first: a row lock on
    // PostgreSQL, the write lock on SQLite), so applications at once cannot all pass its limits;
    // the discount is priced on the booking as it stands under its own row (a seat removed
    // meanwhile, or the payment, waits or is waited for). A refusal drops the transaction, which
    // rolls it back.
    let mut tx = state.pool.begin().await?;
    promos::lock(&mut *tx, &code).await?;
    let booking = booking::lock_to_reprice(&mut tx, &booking.id).await?;
    let Some(discount) = discount_for(&mut tx, &booking, &code).await? else {
        tx.rollback().await?;
        return Ok(None);
    };
    let quote = pricing::with_discount(booking.quote(), discount);
    bookings::set_promo(&mut *tx, &booking.tnx_id, Some(&code), &quote).await?;
    tx.commit().await?;
    Ok(Some(answer(&booking, discount, Some(code))))
}

/// `remove-promo-code` (bus): back to the full amount, promo null.
pub async fn remove(state: &AppState, caller: &Caller, tnx_id: &str) -> Result<PromoResponse, ApiError> {
    let booking = booking::pending(state, caller, tnx_id).await?;
    let mut tx = state.pool.begin().await?;
    let booking = booking::lock_to_reprice(&mut tx, &booking.id).await?;
    let quote = pricing::with_discount(booking.quote(), 0);
    bookings::set_promo(&mut *tx, &booking.tnx_id, None, &quote).await?;
    tx.commit().await?;
    Ok(answer(&booking, 0, None))
}

/// `get-surprise-deal`: sometimes a deal for this booking, the same one on every ask, claimable
/// for 120 s from when it was first offered. None: 404 'Sorry!! No deal found now.'.
pub async fn surprise_deal(state: &AppState, caller: &Caller, tnx_id: &str) -> Result<SurpriseDeal, ApiError> {
    let booking = booking::pending(state, caller, tnx_id).await?;
    let no_deal = || ApiError::not_found(core_wasm::deal::NO_DEAL);
    // Whether this booking gets a deal is fixed by its id, so asking again changes nothing.
    let lucky =
        booking.tnx_id.bytes().fold(0u64, |h, b| h.wrapping_mul(31).wrapping_add(u64::from(b))) % DEAL_ONE_IN == 0;
    if !lucky {
        return Err(no_deal());
    }
    let amount = pricing::surprise_deal_amount(booking.sub_total);
    let offer = DealRow {
        tnx_id: booking.tnx_id.clone(),
        promo_code: format!("SURPRISE{amount}"),
        amount,
        offered_at: now_unix_ms(),
    };
    promos::offer_deal(&state.pool, &offer).await?;
    let deal = promos::deal_of(&state.pool, &booking.tnx_id).await?.ok_or_else(no_deal)?;
    let left = DEAL_MS - (now_unix_ms() - deal.offered_at);
    if left <= 0 {
        return Err(no_deal());
    }
    Ok(SurpriseDeal { promo_code: deal.promo_code, amount: deal.amount as f64, claim_seconds: (left / 1000) as u32 })
}
