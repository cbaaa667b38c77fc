//! Routes (issue 35): ordered stops with minutes from the first, which stops board and which
//! drop, and the boarding and dropping points at each with their own minutes. A route whose trips
//! have sales keeps its stops (their seat claims are per leg); its names may still change.

use core_wasm::contract::staff::{Routes, StaffRoute, StaffStop, StopPoint};
use core_wasm::service::Service;
use core_wasm::staff::messages as say;
use core_wasm::staff::route;

use super::access::Staff;
use super::places::visible;
use super::write::{self, check_revision, code, object_id, optional, text};
use crate::AppState;
use crate::error::ApiError;
use crate::store::Exec;
use crate::store::pool::TxConn;

#[derive(Debug, sqlx::FromRow)]
struct RouteRow {
    id: String,
    #[sqlx(try_from = "String")]
    service: Service,
    name: String,
    name_bn: Option<String>,
    operator_id: Option<String>,
    revision: i64,
}

#[derive(Debug, sqlx::FromRow)]
struct StopRow {
    route_id: String,
    stop_index: i64,
    city_id: String,
    minutes_from_start: i64,
    boards: i64,
    drops: i64,
}

#[derive(Debug, sqlx::FromRow)]
struct PointRow {
    route_id: String,
    stop_index: i64,
    point_id: String,
    minutes_from_start: i64,
}

pub fn code_of(id: &str) -> String {
    id.rsplit_once(':').map_or(id, |(_, c)| c).to_owned()
}

fn route_of(r: RouteRow, stops: &[StopRow], points: &[PointRow]) -> StaffRoute {
    let stops = stops
        .iter()
        .filter(|s| s.route_id == r.id)
        .map(|s| StaffStop {
            city_id: s.city_id.clone(),
            minutes: s.minutes_from_start,
            boards: s.boards != 0,
            drops: s.drops != 0,
            points: points
                .iter()
                .filter(|p| p.route_id == r.id && p.stop_index == s.stop_index)
                .map(|p| StopPoint { point_id: p.point_id.clone(), minutes: p.minutes_from_start })
                .collect(),
        })
        .collect();
    StaffRoute {
        code: code_of(&r.id),
        id: Some(r.id),
        service: r.service,
        name: r.name,
        name_bn: r.name_bn,
        stops,
        operator_id: r.operator_id,
        revision: Some(r.revision),
    }
}

const ROUTE_COLUMNS: &str = "id, service, name, name_bn, operator_id, revision";

/// One route as stored, with its stops.
pub async fn find(tx: &mut TxConn, id: &str) -> Result<Option<StaffRoute>, sqlx::Error> {
    let sql = format!("SELECT {ROUTE_COLUMNS} FROM routes WHERE id = $1");
    let Some(row): Option<RouteRow> =
        sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(id).fetch_optional(&mut *tx).await?
    else {
        return Ok(None);
    };
    let stops: Vec<StopRow> = sqlx::query_as(
        "SELECT route_id, stop_index, city_id, minutes_from_start, boards, drops FROM route_stops WHERE route_id = $1 \
         ORDER BY stop_index",
    )
    .bind(id)
    .fetch_all(&mut *tx)
    .await?;
    let points: Vec<PointRow> = sqlx::query_as(
        "SELECT route_id, stop_index, point_id, minutes_from_start FROM route_points WHERE route_id = $1 \
         ORDER BY minutes_from_start, point_id",
    )
    .bind(id)
    .fetch_all(&mut *tx)
    .await?;
    Ok(Some(route_of(row, &stops, &points)))
}

/// `GET staff/routes`: the site's routes and the caller's operators'.
pub async fn list(state: &AppState, staff: &Staff) -> Result<Routes, ApiError> {
    let sql = format!("SELECT {ROUTE_COLUMNS} FROM routes ORDER BY id");
    let rows: Vec<RouteRow> = sqlx::query_as(sqlx::AssertSqlSafe(sql)).fetch_all(&state.pool).await?;
    let stops: Vec<StopRow> = sqlx::query_as(
        "SELECT route_id, stop_index, city_id, minutes_from_start, boards, drops FROM route_stops ORDER BY route_id, stop_index",
    )
    .fetch_all(&state.pool)
    .await?;
    let points: Vec<PointRow> = sqlx::query_as(
        "SELECT route_id, stop_index, point_id, minutes_from_start FROM route_points ORDER BY route_id, minutes_from_start, point_id",
    )
    .fetch_all(&state.pool)
    .await?;
    let routes = rows
        .into_iter()
        .filter(|r| staff.reads(r.operator_id.as_deref()))
        .map(|r| route_of(r, &stops, &points))
        .collect();
    Ok(Routes { routes })
}

fn bad(template: say::StaffTemplate, params: &[(&str, &str)]) -> ApiError {
    ApiError::bad(template.with(params))
}

/// Whether any trip of the route has a seat claimed (held or sold).
async fn has_sales<'c>(e: impl Exec<'c>, route_id: &str) -> Result<bool, sqlx::Error> {
    let found: Option<i64> = sqlx::query_scalar(
        "SELECT 1 FROM seat_claims c JOIN trips t ON t.id = c.trip_id WHERE t.route_id = $1 AND c.state <> 'blocked' LIMIT 1",
    )
    .bind(route_id)
    .fetch_optional(e)
    .await?;
    Ok(found.is_some())
}

