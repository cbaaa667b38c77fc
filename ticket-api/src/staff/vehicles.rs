//! Coaches and vessels (issue 35): registration or ship's name, class, AC or not, layout and
//! amenities. A schedule's trips name a vehicle of their class; the counter and boarding issues
//! assign a registered coach to a trip.

use core_wasm::contract::staff::{StaffVehicle, Vehicles};

use super::access::Staff;
use super::write::{self, check_revision, code, object_id, optional, text};
use crate::AppState;
use crate::error::ApiError;

#[derive(Debug, sqlx::FromRow)]
struct VehicleRow {
    id: String,
    operator_id: String,
    name: String,
    name_bn: Option<String>,
    coach_type: Option<String>,
    bus_class: String,
    layout_id: String,
    amenities: String,
    revision: i64,
}

fn vehicle_of(r: VehicleRow) -> StaffVehicle {
    StaffVehicle {
        code: super::routes::code_of(&r.id),
        id: Some(r.id),
        name: r.name,
        name_bn: r.name_bn,
        class: r.bus_class,
        ac: r.coach_type.as_deref() == Some("ac"),
        layout_id: r.layout_id,
        amenities: r.amenities.split(',').filter(|a| !a.is_empty()).map(str::to_owned).collect(),
        operator_id: Some(r.operator_id),
        revision: Some(r.revision),
    }
}

const COLUMNS: &str = "id, operator_id, name, name_bn, coach_type, bus_class, layout_id, amenities, revision";

/// `GET staff/vehicles`: the caller's operators' coaches and vessels (not the rows schedules
/// make for their classes).
pub async fn list(state: &AppState, staff: &Staff) -> Result<Vehicles, ApiError> {
    let sql = format!("SELECT {COLUMNS} FROM vehicles WHERE id NOT LIKE '%:class:%' ORDER BY operator_id, id");
    let rows: Vec<VehicleRow> = sqlx::query_as(sqlx::AssertSqlSafe(sql)).fetch_all(&state.pool).await?;
    let vehicles = rows.into_iter().filter(|r| staff.reach.covers(Some(&r.operator_id))).map(vehicle_of).collect();
    Ok(Vehicles { vehicles })
}

/// `POST staff/vehicles`.
pub async fn save(state: &AppState, staff: &Staff, given: &StaffVehicle) -> Result<StaffVehicle, ApiError> {
    let operator = staff
        .operator_for(given.operator_id.as_deref())?
        .ok_or_else(|| ApiError::bad(core_wasm::staff::messages::REQUIRED.with(&[("field", "operatorId")])))?;
    let code = code("code", &given.code)?;
    let id = object_id(Some(&operator), &code);
    let name = text("name", &given.name, 60)?;
    let name_bn = optional("nameBn", given.name_bn.as_deref(), 60)?;
    let class = text("class", &given.class, 40)?;
    let mut amenities = Vec::new();
    for a in &given.amenities {
        let a = text("amenities", &a.replace(',', " "), 30)?;
        if !amenities.contains(&a) {
            amenities.push(a);
        }
    }
    let mut w = write::begin(state).await?;
    let service = super::layouts::usable(&mut w.tx, staff, &given.layout_id).await?;
    let sql = format!("SELECT {COLUMNS} FROM vehicles WHERE id = $1");
    let before: Option<VehicleRow> =
        sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(&id).fetch_optional(&mut *w.tx).await?;
    let before = before.map(vehicle_of);
    let revision = check_revision("vehicle", &id, before.as_ref().and_then(|b| b.revision), given.revision)?;
    let coach_type = match service {
        core_wasm::service::Service::Bus => Some(if given.ac { "ac" } else { "non-ac" }),
        core_wasm::service::Service::Launch => None,
    };
    sqlx::query(
        "INSERT INTO vehicles (id, operator_id, name, name_bn, coach_type, bus_class, layout_id, amenities, revision) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (id) DO UPDATE SET name = excluded.name, \
         name_bn = excluded.name_bn, coach_type = excluded.coach_type, bus_class = excluded.bus_class, \
         layout_id = excluded.layout_id, amenities = excluded.amenities, revision = excluded.revision",
    )
    .bind(&id)
    .bind(&operator)
    .bind(&name)
    .bind(&name_bn)
    .bind(coach_type)
    .bind(&class)
    .bind(given.layout_id.trim())
    .bind(amenities.join(","))
    .bind(revision)
    .execute(&mut *w.tx)
    .await?;
    w.network_changed().await?;
    let after = StaffVehicle {
        id: Some(id.clone()),
        code,
        name,
        name_bn,
        class,
        ac: given.ac && coach_type.is_some(),
        layout_id: given.layout_id.trim().to_owned(),
        amenities,
        operator_id: Some(operator.clone()),
        revision: Some(revision),
    };
    w.finish(state, staff, Some(&operator), &format!("vehicle {id}"), before.as_ref(), Some(&after)).await?;
    Ok(after)
}
