//! `POST staff/schedules/import` and `GET staff/schedules/export` (issue 35): the CSV of
//! [`super::csv`] applied to the store, all or nothing, as one audited write; and the store
//! written back as that CSV. The file's fares are the layout's first seat class's (its only
//! one on most coaches); other classes keep the fares set on the fares page, so an export
//! imported again changes nothing.

use std::collections::{BTreeMap, HashMap};

use core_wasm::contract::staff::{CsvProblem, ImportResult, StaffRoute};
use core_wasm::staff::messages as say;
use core_wasm::staff::route;
use core_wasm::staff::schedule::Days;

use super::access::Staff;
use super::csv::{self, Known, Planned};
use super::schedules::{self, ScheduleRow};
use super::write::{self, Write, object_id};
use crate::AppState;
use crate::error::ApiError;
use crate::store::pool::TxConn;

/// Why an import wrote nothing.
#[derive(Debug)]
pub enum Refused {
    Problems(Vec<CsvProblem>),
    Error(ApiError),
}

impl From<ApiError> for Refused {
    fn from(e: ApiError) -> Refused {
        Refused::Error(e)
    }
}

impl From<sqlx::Error> for Refused {
    fn from(e: sqlx::Error) -> Refused {
        Refused::Error(e.into())
    }
}

/// Fares of a route and seat class per leg pair.
type LegFares = BTreeMap<(i64, i64), i64>;

/// The seat classes of each layout, in layout order (first seat first).
async fn layout_classes(tx: &mut TxConn) -> Result<HashMap<String, Vec<String>>, sqlx::Error> {
    let rows: Vec<(String, String)> = sqlx::query_as(
        "SELECT layout_id, seat_class FROM layout_seats ORDER BY layout_id, deck, row_no, col_no, seat_no",
    )
    .fetch_all(&mut *tx)
    .await?;
    let mut out: HashMap<String, Vec<String>> = HashMap::new();
    for (layout, class) in rows {
        let classes = out.entry(layout).or_default();
        if !classes.contains(&class) {
            classes.push(class);
        }
    }
    Ok(out)
}

/// What the file's names mean to `operator`: cities by any name, its layouts by code and the
/// site's by id.
async fn known(state: &AppState, tx: &mut TxConn, operator: &str) -> Result<Known, ApiError> {
    let network = state.network.get(&state.pool).await?;
    // Ids, names, Bangla names and other spellings, lower-case (the search's own lookup).
    let mut k = Known { cities: network.city_ids.clone(), ..Known::default() };
    let classes = layout_classes(tx).await?;
    for layout in super::layouts::current(&mut *tx).await? {
        let service = layout.service();
        let id = layout.id;
        let seat_classes = classes.get(&id).cloned().unwrap_or_default();
        match layout.operator_id.as_deref() {
            Some(o) if o == operator => {
                let code = super::routes::code_of(&id);
                k.layouts.insert(code, (id, service, seat_classes));
            }
            None => {
                k.layouts.entry(id.clone()).or_insert((id, service, seat_classes));
            }
            Some(_) => {}
        }
    }
    Ok(k)
}

fn csv_problem(line: u64, column: &str, said: core_wasm::staff::messages::StaffSaid) -> CsvProblem {
    CsvProblem { line, column: column.to_owned(), message: said }
}