/// `POST staff/routes`.
pub async fn save(state: &AppState, staff: &Staff, route: &StaffRoute) -> Result<StaffRoute, ApiError> {
    let operator = staff.operator_for(route.operator_id.as_deref())?;
    let code = code("code", &route.code)?;
    let id = object_id(operator.as_deref(), &code);
    let mut w = write::begin(state).await?;
    let before = find(&mut w.tx, &id).await?;
    let revision = check_revision("route", &id, before.as_ref().and_then(|b| b.revision), route.revision)?;
    store(&mut w.tx, staff, &id, operator.as_deref(), route, before.as_ref(), revision).await?;
    w.network_changed().await?;
    let after = find(&mut w.tx, &id).await?;
    w.finish(state, staff, operator.as_deref(), &format!("route {id}"), before.as_ref(), after.as_ref()).await?;
    after.ok_or_else(|| ApiError::Internal("a route just saved was not found".into()))
}

/// Writes a route as `id` at `revision` over `before` (what is stored, if anything): its
/// stops checked, its cities and points found (points the caller may use), its stops kept
/// when its trips have sales.
pub async fn store(
    tx: &mut TxConn,
    staff: &Staff,
    id: &str,
    operator: Option<&str>,
    route: &StaffRoute,
    before: Option<&StaffRoute>,
    revision: i64,
) -> Result<(), ApiError> {
    let name = text("name", &route.name, 80)?;
    let name_bn = optional("nameBn", route.name_bn.as_deref(), 80)?;
    route::check_stops(&route.stops).map_err(ApiError::bad)?;
    for stop in &route.stops {
        let city: Option<String> = sqlx::query_scalar("SELECT id FROM cities WHERE id = $1")
            .bind(stop.city_id.trim())
            .fetch_optional(&mut *tx)
            .await?;
        if city.is_none() {
            return Err(bad(say::UNKNOWN_REF, &[("field", "cityId"), ("value", stop.city_id.trim())]));
        }
        for p in &stop.points {
            let found: Option<(String, Option<String>)> =
                sqlx::query_as("SELECT city_id, operator_id FROM points WHERE id = $1")
                    .bind(p.point_id.trim())
                    .fetch_optional(&mut *tx)
                    .await?;
            match found {
                Some((city, owner)) if staff.reads(owner.as_deref()) => {
                    if city != stop.city_id.trim() {
                        return Err(bad(
                            say::POINT_NOT_AT_STOP,
                            &[("point", p.point_id.trim()), ("city", stop.city_id.trim())],
                        ));
                    }
                }
                _ => return Err(bad(say::UNKNOWN_REF, &[("field", "pointId"), ("value", p.point_id.trim())])),
            }
        }
    }
    if let Some(old) = before {
        if old.service != route.service {
            let detail = "a route's service does not change";
            return Err(bad(say::INVALID, &[("field", "service"), ("detail", detail)]));
        }
        let same_stops = old.stops.len() == route.stops.len()
            && old.stops.iter().zip(&route.stops).all(|(a, b)| a.city_id == b.city_id.trim() && a.minutes == b.minutes);
        if !same_stops && has_sales(&mut *tx, id).await? {
            return Err(write::conflict(say::ROUTE_SOLD, &[]));
        }
    }
    sqlx::query(
        "INSERT INTO routes (id, service, name, name_bn, operator_id, revision) VALUES ($1, $2, $3, $4, $5, $6) \
         ON CONFLICT (id) DO UPDATE SET name = excluded.name, name_bn = excluded.name_bn, revision = excluded.revision",
    )
    .bind(id)
    .bind(route.service.as_str())
    .bind(&name)
    .bind(&name_bn)
    .bind(operator)
    .bind(revision)
    .execute(&mut *tx)
    .await?;
    sqlx::query("DELETE FROM route_points WHERE route_id = $1").bind(id).execute(&mut *tx).await?;
    sqlx::query("DELETE FROM route_stops WHERE route_id = $1").bind(id).execute(&mut *tx).await?;
    for (i, stop) in route.stops.iter().enumerate() {
        sqlx::query(
            "INSERT INTO route_stops (route_id, stop_index, city_id, minutes_from_start, boards, drops) \
             VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(id)
        .bind(i as i64)
        .bind(stop.city_id.trim())
        .bind(stop.minutes)
        .bind(i64::from(stop.boards))
        .bind(i64::from(stop.drops))
        .execute(&mut *tx)
        .await?;
        for p in &stop.points {
            sqlx::query(
                "INSERT INTO route_points (route_id, stop_index, point_id, minutes_from_start) VALUES ($1, $2, $3, $4) \
                 ON CONFLICT (route_id, point_id) DO NOTHING",
            )
            .bind(id)
            .bind(i as i64)
            .bind(p.point_id.trim())
            .bind(p.minutes)
            .execute(&mut *tx)
            .await?;
        }
    }
    Ok(())
}

/// A route the caller may schedule: 404 for another operator's or none.
pub async fn usable(tx: &mut TxConn, staff: &Staff, id: &str) -> Result<StaffRoute, ApiError> {
    let route = find(tx, id.trim()).await?.ok_or_else(|| super::access::not_found("Route"))?;
    visible(staff, route.operator_id.as_deref(), "Route")?;
    Ok(route)
}
