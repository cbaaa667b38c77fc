//! Counters and sellers' shifts (issue 41). A seller opens a shift at one of their operator's
//! counters with a float, sells in it, and closes it with the cash counted note by note; what
//! the drawer should hold is the core's rule (`staff::shift`), from the shift's cash sales and
//! cash refunds as the store has them. One open shift per seller, kept by the store's unique
//! index, so two opens at once cannot both pass.

use core_wasm::contract::counter::{
    Counters, CurrentShift, ShiftClose, ShiftOpen, ShiftSale, Shifts, StaffCounter, StaffShift,
};
use core_wasm::contract::tickets::TicketStatus;
use core_wasm::staff::counter::PayMethod;
use core_wasm::staff::messages as say;
use core_wasm::staff::shift::{self, Closing, ShiftCash};

use super::access::{Staff, not_found};
use super::schedules::operators_of;
use super::write::{self, code, object_id, optional, text};
use crate::AppState;
use crate::clock::now_unix_ms;
use crate::error::ApiError;
use crate::store::pool::Tx;

#[derive(Debug, Clone, serde::Serialize, sqlx::FromRow)]
struct CounterRow {
    id: String,
    operator_id: String,
    code: String,
    name: String,
    name_bn: Option<String>,
    revision: i64,
}

fn counter_of(r: CounterRow) -> StaffCounter {
    StaffCounter {
        id: r.id,
        code: r.code,
        operator_id: Some(r.operator_id),
        name: r.name,
        name_bn: r.name_bn,
        revision: Some(r.revision),
    }
}

/// `GET staff/counters`.
pub async fn counters(state: &AppState, staff: &Staff) -> Result<Counters, ApiError> {
    let rows: Vec<CounterRow> = sqlx::query_as(
        "SELECT id, operator_id, code, name, name_bn, revision FROM counters ORDER BY operator_id, name",
    )
    .fetch_all(&state.pool)
    .await?;
    let counters = rows.into_iter().filter(|r| staff.reach.covers(Some(&r.operator_id))).map(counter_of).collect();
    Ok(Counters { counters })
}

/// `POST staff/counters`: made, or changed at the revision read.
pub async fn save_counter(state: &AppState, staff: &Staff, given: &StaffCounter) -> Result<StaffCounter, ApiError> {
    let operator = staff
        .operator_for(given.operator_id.as_deref())?
        .ok_or_else(|| ApiError::bad(say::REQUIRED.with(&[("field", "operatorId")])))?;
    let code = code("code", &given.code)?;
    let name = text("name", &given.name, 80)?;
    let name_bn = optional("nameBn", given.name_bn.as_deref(), 80)?;
    let id = object_id(Some(&operator), &code);
    let mut w = write::begin(state).await?;
    let stored: Option<CounterRow> =
        sqlx::query_as("SELECT id, operator_id, code, name, name_bn, revision FROM counters WHERE id = $1")
            .bind(&id)
            .fetch_optional(&mut *w.tx)
            .await?;
    let revision = write::check_revision("counter", &id, stored.as_ref().map(|s| s.revision), given.revision)?;
    let saved = CounterRow { id: id.clone(), operator_id: operator.clone(), code, name, name_bn, revision };
    let written = sqlx::query(
        "INSERT INTO counters (id, operator_id, code, name, name_bn, revision) VALUES ($1, $2, $3, $4, $5, $6) \
         ON CONFLICT (id) DO UPDATE SET name = excluded.name, name_bn = excluded.name_bn, revision = excluded.revision \
         WHERE counters.revision = $7",
    )
    .bind(&saved.id)
    .bind(&saved.operator_id)
    .bind(&saved.code)
    .bind(&saved.name)
    .bind(&saved.name_bn)
    .bind(revision)
    .bind(revision - 1)
    .execute(&mut *w.tx)
    .await?;
    if written.rows_affected() != 1 {
        return Err(write::stale("counter"));
    }
    w.finish(state, staff, Some(&operator), &id, stored.as_ref(), Some(&saved)).await?;
    Ok(counter_of(saved))
}

/// A seller's open shift, as a sale needs it.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct OpenShift {
    pub id: String,
    pub operator_id: String,
    pub counter_id: String,
}

/// The seller's open shift, read in the sale's transaction.
pub async fn open_of(tx: &mut Tx, seller_id: &str) -> Result<Option<OpenShift>, sqlx::Error> {
    sqlx::query_as("SELECT id, operator_id, counter_id FROM shifts WHERE seller_id = $1 AND closed_at IS NULL")
        .bind(seller_id)
        .fetch_optional(&mut **tx)
        .await
}

