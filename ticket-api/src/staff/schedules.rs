//! Schedules and the trips made from them (issue 35). A schedule is a route leaving at a time
//! of day (Dhaka) on some days of the week between two dates, with a coach class and a layout.
//! [`generate`] makes its trips up to a horizon: idempotent (a trip's id is its schedule's and
//! its date), so running it twice writes nothing; a trip without sales follows its schedule's
//! changes, a trip with sales is never touched (the changed-plans issue moves its travellers).

use std::collections::HashMap;

use core_wasm::contract::staff::{Schedules, StaffSchedule};
use core_wasm::service::Service;
use core_wasm::staff::messages as say;
use core_wasm::staff::schedule::{self, Days};
use core_wasm::time::Date;

use super::access::Staff;
use super::write::{self, Write, check_revision, code, object_id, text};
use crate::AppState;
use crate::error::ApiError;
use crate::store::pool::TxConn;
use crate::store::values_list;

/// Days of trips made ahead by default.
pub const HORIZON_DAYS: u32 = 30;

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ScheduleRow {
    pub id: String,
    pub operator_id: String,
    pub code: String,
    pub route_id: String,
    pub departure: i64,
    pub days: i64,
    pub from_date: String,
    pub to_date: String,
    pub class: String,
    pub layout_id: String,
    pub vehicle_id: String,
    pub revision: i64,
}

const COLUMNS: &str =
    "id, operator_id, code, route_id, departure, days, from_date, to_date, class, layout_id, vehicle_id, revision";

pub fn schedule_of(r: &ScheduleRow) -> StaffSchedule {
    StaffSchedule {
        id: Some(r.id.clone()),
        code: r.code.clone(),
        route_id: r.route_id.clone(),
        departure: schedule::departure_text(r.departure),
        days: Days(r.days as u8).text(),
        from_date: r.from_date.clone(),
        to_date: r.to_date.clone(),
        class: r.class.clone(),
        layout_id: r.layout_id.clone(),
        operator_id: Some(r.operator_id.clone()),
        revision: Some(r.revision),
    }
}

/// The schedules of the operators given (every one for `None`), by id.
pub async fn rows(tx: &mut TxConn, operators: Option<&[String]>) -> Result<Vec<ScheduleRow>, sqlx::Error> {
    let sql = match operators {
        None => format!("SELECT {COLUMNS} FROM schedules ORDER BY id"),
        Some([]) => return Ok(Vec::new()),
        Some(ops) => format!(
            "SELECT {COLUMNS} FROM schedules WHERE operator_id IN ({}) ORDER BY id",
            (1..=ops.len()).map(|i| format!("${i}")).collect::<Vec<_>>().join(", ")
        ),
    };
    let mut q = sqlx::query_as(sqlx::AssertSqlSafe(sql));
    for op in operators.unwrap_or_default() {
        q = q.bind(op);
    }
    q.fetch_all(&mut *tx).await
}

/// The operators a caller's list covers (`None`: all).
pub fn operators_of(staff: &Staff) -> Option<Vec<String>> {
    match &staff.reach {
        core_wasm::staff::roles::Reach::Everything => None,
        core_wasm::staff::roles::Reach::Operators(ops) => Some(ops.clone()),
        core_wasm::staff::roles::Reach::Nothing => Some(Vec::new()),
    }
}

/// `GET staff/schedules`.
pub async fn list(state: &AppState, staff: &Staff) -> Result<Schedules, ApiError> {
    let mut tx = state.pool.begin().await?;
    let found = rows(&mut tx, operators_of(staff).as_deref()).await?;
    tx.rollback().await?;
    Ok(Schedules { schedules: found.iter().map(schedule_of).collect() })
}

fn bad(template: say::StaffTemplate, params: &[(&str, &str)]) -> ApiError {
    ApiError::bad(template.with(params))
}

/// A schedule's fields, checked: what is stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Checked {
    pub departure: i64,
    pub days: Days,
    pub from: Date,
    pub to: Date,
    pub class: String,
}