/// The route a planned schedule runs: the operator's of that code (made or changed as the file
/// says, unless its trips have sales), or the site's of that id (its stops as the file's).
async fn route_for(
    state: &AppState,
    w: &mut Write,
    staff: &Staff,
    operator: &str,
    p: &Planned,
    changed: &mut u64,
) -> Result<String, Refused> {
    let own = object_id(Some(operator), &p.route_code);
    let found = match super::routes::find(&mut w.tx, &own).await? {
        Some(r) => Some(r),
        None => super::routes::find(&mut w.tx, &p.route_code).await?.filter(|r| r.operator_id.is_none()),
    };
    let same = |r: &StaffRoute| {
        r.service == p.service
            && r.stops.len() == p.stops.len()
            && r.stops.iter().zip(&p.stops).all(|(a, b)| {
                a.city_id == b.city_id && a.minutes == b.minutes && a.boards == b.boards && a.drops == b.drops
            })
    };
    match found {
        Some(r) if same(&r) => Ok(r.id.unwrap_or_default()),
        Some(r) if r.operator_id.is_none() => Err(Refused::Problems(vec![csv_problem(
            p.line,
            "route",
            say::CSV_SITE_ROUTE.with(&[("route", &p.route_code)]),
        )])),
        found => {
            let network = state.network.get(&state.pool).await?;
            let name_of = |id: &str| network.city_names.get(id).cloned().unwrap_or_else(|| id.to_owned());
            let name = match (p.stops.first(), p.stops.last()) {
                (Some(a), Some(b)) => format!("{} - {}", name_of(&a.city_id), name_of(&b.city_id)),
                _ => p.route_code.clone(),
            };
            // Points the route had at stops it keeps stay.
            let stops = p
                .stops
                .iter()
                .map(|s| {
                    let mut s = s.clone();
                    if let Some(old) = found.as_ref().and_then(|r| r.stops.iter().find(|o| o.city_id == s.city_id)) {
                        s.points = old.points.clone();
                    }
                    s
                })
                .collect();
            let route = StaffRoute {
                id: None,
                code: p.route_code.clone(),
                service: p.service,
                name: found.as_ref().map_or(name, |r| r.name.clone()),
                name_bn: found.as_ref().and_then(|r| r.name_bn.clone()),
                stops,
                operator_id: Some(operator.to_owned()),
                revision: found.as_ref().and_then(|r| r.revision),
            };
            let revision = found.as_ref().and_then(|r| r.revision).map_or(1, |r| r + 1);
            super::routes::store(&mut w.tx, staff, &own, Some(operator), &route, found.as_ref(), revision)
                .await
                .map_err(|e| match e {
                    ApiError::Conflict(_) => {
                        Refused::Problems(vec![csv_problem(p.line, "route", say::ROUTE_SOLD.with(&[]))])
                    }
                    other => Refused::Error(other),
                })?;
            *changed += 1;
            Ok(own)
        }
    }
}

/// Applies a planned file for `operator`: routes, schedules and fares as it says, then the
/// trips. Nothing is written unless all of it is (the caller commits or rolls back).
async fn apply(
    state: &AppState,
    w: &mut Write,
    staff: &Staff,
    operator: &str,
    planned: &[Planned],
) -> Result<ImportResult, Refused> {
    let mut changed = 0u64;
    let mut stops = 0u64;
    let existing: HashMap<String, ScheduleRow> = schedules::rows(&mut w.tx, Some(&[operator.to_owned()]))
        .await?
        .into_iter()
        .map(|r| (r.id.clone(), r))
        .collect();
    let mut routes: HashMap<String, String> = HashMap::new();
    let mut saved: Vec<ScheduleRow> = Vec::new();
    let mut fares: BTreeMap<(String, String), LegFares> = BTreeMap::new();
    for p in planned {
        stops += p.stops.len() as u64;
        let route_id = match routes.get(&p.route_code) {
            Some(id) => id.clone(),
            None => {
                let id = route_for(state, w, staff, operator, p, &mut changed).await?;
                routes.insert(p.route_code.clone(), id.clone());
                id
            }
        };
        let checked = schedules::check(&p.schedule).map_err(Refused::Error)?;
        let id = object_id(Some(operator), &p.schedule.code);
        let old = existing.get(&id);
        let same = old.is_some_and(|o| {
            o.route_id == route_id
                && o.departure == checked.departure
                && Days(o.days as u8) == checked.days
                && o.from_date == checked.from.to_string()
                && o.to_date == checked.to.to_string()
                && o.class == checked.class
                && o.layout_id == p.layout_id
        });
        let row = if same {
            old.cloned().ok_or_else(|| Refused::Error(ApiError::Internal("a schedule vanished".into())))?
        } else {
            changed += 1;
            let revision = old.map_or(1, |o| o.revision + 1);
            schedules::store(
                &mut w.tx,
                &id,
                operator,
                &p.schedule.code,
                &route_id,
                &p.layout_id,
                p.service,
                &checked,
                revision,
            )
            .await?
        };
        saved.push(row);
        if let Some(class) = p.seat_classes.first() {
            let legs = route::leg_fares(&p.fares);
            match fares.get(&(route_id.clone(), class.clone())) {
                Some(earlier) if *earlier != legs => {
                    let field = [("schedule", p.schedule.code.as_str()), ("field", "fare_from_start")];
                    return Err(Refused::Problems(vec![csv_problem(
                        p.line,
                        "fare_from_start",
                        say::CSV_MIXED.with(&field),
                    )]));
                }
                _ => {
                    fares.insert((route_id.clone(), class.clone()), legs);
                }
            }
        }
    }
    for ((route_id, class), legs) in &fares {
        let stored: Vec<(i64, i64, i64)> = sqlx::query_as(
            "SELECT from_stop, to_stop, fare FROM fares WHERE route_id = $1 AND operator_id = $2 AND seat_class = $3",
        )
        .bind(route_id)
        .bind(operator)
        .bind(class)
        .fetch_all(&mut *w.tx)
        .await?;
        let stored: BTreeMap<(i64, i64), i64> = stored.into_iter().map(|(f, t, x)| ((f, t), x)).collect();
        if stored == *legs {
            continue;
        }
        changed += 1;
        sqlx::query("DELETE FROM fares WHERE route_id = $1 AND operator_id = $2 AND seat_class = $3")
            .bind(route_id)
            .bind(operator)
            .bind(class)
            .execute(&mut *w.tx)
            .await?;
        for ((from, to), fare) in legs {
            sqlx::query(
                "INSERT INTO fares (route_id, operator_id, seat_class, from_stop, to_stop, fare) VALUES ($1, $2, $3, $4, $5, $6)",
            )
            .bind(route_id)
            .bind(operator)
            .bind(class)
            .bind(from)
            .bind(to)
            .bind(fare)
            .execute(&mut *w.tx)
            .await?;
        }
    }
    if changed > 0 {
        w.network_changed().await?;
    }
    let made = schedules::generate(w, &saved, crate::clock::today(), schedules::HORIZON_DAYS).await?;
    let trips = made.added + made.changed + made.removed;
    Ok(ImportResult { dry_run: false, schedules: planned.len() as u64, stops, changed, trips })
}

