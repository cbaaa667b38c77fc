//! Fares (issue 35): taka per seat class and stop pair, per operator and route, and fares for
//! periods of travel dates (Eid fares) that replace them on those dates. The traveller's search
//! and seat view price from these through the timetable in memory and the core's
//! `pricing::fare_on`, as the demo's.

use core_wasm::contract::staff::{FareList, FarePeriod, StaffFare, StaffFares};
use core_wasm::pricing::periods_overlap;
use core_wasm::staff::messages as say;
use core_wasm::time::Date;

use super::access::Staff;
use super::write;
use crate::AppState;
use crate::error::ApiError;
use crate::store::pool::TxConn;

/// The highest fare a manager may set, in taka (a typo guard: a cabin to Barishal is 10,000).
pub const MAX_FARE: i64 = 100_000;

#[derive(Debug, sqlx::FromRow)]
struct FareRow {
    route_id: String,
    operator_id: String,
    seat_class: String,
    /// Both none for a base fare.
    first_date: Option<String>,
    last_date: Option<String>,
    from_stop: i64,
    to_stop: i64,
    fare: i64,
}

/// Base fares and periods' fares, one list: a period's rows carry its dates.
const ALL: &str = "SELECT route_id, operator_id, seat_class, NULL AS first_date, NULL AS last_date, from_stop, to_stop, \
     fare FROM fares UNION ALL SELECT route_id, operator_id, seat_class, first_date, last_date, from_stop, to_stop, fare \
     FROM fare_periods";

fn grouped(rows: Vec<FareRow>) -> Vec<StaffFares> {
    let mut out: Vec<StaffFares> = Vec::new();
    for r in rows {
        let fare = StaffFare { from_stop: r.from_stop, to_stop: r.to_stop, fare: r.fare };
        let period = match (r.first_date, r.last_date) {
            (Some(from_date), Some(to_date)) => Some(FarePeriod { from_date, to_date }),
            _ => None,
        };
        match out.last_mut() {
            Some(last)
                if last.route_id == r.route_id
                    && last.seat_class == r.seat_class
                    && last.operator_id.as_deref() == Some(r.operator_id.as_str())
                    && last.period == period =>
            {
                last.fares.push(fare)
            }
            _ => out.push(StaffFares {
                route_id: r.route_id,
                seat_class: r.seat_class,
                operator_id: Some(r.operator_id),
                period,
                fares: vec![fare],
            }),
        }
    }
    out
}

/// A period's dates, checked: first and last, in order.
fn dates(period: &FarePeriod) -> Result<(Date, Date), ApiError> {
    let date = |field: &str, value: &str| {
        Date::parse(value.trim()).map_err(|_| ApiError::bad(say::DATE.with(&[("field", field), ("value", value)])))
    };
    let (first, last) = (date("period.fromDate", &period.from_date)?, date("period.toDate", &period.to_date)?);
    if last < first {
        return Err(ApiError::bad(say::DATES_ORDER.with(&[])));
    }
    Ok((first, last))
}

/// The stored rows of one route, operator, class and period (none: the base fares).
async fn stored(
    tx: &mut TxConn,
    route_id: &str,
    operator: &str,
    class: &str,
    period: Option<(Date, Date)>,
) -> Result<Vec<FareRow>, sqlx::Error> {
    let (first, last) = period.map_or((String::new(), String::new()), |(f, l)| (f.to_string(), l.to_string()));
    let sql = format!(
        "SELECT * FROM ({ALL}) f WHERE route_id = $1 AND operator_id = $2 AND seat_class = $3 AND \
         COALESCE(first_date, '') = $4 AND COALESCE(last_date, '') = $5 ORDER BY from_stop, to_stop"
    );
    sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(route_id)
        .bind(operator)
        .bind(class)
        .bind(first)
        .bind(last)
        .fetch_all(&mut *tx)
        .await
}

/// `GET staff/fares`: the caller's operators' fares.
pub async fn list(state: &AppState, staff: &Staff) -> Result<FareList, ApiError> {
    let sql = format!(
        "SELECT * FROM ({ALL}) f ORDER BY operator_id, route_id, seat_class, COALESCE(first_date, ''), \
         COALESCE(last_date, ''), from_stop, to_stop"
    );
    let rows: Vec<FareRow> = sqlx::query_as(sqlx::AssertSqlSafe(sql)).fetch_all(&state.pool).await?;
    let rows = rows.into_iter().filter(|r| staff.reach.covers(Some(&r.operator_id))).collect();
    Ok(FareList { fares: grouped(rows) })
}