pub fn check(s: &StaffSchedule) -> Result<Checked, ApiError> {
    let departure =
        schedule::parse_departure(&s.departure).ok_or_else(|| bad(say::CLOCK, &[("value", &s.departure)]))?;
    let days = Days::parse(&s.days).ok_or_else(|| bad(say::DAYS, &[("value", &s.days)]))?;
    let date = |field: &str, value: &str| {
        Date::parse(value.trim()).map_err(|_| bad(say::DATE, &[("field", field), ("value", value)]))
    };
    let (from, to) = (date("fromDate", &s.from_date)?, date("toDate", &s.to_date)?);
    if to < from {
        return Err(bad(say::DATES_ORDER, &[]));
    }
    let class = text("class", &s.class, 40)?;
    Ok(Checked { departure, days, from, to, class })
}

/// The vehicle row a schedule's trips name: one per operator, class and layout, named by its
/// class (the coach's own number is the counter's and boarding issues' to assign).
async fn vehicle_for(
    tx: &mut TxConn,
    operator: &str,
    class: &str,
    layout_id: &str,
    service: Service,
) -> Result<String, sqlx::Error> {
    let slug: String = class.to_lowercase().chars().map(|c| if c.is_ascii_alphanumeric() { c } else { '-' }).collect();
    let id = format!("{operator}:class:{slug}:{layout_id}");
    let coach_type = match service {
        Service::Bus if schedule::class_is_ac(class) => Some("ac"),
        Service::Bus => Some("non-ac"),
        Service::Launch => None,
    };
    sqlx::query(
        "INSERT INTO vehicles (id, operator_id, name, coach_type, bus_class, layout_id) VALUES ($1, $2, $3, $4, $5, $6) \
         ON CONFLICT (id) DO NOTHING",
    )
    .bind(&id)
    .bind(operator)
    .bind(class)
    .bind(coach_type)
    .bind(class)
    .bind(layout_id)
    .execute(&mut *tx)
    .await?;
    Ok(id)
}

/// Writes a checked schedule (insert or update at `revision`); its row.
#[allow(clippy::too_many_arguments)]
pub async fn store(
    tx: &mut TxConn,
    id: &str,
    operator: &str,
    code: &str,
    route_id: &str,
    layout_id: &str,
    service: Service,
    checked: &Checked,
    revision: i64,
) -> Result<ScheduleRow, sqlx::Error> {
    let vehicle_id = vehicle_for(tx, operator, &checked.class, layout_id, service).await?;
    let row = ScheduleRow {
        id: id.to_owned(),
        operator_id: operator.to_owned(),
        code: code.to_owned(),
        route_id: route_id.to_owned(),
        departure: checked.departure,
        days: i64::from(checked.days.0),
        from_date: checked.from.to_string(),
        to_date: checked.to.to_string(),
        class: checked.class.clone(),
        layout_id: layout_id.to_owned(),
        vehicle_id,
        revision,
    };
    sqlx::query(
        "INSERT INTO schedules (id, operator_id, code, route_id, departure, days, from_date, to_date, class, layout_id, \
         vehicle_id, revision) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) ON CONFLICT (id) DO UPDATE SET \
         route_id = excluded.route_id, departure = excluded.departure, days = excluded.days, from_date = excluded.from_date, \
         to_date = excluded.to_date, class = excluded.class, layout_id = excluded.layout_id, vehicle_id = excluded.vehicle_id, \
         revision = excluded.revision",
    )
    .bind(&row.id)
    .bind(&row.operator_id)
    .bind(&row.code)
    .bind(&row.route_id)
    .bind(row.departure)
    .bind(row.days)
    .bind(&row.from_date)
    .bind(&row.to_date)
    .bind(&row.class)
    .bind(&row.layout_id)
    .bind(&row.vehicle_id)
    .bind(row.revision)
    .execute(&mut *tx)
    .await?;
    Ok(row)
}

