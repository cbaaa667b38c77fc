//! Fares (issue 35): taka per seat class and stop pair, per operator and route. The traveller's
//! search and seat view price from these through the timetable in memory, as the demo's.

use core_wasm::contract::staff::{FareList, StaffFare, StaffFares};
use core_wasm::staff::messages as say;

use super::access::Staff;
use super::write;
use crate::AppState;
use crate::error::ApiError;

/// The highest fare a manager may set, in taka (a typo guard: a cabin to Barishal is 10,000).
pub const MAX_FARE: i64 = 100_000;

#[derive(Debug, sqlx::FromRow)]
struct FareRow {
    route_id: String,
    operator_id: String,
    seat_class: String,
    from_stop: i64,
    to_stop: i64,
    fare: i64,
}

fn grouped(rows: Vec<FareRow>) -> Vec<StaffFares> {
    let mut out: Vec<StaffFares> = Vec::new();
    for r in rows {
        let fare = StaffFare { from_stop: r.from_stop, to_stop: r.to_stop, fare: r.fare };
        match out.last_mut() {
            Some(last)
                if last.route_id == r.route_id
                    && last.seat_class == r.seat_class
                    && last.operator_id.as_deref() == Some(r.operator_id.as_str()) =>
            {
                last.fares.push(fare)
            }
            _ => out.push(StaffFares {
                route_id: r.route_id,
                seat_class: r.seat_class,
                operator_id: Some(r.operator_id),
                fares: vec![fare],
            }),
        }
    }
    out
}

/// `GET staff/fares`: the caller's operators' fares.
pub async fn list(state: &AppState, staff: &Staff) -> Result<FareList, ApiError> {
    let rows: Vec<FareRow> = sqlx::query_as(
        "SELECT route_id, operator_id, seat_class, from_stop, to_stop, fare FROM fares \
         ORDER BY operator_id, route_id, seat_class, from_stop, to_stop",
    )
    .fetch_all(&state.pool)
    .await?;
    let rows = rows.into_iter().filter(|r| staff.reach.covers(Some(&r.operator_id))).collect();
    Ok(FareList { fares: grouped(rows) })
}

/// `POST staff/fares`: the fares of one route and seat class, replaced whole.
pub async fn save(state: &AppState, staff: &Staff, given: &StaffFares) -> Result<StaffFares, ApiError> {
    let operator = staff
        .operator_for(given.operator_id.as_deref())?
        .ok_or_else(|| ApiError::bad(say::REQUIRED.with(&[("field", "operatorId")])))?;
    if !core_wasm::staff::layout::class_ok(given.seat_class.trim()) {
        return Err(ApiError::bad(say::INVALID.with(&[("field", "seatClass"), ("detail", given.seat_class.trim())])));
    }
    let mut w = write::begin(state).await?;
    let route = super::routes::usable(&mut w.tx, staff, &given.route_id).await?;
    let route_id = route.id.clone().unwrap_or_default();
    let stops = route.stops.len() as i64;
    for f in &given.fares {
        if !(0 <= f.from_stop && f.from_stop < f.to_stop && f.to_stop < stops) {
            let max = (stops - 1).to_string();
            return Err(ApiError::bad(say::OUT_OF_RANGE.with(&[("field", "toStop"), ("min", "1"), ("max", &max)])));
        }
        if !(1..=MAX_FARE).contains(&f.fare) {
            let range = [("field", "fare"), ("min", "1"), ("max", "100000")];
            return Err(ApiError::bad(say::OUT_OF_RANGE.with(&range)));
        }
        if given.fares.iter().filter(|g| g.from_stop == f.from_stop && g.to_stop == f.to_stop).count() > 1 {
            let detail = format!("stops {} to {} are given twice", f.from_stop, f.to_stop);
            return Err(ApiError::bad(say::INVALID.with(&[("field", "fares"), ("detail", &detail)])));
        }
    }
    let class = given.seat_class.trim().to_owned();
    let before_rows: Vec<FareRow> = sqlx::query_as(
        "SELECT route_id, operator_id, seat_class, from_stop, to_stop, fare FROM fares \
         WHERE route_id = $1 AND operator_id = $2 AND seat_class = $3 ORDER BY from_stop, to_stop",
    )
    .bind(&route_id)
    .bind(&operator)
    .bind(&class)
    .fetch_all(&mut *w.tx)
    .await?;
    let before = grouped(before_rows).pop();
    sqlx::query("DELETE FROM fares WHERE route_id = $1 AND operator_id = $2 AND seat_class = $3")
        .bind(&route_id)
        .bind(&operator)
        .bind(&class)
        .execute(&mut *w.tx)
        .await?;
    let mut fares = given.fares.clone();
    fares.sort_by_key(|f| (f.from_stop, f.to_stop));
    for f in &fares {
        sqlx::query(
            "INSERT INTO fares (route_id, operator_id, seat_class, from_stop, to_stop, fare) VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(&route_id)
        .bind(&operator)
        .bind(&class)
        .bind(f.from_stop)
        .bind(f.to_stop)
        .bind(f.fare)
        .execute(&mut *w.tx)
        .await?;
    }
    w.network_changed().await?;
    let after = StaffFares {
        route_id: route_id.clone(),
        seat_class: class.clone(),
        operator_id: Some(operator.clone()),
        fares,
    };
    let object = format!("fares {route_id} {class}");
    w.finish(state, staff, Some(&operator), &object, before.as_ref(), Some(&after)).await?;
    Ok(after)
}