/// `POST staff/fares`: the fares of one route and seat class (or of one period of them),
/// replaced whole.
pub async fn save(state: &AppState, staff: &Staff, given: &StaffFares) -> Result<StaffFares, ApiError> {
    let operator = staff
        .operator_for(given.operator_id.as_deref())?
        .ok_or_else(|| ApiError::bad(say::REQUIRED.with(&[("field", "operatorId")])))?;
    if !core_wasm::staff::layout::class_ok(given.seat_class.trim()) {
        return Err(ApiError::bad(say::INVALID.with(&[("field", "seatClass"), ("detail", given.seat_class.trim())])));
    }
    let period = given.period.as_ref().map(dates).transpose()?;
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
    if let Some(mine) = period {
        // Another period of this leg's class sharing a day: a date would have two fares.
        let others: Vec<(String, String)> = sqlx::query_as(
            "SELECT DISTINCT first_date, last_date FROM fare_periods WHERE route_id = $1 AND operator_id = $2 \
             AND seat_class = $3",
        )
        .bind(&route_id)
        .bind(&operator)
        .bind(&class)
        .fetch_all(&mut *w.tx)
        .await?;
        for (from, to) in others {
            let theirs = (Date::parse(&from), Date::parse(&to));
            if let (Ok(f), Ok(l)) = theirs
                && (f, l) != mine
                && periods_overlap(mine, (f, l))
            {
                return Err(write::conflict(say::FARE_PERIOD_OVERLAP, &[("from", &from), ("to", &to)]));
            }
        }
    }
    let before = grouped(stored(&mut w.tx, &route_id, &operator, &class, period).await?).pop();
    match period {
        None => {
            sqlx::query("DELETE FROM fares WHERE route_id = $1 AND operator_id = $2 AND seat_class = $3")
                .bind(&route_id)
                .bind(&operator)
                .bind(&class)
                .execute(&mut *w.tx)
                .await?
        }
        Some((first, last)) => {
            sqlx::query(
                "DELETE FROM fare_periods WHERE route_id = $1 AND operator_id = $2 AND seat_class = $3 \
             AND first_date = $4 AND last_date = $5",
            )
            .bind(&route_id)
            .bind(&operator)
            .bind(&class)
            .bind(first.to_string())
            .bind(last.to_string())
            .execute(&mut *w.tx)
            .await?
        }
    };
    let mut fares = given.fares.clone();
    fares.sort_by_key(|f| (f.from_stop, f.to_stop));
    for f in &fares {
        let sql = match period {
            None => {
                "INSERT INTO fares (route_id, operator_id, seat_class, from_stop, to_stop, fare) \
                 VALUES ($1, $2, $3, $4, $5, $6)"
            }
            Some(_) => {
                "INSERT INTO fare_periods (route_id, operator_id, seat_class, from_stop, to_stop, fare, first_date, \
                 last_date) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)"
            }
        };
        let mut insert = sqlx::query(sql)
            .bind(&route_id)
            .bind(&operator)
            .bind(&class)
            .bind(f.from_stop)
            .bind(f.to_stop)
            .bind(f.fare);
        if let Some((first, last)) = period {
            insert = insert.bind(first.to_string()).bind(last.to_string());
        }
        insert.execute(&mut *w.tx).await?;
    }
    w.network_changed().await?;
    let period = period.map(|(first, last)| FarePeriod { from_date: first.to_string(), to_date: last.to_string() });
    let object = match &period {
        None => format!("fares {route_id} {class}"),
        Some(p) => format!("fares {route_id} {class} {} to {}", p.from_date, p.to_date),
    };
    let after = StaffFares {
        route_id: route_id.clone(),
        seat_class: class.clone(),
        operator_id: Some(operator.clone()),
        period,
        fares,
    };
    w.finish(state, staff, Some(&operator), &object, before.as_ref(), Some(&after)).await?;
    Ok(after)
}
