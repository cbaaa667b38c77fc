//! Sales reports and settlement (issue 41), for managers and finance: tickets and taka per trip,
//! day and channel (the web, or each counter), and what the site owes each operator for a date
//! range. Read row by row and summed here: the sums are plain, and portable across the stores.

use std::collections::BTreeMap;

use core_wasm::contract::counter::{ReportQuery, SalesReport, SalesRow, Settlement, SettlementRow};
use core_wasm::staff::counter as rules;
use core_wasm::staff::messages as say;
use core_wasm::time::{Date, today_in_dhaka};

use super::access::Staff;
use super::counter::departs_text;
use crate::AppState;
use crate::error::ApiError;

/// Most days one report covers.
const MAX_DAYS: i64 = 366;

/// The report's Unix ms range `[from, to)`: from the first date's start to the last date's end.
fn range(q: &ReportQuery) -> Result<(i64, i64), ApiError> {
    let date = |field: &str, value: &str| {
        Date::parse(value.trim()).map_err(|_| ApiError::bad(say::DATE.with(&[("field", field), ("value", value)])))
    };
    let (from, to) = (date("from", &q.from)?, date("to", &q.to)?);
    if to < from {
        return Err(ApiError::bad(say::DATES_ORDER.with(&[])));
    }
    if to.days_since_epoch() - from.days_since_epoch() >= MAX_DAYS {
        let max = MAX_DAYS.to_string();
        return Err(ApiError::bad(say::OUT_OF_RANGE.with(&[("field", "days"), ("min", "1"), ("max", &max)])));
    }
    Ok((from.dhaka_start_ms(), to.add_days(1).dhaka_start_ms()))
}

#[derive(Debug, sqlx::FromRow)]
struct SaleRow {
    issued_at: i64,
    trip_id: String,
    operator_id: String,
    departs_at: i64,
    seats: i64,
    amount: i64,
    sub_total: i64,
    discount: i64,
    service_charge: i64,
    gateway_commission: i64,
    refund_amount: Option<i64>,
    counter_id: Option<String>,
}

async fn sales(state: &AppState, staff: &Staff, q: &ReportQuery) -> Result<Vec<SaleRow>, ApiError> {
    let (from, to) = range(q)?;
    let rows: Vec<SaleRow> = sqlx::query_as(
        "SELECT t.issued_at, b.trip_id, tr.operator_id, tr.departs_at, \
         (SELECT COUNT(*) FROM booking_seats s WHERE s.booking_id = b.id) AS seats, b.amount, b.sub_total, b.discount, \
         b.service_charge, b.gateway_commission, t.refund_amount, cs.counter_id FROM tickets t \
         JOIN bookings b ON b.id = t.booking_id JOIN trips tr ON tr.id = b.trip_id \
         LEFT JOIN counter_sales cs ON cs.booking_id = b.id WHERE t.issued_at >= $1 AND t.issued_at < $2 \
         ORDER BY t.issued_at",
    )
    .bind(from)
    .bind(to)
    .fetch_all(&state.pool)
    .await?;
    let named = q.operator_id.as_deref().map(str::trim).filter(|o| !o.is_empty());
    Ok(rows
        .into_iter()
        .filter(|r| staff.reach.covers(Some(&r.operator_id)) && named.is_none_or(|o| o == r.operator_id))
        .collect())
}

/// `GET staff/reports/sales`.
pub async fn sales_report(state: &AppState, staff: &Staff, q: &ReportQuery) -> Result<SalesReport, ApiError> {
    let mut rows: BTreeMap<(String, String, String), SalesRow> = BTreeMap::new();
    for sale in sales(state, staff, q).await? {
        let day = today_in_dhaka(sale.issued_at as f64).to_string();
        let channel = sale.counter_id.clone().unwrap_or_else(|| "web".to_owned());
        let row = rows.entry((day.clone(), sale.trip_id.clone(), channel.clone())).or_insert_with(|| SalesRow {
            day,
            trip_id: sale.trip_id.clone(),
            departs: departs_text(sale.departs_at),
            channel,
            tickets: 0,
            seats: 0,
            amount: 0,
            refunded: 0,
        });
        row.tickets += 1;
        row.seats += sale.seats;
        row.amount += sale.amount;
        row.refunded += sale.refund_amount.unwrap_or(0);
    }
    Ok(SalesReport { rows: rows.into_values().collect() })
}

/// The sales report as CSV, a line a row (cells guarded as the schedules' export guards them).
pub fn sales_csv(report: &SalesReport) -> Result<String, ApiError> {
    let fail = |e: &dyn std::fmt::Display| ApiError::Internal(format!("writing the sales CSV: {e}"));
    let mut w = ::csv::WriterBuilder::new().from_writer(Vec::new());
    w.write_record(["day", "trip", "departs", "channel", "tickets", "seats", "amount", "refunded"])
        .map_err(|e| fail(&e))?;
    for r in &report.rows {
        let numbers = [r.tickets, r.seats, r.amount, r.refunded].map(|n| n.to_string());
        let texts = [&r.day, &r.trip_id, &r.departs, &r.channel].map(|t| super::csv::guard(t));
        w.write_record(texts.iter().chain(numbers.iter())).map_err(|e| fail(&e))?;
    }
    let bytes = w.into_inner().map_err(|e| fail(&e))?;
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

/// `GET staff/reports/settlement`: web sales only (a counter's money is in its drawer).
pub async fn settlement(state: &AppState, staff: &Staff, q: &ReportQuery) -> Result<Settlement, ApiError> {
    let rates: Vec<(String, i64)> =
        sqlx::query_as("SELECT id, commission_bp FROM operators").fetch_all(&state.pool).await?;
    let rate = |op: &str| rates.iter().find(|(id, _)| id == op).map_or(0, |(_, bp)| *bp);
    let mut rows: BTreeMap<String, SettlementRow> = BTreeMap::new();
    for sale in sales(state, staff, q).await?.into_iter().filter(|s| s.counter_id.is_none()) {
        let bp = rate(&sale.operator_id);
        let row = rows.entry(sale.operator_id.clone()).or_insert_with(|| SettlementRow {
            operator_id: sale.operator_id.clone(),
            web_sales: 0,
            gateway_fees: 0,
            service_charges: 0,
            commission: 0,
            commission_percent: bp as f64 / 100.0,
            refunds: 0,
            net: 0,
        });
        row.web_sales += sale.amount;
        row.gateway_fees += sale.gateway_commission;
        row.service_charges += sale.service_charge;
        // Per ticket, on the fares the operator sold.
        row.commission += rules::commission(sale.sub_total - sale.discount, bp);
        row.refunds += sale.refund_amount.unwrap_or(0);
    }
    let operators = rows
        .into_values()
        .map(|mut r| {
            r.net = rules::settlement_net(r.web_sales, r.gateway_fees, r.service_charges, r.commission, r.refunds);
            r
        })
        .collect();
    Ok(Settlement { operators })
}
