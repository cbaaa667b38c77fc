//! Promo codes and the surprise deal. A code's rules are stored with it: flat taka or percent
//! with a cap, minimum fare, service, operator, validity window, total uses and uses per phone.
//! An unknown or ineligible code answers HTTP 200 with `"data": null`; the site then says
//! 'Invalid promo applied!' (SPEC §8).

use axum::Json;
use axum::extract::State;
use core_wasm::contract::booking::{Promo, PromoRequest, PromoResponse, SurpriseDeal, TxnRequest};
use core_wasm::contract::envelope::Envelope;
use core_wasm::pricing::{self, PromoKind, PromoRule};
use sqlx::any::AnyRow;
use sqlx::{AnyPool, Row};

use crate::AppState;
use crate::error::ApiError;
use crate::wire::{Body, now_unix_ms, ok};

/// A deal can be claimed this long after it is offered (SPEC §9), enforced here too.
pub const DEAL_MS: i64 = core_wasm::deal::CLAIM_SECONDS as i64 * 1000;
/// One booking in this many is offered a surprise deal.
const DEAL_ONE_IN: u64 = 2;

async fn pending_booking(pool: &AnyPool, tnx_id: &str) -> Result<AnyRow, ApiError> {
    let row = sqlx::query("SELECT * FROM bookings WHERE tnx_id = $1")
        .bind(tnx_id.trim())
        .fetch_optional(pool)
        .await?
        .ok_or_else(|| ApiError::not_found("Booking not found"))?;
    if row.try_get::<String, _>("status")? != "pending" {
        return Err(ApiError::Conflict(vec!["This booking is no longer waiting for payment".into()]));
    }
    Ok(row)
}

/// The discount `code` gives this booking, if it applies.
async fn discount_for(pool: &AnyPool, booking: &AnyRow, code: &str) -> Result<Option<i64>, ApiError> {
    let code = code.trim().to_uppercase();
    let tnx: String = booking.try_get("tnx_id")?;
    let sub_total: i64 = booking.try_get("sub_total")?;
    let now = now_unix_ms();
    // A surprise deal for this very booking, within its window.
    if let Some(deal) = sqlx::query("SELECT promo_code, amount, offered_at FROM surprise_deals WHERE tnx_id = $1")
        .bind(&tnx)
        .fetch_optional(pool)
        .await?
        && deal.try_get::<String, _>("promo_code")? == code
    {
        let open = now - deal.try_get::<i64, _>("offered_at")? <= DEAL_MS;
        let amount = open.then(|| deal.try_get::<i64, _>("amount")).transpose()?;
        return Ok(amount.map(|a| pricing::clamp_discount(a, sub_total)));
    }
    let Some(promo) = sqlx::query("SELECT * FROM promo_codes WHERE code = $1").bind(&code).fetch_optional(pool).await?
    else {
        return Ok(None);
    };
    let operator: String = sqlx::query("SELECT operator_id FROM trips WHERE id = $1")
        .bind(booking.try_get::<String, _>("trip_id")?)
        .fetch_one(pool)
        .await?
        .try_get("operator_id")?;
    let service_ok = promo
        .try_get::<Option<String>, _>("service")?
        .is_none_or(|s| s == booking.try_get::<String, _>("service").unwrap_or_default());
    let operator_ok = promo.try_get::<Option<String>, _>("operator_id")?.is_none_or(|o| o == operator);
    let in_window = promo.try_get::<i64, _>("valid_from")? <= now && now <= promo.try_get::<i64, _>("valid_until")?;
    if !(service_ok && operator_ok && in_window) {
        return Ok(None);
    }
    let total: i64 = sqlx::query(
        "SELECT COUNT(*) AS n FROM bookings WHERE promo_code = $1 AND status IN ('pending', 'ticketed') AND tnx_id <> $2",
    )
    .bind(&code)
    .bind(&tnx)
    .fetch_one(pool)
    .await?
    .try_get("n")?;
    let by_phone: i64 = sqlx::query(
        "SELECT COUNT(*) AS n FROM bookings WHERE promo_code = $1 AND status IN ('pending', 'ticketed') AND phone = $2 AND tnx_id <> $3",
    )
    .bind(&code)
    .bind(booking.try_get::<String, _>("phone")?)
    .bind(&tnx)
    .fetch_one(pool)
    .await?
    .try_get("n")?;
    if total >= promo.try_get::<i64, _>("total_uses")? || by_phone >= promo.try_get::<i64, _>("uses_per_phone")? {
        return Ok(None);
    }
    let amount: i64 = promo.try_get("amount")?;
    let kind = match promo.try_get::<String, _>("kind")?.as_str() {
        "percent" => PromoKind::Percent { percent: amount, cap: promo.try_get("max_discount")? },
        _ => PromoKind::Flat { amount },
    };
    Ok(pricing::promo_discount(&PromoRule { kind, min_fare: promo.try_get("min_fare")? }, sub_total))
}