/// `POST staff/schedules`: saved, and its trips made again up to the horizon.
pub async fn save(state: &AppState, staff: &Staff, given: &StaffSchedule) -> Result<StaffSchedule, ApiError> {
    let operator = staff
        .operator_for(given.operator_id.as_deref())?
        .ok_or_else(|| bad(say::REQUIRED, &[("field", "operatorId")]))?;
    let code = code("code", &given.code)?;
    let id = object_id(Some(&operator), &code);
    let checked = check(given)?;
    let mut w = write::begin(state).await?;
    let route = super::routes::usable(&mut w.tx, staff, &given.route_id).await?;
    let service = super::layouts::usable(&mut w.tx, staff, &given.layout_id).await?;
    if service != route.service {
        let detail = "the layout is for another service than the route";
        return Err(bad(say::INVALID, &[("field", "layoutId"), ("detail", detail)]));
    }
    let sql = format!("SELECT {COLUMNS} FROM schedules WHERE id = $1");
    let before: Option<ScheduleRow> =
        sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(&id).fetch_optional(&mut *w.tx).await?;
    let revision = check_revision("schedule", &id, before.as_ref().map(|b| b.revision), given.revision)?;
    let route_id = route.id.clone().unwrap_or_default();
    let row =
        store(&mut w.tx, &id, &operator, &code, &route_id, given.layout_id.trim(), service, &checked, revision).await?;
    generate(&mut w, std::slice::from_ref(&row), crate::clock::today(), HORIZON_DAYS).await?;
    let (before, after) = (before.as_ref().map(schedule_of), schedule_of(&row));
    w.finish(state, staff, Some(&operator), &format!("schedule {id}"), before.as_ref(), Some(&after)).await?;
    Ok(after)
}

/// A trip as the job wants it.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Wanted {
    id: String,
    schedule_id: String,
    route_id: String,
    vehicle_id: String,
    layout_id: String,
    operator_id: String,
    service: Service,
    departs_at: i64,
}

#[derive(Debug, sqlx::FromRow)]
struct Existing {
    id: String,
    route_id: String,
    vehicle_id: String,
    layout_id: Option<String>,
    departs_at: i64,
    sold: i64,
}

/// What a run of the job wrote.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Made {
    pub added: u64,
    pub changed: u64,
    pub removed: u64,
}

fn trip_id(schedule_id: &str, date: Date) -> String {
    format!("trip-{schedule_id}-{}", date.to_string().replace('-', ""))
}

