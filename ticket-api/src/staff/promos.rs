//! Promo codes and headlines (issue 35). A manager's promos work on their operator's trips only
//! (the booking's rule reads `operator_id`); an admin's on every trip. Headlines are the site's,
//! an admin's to change.

use core_wasm::contract::staff::{Headlines, Promos, StaffHeadline, StaffPromo};
use core_wasm::service::Service;
use core_wasm::staff::messages as say;
use core_wasm::staff::promo;
use core_wasm::staff::roles::Reach;
use core_wasm::time::today_in_dhaka;

use super::access::Staff;
use super::write::{self, optional, text};
use crate::AppState;
use crate::error::ApiError;

/// The Dhaka date of a stored instant (Unix ms).
fn date_of(ms: i64) -> String {
    today_in_dhaka(ms as f64).to_string()
}

#[derive(Debug, sqlx::FromRow)]
struct PromoRow {
    code: String,
    kind: String,
    amount: i64,
    max_discount: Option<i64>,
    min_fare: i64,
    service: Option<String>,
    operator_id: Option<String>,
    valid_from: i64,
    valid_until: i64,
    total_uses: i64,
    uses_per_phone: i64,
}

fn promo_of(r: PromoRow) -> StaffPromo {
    StaffPromo {
        code: r.code,
        kind: r.kind,
        amount: r.amount,
        max_discount: r.max_discount,
        min_fare: r.min_fare,
        service: r.service.as_deref().and_then(Service::parse),
        from_date: date_of(r.valid_from),
        to_date: date_of(r.valid_until),
        total_uses: r.total_uses,
        uses_per_phone: r.uses_per_phone,
        operator_id: r.operator_id,
        exists: true,
    }
}

const COLUMNS: &str = "code, kind, amount, max_discount, min_fare, service, operator_id, valid_from, valid_until, \
     total_uses, uses_per_phone";

/// `GET staff/promos`.
pub async fn list(state: &AppState, staff: &Staff) -> Result<Promos, ApiError> {
    let sql = format!("SELECT {COLUMNS} FROM promo_codes ORDER BY code");
    let rows: Vec<PromoRow> = sqlx::query_as(sqlx::AssertSqlSafe(sql)).fetch_all(&state.pool).await?;
    let promos = rows
        .into_iter()
        .filter(|r| {
            staff.reach == Reach::Everything || r.operator_id.as_deref().is_some_and(|o| staff.reach.covers(Some(o)))
        })
        .map(promo_of)
        .collect();
    Ok(Promos { promos })
}

/// `POST staff/promos`: made, or changed when the caller reaches the stored one.
pub async fn save(state: &AppState, staff: &Staff, given: &StaffPromo) -> Result<StaffPromo, ApiError> {
    let operator = staff.operator_for(given.operator_id.as_deref())?;
    let checked = promo::check(given).map_err(ApiError::bad)?;
    let code = checked.code;
    let mut w = write::begin(state).await?;
    let sql = format!("SELECT {COLUMNS} FROM promo_codes WHERE code = $1");
    let stored: Option<PromoRow> =
        sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(&code).fetch_optional(&mut *w.tx).await?;
    if let Some(old) = &stored {
        // A code is the site's once: another operator's is not the caller's to change.
        let theirs = match &old.operator_id {
            Some(o) => staff.reach.covers(Some(o)),
            None => staff.reach == Reach::Everything,
        };
        if !theirs || old.operator_id != operator {
            return Err(write::conflict(say::EXISTS, &[("what", "promo code"), ("id", &code)]));
        }
    }
    let before = stored.map(promo_of);
    sqlx::query(
        "INSERT INTO promo_codes (code, kind, amount, max_discount, min_fare, service, operator_id, valid_from, valid_until, \
         total_uses, uses_per_phone) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) ON CONFLICT (code) DO UPDATE SET \
         kind = excluded.kind, amount = excluded.amount, max_discount = excluded.max_discount, min_fare = excluded.min_fare, \
         service = excluded.service, valid_from = excluded.valid_from, valid_until = excluded.valid_until, \
         total_uses = excluded.total_uses, uses_per_phone = excluded.uses_per_phone",
    )
    .bind(&code)
    .bind(checked.kind.as_str())
    .bind(given.amount)
    .bind(given.max_discount)
    .bind(given.min_fare)
    .bind(given.service.map(Service::as_str))
    .bind(&operator)
    .bind(checked.valid_from_ms)
    .bind(checked.valid_until_ms)
    .bind(given.total_uses)
    .bind(given.uses_per_phone)
    .execute(&mut *w.tx)
    .await?;
    let after = StaffPromo {
        code: code.clone(),
        kind: checked.kind.as_str().to_owned(),
        from_date: checked.from.to_string(),
        to_date: checked.to.to_string(),
        operator_id: operator.clone(),
        exists: true,
        ..given.clone()
    };
    w.finish(state, staff, operator.as_deref(), &format!("promo {code}"), before.as_ref(), Some(&after)).await?;
    Ok(after)
}

/// `GET staff/headlines`.
pub async fn headlines(state: &AppState) -> Result<Headlines, ApiError> {
    let rows: Vec<(String, String, Option<String>, i64)> =
        sqlx::query_as("SELECT service, text, text_bn, is_visible FROM headlines ORDER BY service")
            .fetch_all(&state.pool)
            .await?;
    let headlines = rows
        .into_iter()
        .filter_map(|(s, text, text_bn, visible)| {
            Some(StaffHeadline { service: Service::parse(&s)?, text, text_bn, visible: visible != 0 })
        })
        .collect();
    Ok(Headlines { headlines })
}

/// `POST staff/headlines`.
pub async fn save_headline(state: &AppState, staff: &Staff, given: &StaffHeadline) -> Result<StaffHeadline, ApiError> {
    let text = text("text", &given.text, 300)?;
    let text_bn = optional("textBn", given.text_bn.as_deref(), 300)?;
    let mut w = write::begin(state).await?;
    let before = headlines_in(&mut w, given.service).await?;
    sqlx::query(
        "INSERT INTO headlines (service, text, text_bn, is_visible) VALUES ($1, $2, $3, $4) ON CONFLICT (service) \
         DO UPDATE SET text = excluded.text, text_bn = excluded.text_bn, is_visible = excluded.is_visible",
    )
    .bind(given.service.as_str())
    .bind(&text)
    .bind(&text_bn)
    .bind(i64::from(given.visible))
    .execute(&mut *w.tx)
    .await?;
    let after = StaffHeadline { service: given.service, text, text_bn, visible: given.visible };
    let object = format!("headline {}", given.service.as_str());
    w.finish(state, staff, None, &object, before.as_ref(), Some(&after)).await?;
    Ok(after)
}

async fn headlines_in(w: &mut write::Write, service: Service) -> Result<Option<StaffHeadline>, ApiError> {
    let row: Option<(String, Option<String>, i64)> =
        sqlx::query_as("SELECT text, text_bn, is_visible FROM headlines WHERE service = $1")
            .bind(service.as_str())
            .fetch_optional(&mut *w.tx)
            .await?;
    Ok(row.map(|(text, text_bn, visible)| StaffHeadline { service, text, text_bn, visible: visible != 0 }))
}
