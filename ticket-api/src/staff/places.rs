//! Places (issue 35): the cities travellers search by, shared by every operator, with their
//! other spellings; and each operator's boarding and dropping points. A manager adds a city
//! their routes need and may change the cities they added; the site's cities are an admin's.

use core_wasm::contract::staff::{Places, StaffCity, StaffPoint};
use core_wasm::staff::messages as say;

use super::access::{Staff, not_found};
use super::write::{self, check_revision, code, object_id, optional, text};
use crate::AppState;
use crate::error::ApiError;
use crate::store::Exec;

#[derive(Debug, sqlx::FromRow)]
struct CityRow {
    id: String,
    name: String,
    name_bn: Option<String>,
    district: String,
    division: String,
    operator_id: Option<String>,
    revision: i64,
}

#[derive(Debug, sqlx::FromRow)]
struct PointRow {
    id: String,
    city_id: String,
    name: String,
    name_bn: Option<String>,
    address: String,
    operator_id: Option<String>,
    revision: i64,
}

fn city_of(r: CityRow, aliases: Vec<String>) -> StaffCity {
    StaffCity {
        id: r.id,
        name: r.name,
        name_bn: r.name_bn,
        district: r.district,
        division: r.division,
        aliases,
        operator_id: r.operator_id,
        revision: Some(r.revision),
    }
}

fn point_of(r: PointRow) -> StaffPoint {
    let code = r.id.rsplit_once(':').map_or(r.id.as_str(), |(_, c)| c).to_owned();
    StaffPoint {
        id: Some(r.id),
        code,
        city_id: r.city_id,
        name: r.name,
        name_bn: r.name_bn,
        address: r.address,
        operator_id: r.operator_id,
        revision: Some(r.revision),
    }
}

async fn city_row<'c>(e: impl Exec<'c>, id: &str) -> Result<Option<CityRow>, sqlx::Error> {
    sqlx::query_as("SELECT id, name, name_bn, district, division, operator_id, revision FROM cities WHERE id = $1")
        .bind(id)
        .fetch_optional(e)
        .await
}

async fn aliases_of<'c>(e: impl Exec<'c>, id: &str) -> Result<Vec<String>, sqlx::Error> {
    sqlx::query_scalar("SELECT alias FROM city_aliases WHERE city_id = $1 ORDER BY alias").bind(id).fetch_all(e).await
}

/// `GET staff/places`: every city; the points of the site and of the caller's operators.
pub async fn list(state: &AppState, staff: &Staff) -> Result<Places, ApiError> {
    let cities: Vec<CityRow> =
        sqlx::query_as("SELECT id, name, name_bn, district, division, operator_id, revision FROM cities ORDER BY name")
            .fetch_all(&state.pool)
            .await?;
    let aliases: Vec<(String, String)> =
        sqlx::query_as("SELECT city_id, alias FROM city_aliases ORDER BY alias").fetch_all(&state.pool).await?;
    let points: Vec<PointRow> = sqlx::query_as(
        "SELECT id, city_id, name, name_bn, address, operator_id, revision FROM points ORDER BY city_id, name",
    )
    .fetch_all(&state.pool)
    .await?;
    Ok(Places {
        cities: cities
            .into_iter()
            .map(|c| {
                let own = aliases.iter().filter(|(id, _)| *id == c.id).map(|(_, a)| a.clone()).collect();
                city_of(c, own)
            })
            .collect(),
        points: points.into_iter().filter(|p| staff.reads(p.operator_id.as_deref())).map(point_of).collect(),
    })
}