/// Makes the trips of `schedules` from `today` for `days` days, in the write's transaction.
pub async fn generate(w: &mut Write, schedules: &[ScheduleRow], today: Date, days: u32) -> Result<Made, ApiError> {
    let until = today.add_days(i64::from(days.max(1)) - 1);
    let mut made = Made::default();
    let mut services: HashMap<String, Service> = HashMap::new();
    let mut wanted: Vec<Wanted> = Vec::new();
    for s in schedules {
        let service = match services.get(&s.route_id) {
            Some(s) => *s,
            None => {
                let text: String = sqlx::query_scalar("SELECT service FROM routes WHERE id = $1")
                    .bind(&s.route_id)
                    .fetch_one(&mut *w.tx)
                    .await?;
                let service =
                    Service::parse(&text).ok_or_else(|| ApiError::Internal(format!("a route's service {text}")))?;
                services.insert(s.route_id.clone(), service);
                service
            }
        };
        let (Ok(first), Ok(last)) = (Date::parse(&s.from_date), Date::parse(&s.to_date)) else { continue };
        for date in schedule::run_dates(Days(s.days as u8), first, last, today, until) {
            wanted.push(Wanted {
                id: trip_id(&s.id, date),
                schedule_id: s.id.clone(),
                route_id: s.route_id.clone(),
                vehicle_id: s.vehicle_id.clone(),
                layout_id: s.layout_id.clone(),
                operator_id: s.operator_id.clone(),
                service,
                departs_at: date.days_since_epoch() * 24 * 60 + s.departure,
            });
        }
    }
    // The schedules' trips from today on, with whether each has sales.
    let from_minute = today.days_since_epoch() * 24 * 60;
    let mut existing: HashMap<String, Existing> = HashMap::new();
    for chunk in schedules.chunks(500) {
        let marks = (0..chunk.len()).map(|i| format!("${}", i + 2)).collect::<Vec<_>>().join(", ");
        let sql = format!(
            "SELECT t.id, t.route_id, t.vehicle_id, t.layout_id, t.departs_at, \
             CASE WHEN EXISTS (SELECT 1 FROM seat_claims c WHERE c.trip_id = t.id AND c.state <> 'blocked') OR EXISTS (SELECT 1 FROM bookings b WHERE b.trip_id = t.id) \
             OR EXISTS (SELECT 1 FROM holds h WHERE h.trip_id = t.id) OR t.changed_at IS NOT NULL OR t.cancelled_at IS NOT NULL \
             OR EXISTS (SELECT 1 FROM trip_point_moves m WHERE m.trip_id = t.id) \
             THEN 1 ELSE 0 END AS sold \
             FROM trips t WHERE t.departs_at >= $1 AND t.schedule_id IN ({marks})"
        );
        let mut q = sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(from_minute);
        for s in chunk {
            q = q.bind(&s.id);
        }
        let rows: Vec<Existing> = q.fetch_all(&mut *w.tx).await?;
        existing.extend(rows.into_iter().map(|e| (e.id.clone(), e)));
    }
    let mut new: Vec<&Wanted> = Vec::new();
    for want in &wanted {
        match existing.remove(&want.id) {
            None => new.push(want),
            Some(have) => {
                let same = have.route_id == want.route_id
                    && have.vehicle_id == want.vehicle_id
                    && have.layout_id.as_deref() == Some(want.layout_id.as_str())
                    && have.departs_at == want.departs_at;
                if !same && have.sold == 0 {
                    sqlx::query(
                        "UPDATE trips SET route_id = $1, vehicle_id = $2, layout_id = $3, departs_at = $4 WHERE id = $5",
                    )
                    .bind(&want.route_id)
                    .bind(&want.vehicle_id)
                    .bind(&want.layout_id)
                    .bind(want.departs_at)
                    .bind(&want.id)
                    .execute(&mut *w.tx)
                    .await?;
                    made.changed += 1;
                }
            }
        }
    }
    // Trips the schedule no longer runs: gone, unless someone bought (or holds) a seat.
    for gone in existing.values().filter(|e| e.sold == 0) {
        // Seats held back on it are all its claims can be (it has no sales).
        sqlx::query("DELETE FROM seat_claims WHERE trip_id = $1").bind(&gone.id).execute(&mut *w.tx).await?;
        sqlx::query("DELETE FROM seat_blocks WHERE trip_id = $1").bind(&gone.id).execute(&mut *w.tx).await?;
        sqlx::query("DELETE FROM trips WHERE id = $1").bind(&gone.id).execute(&mut *w.tx).await?;
        made.removed += 1;
    }
    for chunk in new.chunks(400) {
        let sql = format!(
            "INSERT INTO trips (id, route_id, vehicle_id, operator_id, service, departs_at, schedule_id, layout_id) VALUES {} \
             ON CONFLICT (id) DO NOTHING",
            values_list(chunk.len(), 8)
        );
        let mut q = sqlx::query(sqlx::AssertSqlSafe(sql));
        for t in chunk {
            q = q
                .bind(&t.id)
                .bind(&t.route_id)
                .bind(&t.vehicle_id)
                .bind(&t.operator_id)
                .bind(t.service.as_str())
                .bind(t.departs_at)
                .bind(&t.schedule_id)
                .bind(&t.layout_id);
        }
        made.added += q.execute(&mut *w.tx).await?.rows_affected();
    }
    // New trips hold back what their schedules hold back, and keep their online quota.
    let new_ids: Vec<String> = new.iter().map(|t| t.id.clone()).collect();
    super::blocks::follow_schedules(w, &new_ids).await?;
    if made != Made::default() {
        w.network_changed().await?;
    }
    Ok(made)
}