/// The operator a file is for: the caller's one, or the one an admin names.
pub fn operator(staff: &Staff, named: Option<&str>) -> Result<String, ApiError> {
    staff.operator_for(named)?.ok_or_else(|| ApiError::bad(say::REQUIRED.with(&[("field", "operatorId")])))
}

/// `POST staff/schedules/import`: all or nothing; with `dry_run`, checked and then undone.
pub async fn import(
    state: &AppState,
    staff: &Staff,
    operator: &str,
    text: &str,
    dry_run: bool,
) -> Result<ImportResult, Refused> {
    let mut w = write::begin(state).await?;
    let known = known(state, &mut w.tx, operator).await?;
    let planned = csv::plan(text, &known).map_err(Refused::Problems)?;
    let mut result = apply(state, &mut w, staff, operator, &planned).await?;
    if dry_run {
        w.tx.rollback().await?;
        result.dry_run = true;
        return Ok(result);
    }
    let object = format!("schedules import ({} schedules, {} changed)", result.schedules, result.changed);
    w.finish(state, staff, Some(operator), &object, None, Some(&result_json(&result))).await?;
    Ok(result)
}

fn result_json(r: &ImportResult) -> serde_json::Value {
    serde_json::json!({"schedules": r.schedules, "stops": r.stops, "changed": r.changed, "trips": r.trips})
}

/// `GET staff/schedules/export`: the operator's schedules, a row per stop, header first.
pub async fn export(state: &AppState, operator: &str) -> Result<String, ApiError> {
    let mut tx = state.pool.begin().await?;
    let rows = schedules::rows(&mut tx, Some(&[operator.to_owned()])).await?;
    let classes = layout_classes(&mut tx).await?;
    let mut lines: Vec<Vec<String>> = Vec::new();
    for s in &rows {
        let route =
            super::routes::find(&mut tx, &s.route_id).await?.ok_or_else(|| ApiError::Internal("route".into()))?;
        let class = classes.get(&s.layout_id).and_then(|c| c.first()).cloned().unwrap_or_default();
        let fares: Vec<(i64, i64)> = sqlx::query_as(
            "SELECT to_stop, fare FROM fares WHERE route_id = $1 AND operator_id = $2 AND seat_class = $3 AND from_stop = 0",
        )
        .bind(&s.route_id)
        .bind(operator)
        .bind(&class)
        .fetch_all(&mut *tx)
        .await?;
        let layout = match s.layout_id.split_once(':') {
            Some((op, code)) if op == operator => code.to_owned(),
            _ => s.layout_id.clone(),
        };
        let shown = schedules::schedule_of(s);
        for (i, stop) in route.stops.iter().enumerate() {
            let fare = fares.iter().find(|(to, _)| *to == i as i64).map(|(_, f)| f.to_string()).unwrap_or_default();
            let yes = |b: bool| if b { "yes" } else { "no" }.to_owned();
            lines.push(csv::row([
                s.code.clone(),
                route.code.clone(),
                route.service.as_str().to_owned(),
                stop.city_id.clone(),
                stop.minutes.to_string(),
                yes(stop.boards),
                yes(stop.drops),
                shown.departure.clone(),
                shown.days.clone(),
                s.from_date.clone(),
                s.to_date.clone(),
                s.class.clone(),
                layout.clone(),
                if i == 0 { String::new() } else { fare },
            ]));
        }
    }
    tx.rollback().await?;
    csv::write(&lines).map_err(|e| ApiError::Internal(e.to_string()))
}