#[derive(Debug, sqlx::FromRow)]
struct ShiftRow {
    id: String,
    operator_id: String,
    counter_id: String,
    counter_name: String,
    seller: Option<String>,
    float_taka: i64,
    opened_at: i64,
    closed_at: Option<i64>,
    expected: Option<i64>,
    counted: Option<i64>,
    difference: Option<i64>,
    reason: Option<String>,
    cash_sales: i64,
    bkash_sales: i64,
    cash_refunds: i64,
    tickets: i64,
    cancelled: i64,
}

/// A shift with its sums, each from its own rows (SUM of BIGINT is NUMERIC on PostgreSQL: cast).
const SHIFT_SELECT: &str = "SELECT s.id, s.operator_id, s.counter_id, c.name AS counter_name, u.phone AS seller, \
     s.float_taka, s.opened_at, s.closed_at, s.expected, s.counted, s.difference, s.reason, \
     CAST(COALESCE((SELECT SUM(b.amount) FROM counter_sales x JOIN bookings b ON b.id = x.booking_id \
        WHERE x.shift_id = s.id AND x.method = 'cash'), 0) AS BIGINT) AS cash_sales, \
     CAST(COALESCE((SELECT SUM(b.amount) FROM counter_sales x JOIN bookings b ON b.id = x.booking_id \
        WHERE x.shift_id = s.id AND x.method = 'bkash-counter'), 0) AS BIGINT) AS bkash_sales, \
     CAST(COALESCE((SELECT SUM(r.amount) FROM counter_refunds r WHERE r.shift_id = s.id AND r.method = 'cash'), 0) \
        AS BIGINT) AS cash_refunds, \
     (SELECT COUNT(*) FROM counter_sales x WHERE x.shift_id = s.id) AS tickets, \
     (SELECT COUNT(*) FROM counter_refunds r WHERE r.shift_id = s.id) AS cancelled \
     FROM shifts s JOIN counters c ON c.id = s.counter_id LEFT JOIN users u ON u.id = s.seller_id";

fn shift_of(r: ShiftRow) -> StaffShift {
    let closing = match (r.expected, r.counted, r.difference) {
        (Some(expected), Some(counted), Some(difference)) => Some(Closing { expected, counted, difference }),
        _ => None,
    };
    StaffShift {
        id: r.id,
        operator_id: r.operator_id,
        counter_id: r.counter_id,
        counter_name: r.counter_name,
        seller: r.seller.map(|p| core_wasm::phone::masked(&p)).unwrap_or_default(),
        opened_at: r.opened_at,
        closed_at: r.closed_at,
        cash: ShiftCash { float: r.float_taka, cash_sales: r.cash_sales, cash_refunds: r.cash_refunds },
        bkash_sales: r.bkash_sales,
        tickets: r.tickets,
        cancelled: r.cancelled,
        closing,
        reason: r.reason,
    }
}

async fn shift_by_id(tx: &mut Tx, id: &str) -> Result<ShiftRow, ApiError> {
    let sql = format!("{SHIFT_SELECT} WHERE s.id = $1");
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(id).fetch_one(&mut **tx).await?)
}

/// How many of an open shift's sales the counter screen lists.
const RECENT_SALES: i64 = 50;

#[derive(Debug, sqlx::FromRow)]
struct SaleSeatRow {
    pnr: String,
    status: String,
    trip_id: String,
    departs_at: i64,
    amount: i64,
    method: String,
    sold_at: i64,
    seat_no: Option<String>,
}

/// `GET staff/shifts/current`: the open shift and its latest sales, a row per seat gathered.
pub async fn current(state: &AppState, staff: &Staff) -> Result<CurrentShift, ApiError> {
    let sql = format!("{SHIFT_SELECT} WHERE s.seller_id = $1 AND s.closed_at IS NULL");
    let row: Option<ShiftRow> =
        sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(&staff.login.user_id).fetch_optional(&state.pool).await?;
    let Some(row) = row else { return Ok(CurrentShift { shift: None, sales: Vec::new() }) };
    let rows: Vec<SaleSeatRow> = sqlx::query_as(
        "SELECT t.pnr, t.status, b.trip_id, tr.departs_at, b.amount, x.method, x.sold_at, s.seat_no \
         FROM (SELECT * FROM counter_sales WHERE shift_id = $1 ORDER BY sold_at DESC, booking_id LIMIT $2) x \
         JOIN bookings b ON b.id = x.booking_id JOIN tickets t ON t.booking_id = b.id JOIN trips tr ON tr.id = b.trip_id \
         LEFT JOIN booking_seats s ON s.booking_id = b.id ORDER BY x.sold_at DESC, t.pnr, s.ordinal",
    )
    .bind(&row.id)
    .bind(RECENT_SALES)
    .fetch_all(&state.pool)
    .await?;
    let mut sales: Vec<ShiftSale> = Vec::new();
    for r in rows {
        if sales.last().is_none_or(|last| last.pnr != r.pnr) {
            sales.push(ShiftSale {
                pnr: r.pnr.clone(),
                status: TicketStatus::parse(&r.status).unwrap_or(TicketStatus::Confirmed),
                trip_id: r.trip_id,
                departs: super::counter::departs_text(r.departs_at),
                seats: Vec::new(),
                fare: r.amount,
                method: PayMethod::parse(&r.method).unwrap_or(PayMethod::Cash),
                sold_at: r.sold_at,
            });
        }
        if let (Some(sale), Some(seat)) = (sales.last_mut(), r.seat_no) {
            sale.seats.push(seat);
        }
    }
    Ok(CurrentShift { shift: Some(shift_of(row)), sales })
}