/// `POST staff/places/city`.
pub async fn save_city(state: &AppState, staff: &Staff, city: &StaffCity) -> Result<StaffCity, ApiError> {
    let id = code("id", &city.id)?;
    let name = text("name", &city.name, 60)?;
    let name_bn = optional("nameBn", city.name_bn.as_deref(), 60)?;
    let district = text("district", &city.district, 60)?;
    let division = text("division", &city.division, 60)?;
    let mut aliases = Vec::new();
    for alias in &city.aliases {
        let alias = text("aliases", alias, 60)?;
        if !aliases.contains(&alias) && !alias.eq_ignore_ascii_case(&name) {
            aliases.push(alias);
        }
    }
    let mut w = write::begin(state).await?;
    let stored = city_row(&mut *w.tx, &id).await?;
    let before = match stored {
        Some(row) => {
            if !staff.reach.covers(row.operator_id.as_deref()) {
                // Everyone reads the cities; only their owner changes one.
                return Err(ApiError::Forbidden(say::ROLE_MISSING.with(&[]).into()));
            }
            let aliases = aliases_of(&mut *w.tx, &id).await?;
            Some(city_of(row, aliases))
        }
        None => None,
    };
    let revision = check_revision("city", &id, before.as_ref().and_then(|b| b.revision), city.revision)?;
    let operator = match &before {
        Some(b) => b.operator_id.clone(),
        None => staff.operator_for(None).ok().flatten(),
    };
    let taken: Option<String> = sqlx::query_scalar("SELECT id FROM cities WHERE LOWER(name) = LOWER($1) AND id <> $2")
        .bind(&name)
        .bind(&id)
        .fetch_optional(&mut *w.tx)
        .await?;
    if taken.is_some() {
        return Err(write::conflict(say::EXISTS, &[("what", "city"), ("id", &name)]));
    }
    sqlx::query(
        "INSERT INTO cities (id, name, name_bn, district, division, popularity, operator_id, revision) \
         VALUES ($1, $2, $3, $4, $5, 0, $6, $7) ON CONFLICT (id) DO UPDATE SET name = excluded.name, \
         name_bn = excluded.name_bn, district = excluded.district, division = excluded.division, revision = excluded.revision",
    )
    .bind(&id)
    .bind(&name)
    .bind(&name_bn)
    .bind(&district)
    .bind(&division)
    .bind(&operator)
    .bind(revision)
    .execute(&mut *w.tx)
    .await?;
    sqlx::query("DELETE FROM city_aliases WHERE city_id = $1").bind(&id).execute(&mut *w.tx).await?;
    for alias in &aliases {
        let owner: Option<String> =
            sqlx::query_scalar("SELECT city_id FROM city_aliases WHERE LOWER(alias) = LOWER($1)")
                .bind(alias)
                .fetch_optional(&mut *w.tx)
                .await?;
        if owner.is_some() {
            return Err(write::conflict(say::EXISTS, &[("what", "alias"), ("id", alias)]));
        }
        sqlx::query("INSERT INTO city_aliases (alias, city_id) VALUES ($1, $2)")
            .bind(alias)
            .bind(&id)
            .execute(&mut *w.tx)
            .await?;
    }
    w.network_changed().await?;
    let after = StaffCity {
        id: id.clone(),
        name,
        name_bn,
        district,
        division,
        aliases,
        operator_id: operator.clone(),
        revision: Some(revision),
    };
    w.finish(state, staff, operator.as_deref(), &format!("city {id}"), before.as_ref(), Some(&after)).await?;
    Ok(after)
}

/// `POST staff/places/point`: a point of the caller's operator (an admin's may be the site's).
pub async fn save_point(state: &AppState, staff: &Staff, point: &StaffPoint) -> Result<StaffPoint, ApiError> {
    let operator = staff.operator_for(point.operator_id.as_deref())?;
    let code = code("code", &point.code)?;
    let id = object_id(operator.as_deref(), &code);
    let name = text("name", &point.name, 80)?;
    let name_bn = optional("nameBn", point.name_bn.as_deref(), 80)?;
    let address = text("address", &point.address, 200)?;
    let mut w = write::begin(state).await?;
    if city_row(&mut *w.tx, point.city_id.trim()).await?.is_none() {
        let said = say::UNKNOWN_REF.with(&[("field", "cityId"), ("value", point.city_id.trim())]);
        return Err(ApiError::bad(said));
    }
    let stored: Option<PointRow> =
        sqlx::query_as("SELECT id, city_id, name, name_bn, address, operator_id, revision FROM points WHERE id = $1")
            .bind(&id)
            .fetch_optional(&mut *w.tx)
            .await?;
    let before = stored.map(point_of);
    let revision = check_revision("point", &id, before.as_ref().and_then(|b| b.revision), point.revision)?;
    sqlx::query(
        "INSERT INTO points (id, city_id, name, name_bn, address, operator_id, revision) VALUES ($1, $2, $3, $4, $5, $6, $7) \
         ON CONFLICT (id) DO UPDATE SET city_id = excluded.city_id, name = excluded.name, name_bn = excluded.name_bn, \
         address = excluded.address, revision = excluded.revision",
    )
    .bind(&id)
    .bind(point.city_id.trim())
    .bind(&name)
    .bind(&name_bn)
    .bind(&address)
    .bind(&operator)
    .bind(revision)
    .execute(&mut *w.tx)
    .await?;
    w.network_changed().await?;
    let after = StaffPoint {
        id: Some(id.clone()),
        code,
        city_id: point.city_id.trim().to_owned(),
        name,
        name_bn,
        address,
        operator_id: operator.clone(),
        revision: Some(revision),
    };
    w.finish(state, staff, operator.as_deref(), &format!("point {id}"), before.as_ref(), Some(&after)).await?;
    Ok(after)
}

/// 404 unless the caller may read an object of `operator`.
pub fn visible(staff: &Staff, operator: Option<&str>, what: &str) -> Result<(), ApiError> {
    if staff.reads(operator) { Ok(()) } else { Err(not_found(what)) }
}