/// The booking's amounts with `discount` instead of its current one (the core's pricing).
fn answer(booking: &AnyRow, discount: i64, code: Option<String>) -> Result<PromoResponse, sqlx::Error> {
    let stored = pricing::Quote {
        sub_total: booking.try_get("sub_total")?,
        discount: booking.try_get("discount")?,
        service_charge: booking.try_get("service_charge")?,
        commission: booking.try_get("gateway_commission")?,
        amount: booking.try_get("amount")?,
    };
    let quote = pricing::with_discount(stored, discount);
    Ok(PromoResponse {
        amount: quote.amount as f64,
        discount: quote.discount as f64,
        promo: code.map(|code| Promo { code, amount: quote.discount as f64 }),
    })
}

/// `check-promo-code`: what the code would give, without applying it.
pub async fn check(
    State(state): State<AppState>,
    Body(request): Body<PromoRequest>,
) -> Result<Json<Envelope<Option<PromoResponse>>>, ApiError> {
    let booking = pending_booking(&state.pool, &request.tnx_id).await?;
    let discount = discount_for(&state.pool, &booking, &request.promo_code).await?;
    Ok(ok(discount.map(|d| answer(&booking, d, Some(request.promo_code.trim().to_uppercase()))).transpose()?))
}

/// `apply-promo-code` (also how a surprise deal is claimed): the booking's amount, discount and
/// promo replaced.
pub async fn apply(
    State(state): State<AppState>,
    Body(request): Body<PromoRequest>,
) -> Result<Json<Envelope<Option<PromoResponse>>>, ApiError> {
    let booking = pending_booking(&state.pool, &request.tnx_id).await?;
    let Some(discount) = discount_for(&state.pool, &booking, &request.promo_code).await? else {
        return Ok(ok(None));
    };
    let response = answer(&booking, discount, Some(request.promo_code.trim().to_uppercase()))?;
    record(&state.pool, &request.tnx_id, &response).await?;
    Ok(ok(Some(response)))
}

/// Writes a promo answer to a pending booking: its discount, code (none when removed) and amount.
async fn record(pool: &sqlx::AnyPool, tnx_id: &str, response: &PromoResponse) -> Result<(), ApiError> {
    sqlx::query(
        "UPDATE bookings SET discount = $1, promo_code = $2, amount = $3 WHERE tnx_id = $4 AND status = 'pending'",
    )
    .bind(response.discount as i64)
    .bind(response.promo.as_ref().map(|p| p.code.as_str()))
    .bind(response.amount as i64)
    .bind(tnx_id.trim())
    .execute(pool)
    .await?;
    Ok(())
}

/// `remove-promo-code` (bus): back to the full amount, promo null.
pub async fn remove(
    State(state): State<AppState>,
    Body(request): Body<TxnRequest>,
) -> Result<Json<Envelope<Option<PromoResponse>>>, ApiError> {
    let booking = pending_booking(&state.pool, &request.tnx_id).await?;
    let response = answer(&booking, 0, None)?;
    record(&state.pool, &request.tnx_id, &response).await?;
    Ok(ok(Some(response)))
}

/// `get-surprise-deal`: sometimes a deal for this booking, the same one on every ask, claimable
/// for 120 s from when it was first offered. None: 404 'Sorry!! No deal found now.'.
pub async fn surprise_deal(
    State(state): State<AppState>,
    Body(request): Body<TxnRequest>,
) -> Result<Json<Envelope<SurpriseDeal>>, ApiError> {
    let booking = pending_booking(&state.pool, &request.tnx_id).await?;
    let tnx: String = booking.try_get("tnx_id")?;
    let no_deal = || ApiError::not_found(core_wasm::deal::NO_DEAL.text);
    // Whether this booking gets a deal is fixed by its id, so asking again changes nothing.
    let lucky = tnx.bytes().fold(0u64, |h, b| h.wrapping_mul(31).wrapping_add(u64::from(b))) % DEAL_ONE_IN == 0;
    if !lucky {
        return Err(no_deal());
    }
    let sub_total: i64 = booking.try_get("sub_total")?;
    let amount = pricing::surprise_deal_amount(sub_total);
    let code = format!("SURPRISE{amount}");
    sqlx::query("INSERT INTO surprise_deals (tnx_id, promo_code, amount, offered_at) VALUES ($1, $2, $3, $4) ON CONFLICT (tnx_id) DO NOTHING")
        .bind(&tnx)
        .bind(&code)
        .bind(amount)
        .bind(now_unix_ms())
        .execute(&state.pool)
        .await?;
    let deal = sqlx::query("SELECT promo_code, amount, offered_at FROM surprise_deals WHERE tnx_id = $1")
        .bind(&tnx)
        .fetch_one(&state.pool)
        .await?;
    let left = DEAL_MS - (now_unix_ms() - deal.try_get::<i64, _>("offered_at")?);
    if left <= 0 {
        return Err(no_deal());
    }
    Ok(ok(SurpriseDeal {
        promo_code: deal.try_get("promo_code")?,
        amount: deal.try_get::<i64, _>("amount")? as f64,
        claim_seconds: (left / 1000) as u32,
    }))
}