/// `POST staff/shifts/open`: at a counter of an operator the caller sells for.
pub async fn open(state: &AppState, staff: &Staff, given: &ShiftOpen) -> Result<StaffShift, ApiError> {
    if !(0..=1_000_000).contains(&given.float) {
        return Err(ApiError::bad(say::OUT_OF_RANGE.with(&[("field", "float"), ("min", "0"), ("max", "1000000")])));
    }
    let mut w = write::begin(state).await?;
    let counter: Option<CounterRow> =
        sqlx::query_as("SELECT id, operator_id, code, name, name_bn, revision FROM counters WHERE id = $1")
            .bind(given.counter_id.trim())
            .fetch_optional(&mut *w.tx)
            .await?;
    let counter = counter.filter(|c| staff.reach.covers(Some(&c.operator_id))).ok_or_else(|| not_found("Counter"))?;
    if let Some(open) = open_of(&mut w.tx, &staff.login.user_id).await? {
        let name: String = sqlx::query_scalar("SELECT name FROM counters WHERE id = $1")
            .bind(&open.counter_id)
            .fetch_one(&mut *w.tx)
            .await?;
        return Err(write::conflict(say::SHIFT_OPEN, &[("counter", &name)]));
    }
    let id = crate::ids::new_id("shift")?;
    sqlx::query(
        "INSERT INTO shifts (id, operator_id, counter_id, seller_id, float_taka, opened_at) VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(&id)
    .bind(&counter.operator_id)
    .bind(&counter.id)
    .bind(&staff.login.user_id)
    .bind(given.float)
    .bind(now_unix_ms())
    .execute(&mut *w.tx)
    .await?;
    let opened = shift_of(shift_by_id(&mut w.tx, &id).await?);
    w.finish(state, staff, Some(&counter.operator_id), &format!("shift {id}"), None, Some(&opened)).await?;
    Ok(opened)
}

/// `POST staff/shifts/close`: the caller's open shift closed with the cash counted; a drawer
/// that differs from what it should hold needs a reason (the core's rule).
pub async fn close(state: &AppState, staff: &Staff, given: &ShiftClose) -> Result<StaffShift, ApiError> {
    let reason = optional("reason", given.reason.as_deref(), 300)?;
    let mut w = write::begin(state).await?;
    let open = open_of(&mut w.tx, &staff.login.user_id)
        .await?
        .ok_or_else(|| ApiError::Conflict(say::SHIFT_NONE.with(&[]).into()))?;
    let before = shift_of(shift_by_id(&mut w.tx, &open.id).await?);
    let closing: Closing = shift::close(before.cash, &given.notes, reason.as_deref()).map_err(ApiError::bad)?;
    let notes = serde_json::to_string(&given.notes).map_err(|e| ApiError::Internal(e.to_string()))?;
    let closed = sqlx::query(
        "UPDATE shifts SET closed_at = $1, expected = $2, counted = $3, difference = $4, notes = $5, reason = $6 \
         WHERE id = $7 AND closed_at IS NULL",
    )
    .bind(now_unix_ms())
    .bind(closing.expected)
    .bind(closing.counted)
    .bind(closing.difference)
    .bind(notes)
    .bind(reason.as_deref())
    .bind(&open.id)
    .execute(&mut *w.tx)
    .await?;
    if closed.rows_affected() != 1 {
        return Err(write::stale("shift"));
    }
    let after = shift_of(shift_by_id(&mut w.tx, &open.id).await?);
    w.finish(state, staff, Some(&open.operator_id), &format!("shift {}", open.id), Some(&before), Some(&after)).await?;
    Ok(after)
}

/// `GET staff/shifts`: the caller's operators' shifts, newest first (the last 500).
pub async fn list(state: &AppState, staff: &Staff) -> Result<Shifts, ApiError> {
    let sql = format!("{SHIFT_SELECT} ORDER BY s.opened_at DESC, s.id LIMIT 2000");
    let rows: Vec<ShiftRow> = sqlx::query_as(sqlx::AssertSqlSafe(sql)).fetch_all(&state.pool).await?;
    let operators = operators_of(staff);
    let shifts = rows
        .into_iter()
        .filter(|r| operators.as_ref().is_none_or(|ops| ops.contains(&r.operator_id)))
        .take(500)
        .map(shift_of)
        .collect();
    Ok(Shifts { shifts })
}
