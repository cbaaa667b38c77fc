//! Seat layouts (issue 35), drawn by managers and checked by the core's one rule
//! (`core_wasm::staff::layout::validate`). A layout keeps its id as it changes: a save of a
//! layout that some trip has sales on first freezes the old version under `id~rN` and pins those
//! trips to it, so a sold trip's seat map never changes in place; the new version serves every
//! trip without sales (and, with `includeSoldTrips`, the sold ones too, unless a seat sold on one
//! of them would go: then the save is refused, naming the tickets).

use core_wasm::contract::staff::{Layouts, StaffLayout};
use core_wasm::staff::layout::{self, LayoutSpec};
use core_wasm::staff::messages as say;

use super::access::{Staff, not_found};
use super::places::visible;
use super::write::{self, check_revision, code, object_id};
use core_wasm::service::Service;

use crate::AppState;
use crate::error::ApiError;
use crate::store::Exec;
use crate::store::pool::TxConn;

#[derive(Debug, sqlx::FromRow)]
pub struct LayoutRow {
    pub id: String,
    name: String,
    pub operator_id: Option<String>,
    revision: i64,
    spec: Option<String>,
    /// The service of an operator whose vehicles use it (for a layout without a drawing).
    used_by: Option<String>,
}

impl LayoutRow {
    fn drawing(&self) -> Option<LayoutSpec> {
        self.spec.as_deref().and_then(|s| serde_json::from_str::<LayoutSpec>(s).ok())
    }

    /// Its drawing's service; for a layout written before the back office (the demo's), that of
    /// the vehicles that use it.
    pub fn service(&self) -> Service {
        self.drawing()
            .map(|d| d.service)
            .or_else(|| self.used_by.as_deref().and_then(Service::parse))
            .unwrap_or(Service::Bus)
    }
}

/// A layout's columns, with the service that uses it.
const SELECT: &str = "SELECT l.id, l.name, l.operator_id, l.revision, l.spec, (SELECT o.service FROM vehicles v \
     JOIN operators o ON o.id = v.operator_id WHERE v.layout_id = l.id LIMIT 1) AS used_by FROM layouts l";

fn layout_of(r: LayoutRow) -> StaffLayout {
    // Layouts written before the back office (the demo's) have no drawing: their name, and the
    // service of the vehicles that use them.
    let spec =
        r.drawing().unwrap_or_else(|| LayoutSpec { name: r.name.clone(), service: r.service(), decks: Vec::new() });
    StaffLayout {
        code: super::routes::code_of(&r.id),
        id: Some(r.id),
        spec,
        operator_id: r.operator_id,
        revision: Some(r.revision),
        include_sold_trips: false,
    }
}

/// Every layout in use, the site's and every operator's, by id. Versions frozen for sold trips
/// (`id~rN`, `replaced_by` set) are history and not among them.
pub async fn current<'c>(e: impl Exec<'c>) -> Result<Vec<LayoutRow>, sqlx::Error> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!("{SELECT} WHERE l.replaced_by IS NULL ORDER BY l.id")))
        .fetch_all(e)
        .await
}

/// `GET staff/layouts`: the site's layouts and the caller's operators'. Layouts written before
/// the back office (the demo's) have no drawing: the list gives their name only.
pub async fn list(state: &AppState, staff: &Staff) -> Result<Layouts, ApiError> {
    let rows = current(&state.pool).await?;
    let layouts = rows.into_iter().filter(|r| staff.reads(r.operator_id.as_deref())).map(layout_of).collect();
    Ok(Layouts { layouts })
}

async fn row(tx: &mut TxConn, id: &str) -> Result<Option<LayoutRow>, sqlx::Error> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!("{SELECT} WHERE l.id = $1"))).bind(id).fetch_optional(&mut *tx).await
}

/// `GET staff/layouts/{id}`.
pub async fn one(state: &AppState, staff: &Staff, id: &str) -> Result<StaffLayout, ApiError> {
    let found: Option<LayoutRow> = sqlx::query_as(sqlx::AssertSqlSafe(format!("{SELECT} WHERE l.id = $1")))
        .bind(id.trim())
        .fetch_optional(&state.pool)
        .await?;
    let found = found.ok_or_else(|| not_found("Layout"))?;
    visible(staff, found.operator_id.as_deref(), "Layout")?;
    Ok(layout_of(found))
}

/// A layout the caller may put on a schedule or a vehicle: its service, or 404.
pub async fn usable(tx: &mut TxConn, staff: &Staff, id: &str) -> Result<Service, ApiError> {
    let found = row(tx, id.trim()).await?.ok_or_else(|| not_found("Layout"))?;
    visible(staff, found.operator_id.as_deref(), "Layout")?;
    Ok(layout_of(found).spec.service)
}

async fn write_seats(tx: &mut TxConn, id: &str, spec: &LayoutSpec) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM layout_seats WHERE layout_id = $1").bind(id).execute(&mut *tx).await?;
    for seat in layout::seats(spec) {
        sqlx::query(
            "INSERT INTO layout_seats (layout_id, seat_no, deck, deck_name, seat_class, class_name, row_no, col_no, \
             is_ladies, deck_name_bn, class_name_bn) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)",
        )
        .bind(id)
        .bind(&seat.seat_no)
        .bind(&seat.deck)
        .bind(&seat.deck_name)
        .bind(&seat.seat_class)
        .bind(&seat.class_name)
        .bind(i64::from(seat.row))
        .bind(i64::from(seat.col))
        .bind(i64::from(seat.ladies))
        .bind(&seat.deck_name_bn)
        .bind(&seat.class_name_bn)
        .execute(&mut *tx)
        .await?;
    }
    Ok(())
}

/// The trips selling layout `id` (their own, or their vehicle's) that have a seat claimed.
const SOLD_TRIPS: &str = "SELECT t.id FROM trips t JOIN vehicles v ON v.id = t.vehicle_id \
     WHERE COALESCE(t.layout_id, v.layout_id) = $1 AND EXISTS (SELECT 1 FROM seat_claims c WHERE c.trip_id = t.id AND c.state <> 'blocked')";

/// Seats claimed on the sold trips of layout `id` that `spec` lacks, with their tickets.
async fn lost_sales(tx: &mut TxConn, id: &str, spec: &LayoutSpec) -> Result<Vec<(String, String)>, sqlx::Error> {
    let keep: Vec<String> = layout::seats(spec).into_iter().map(|s| s.seat_no).collect();
    let sql = format!(
        "SELECT DISTINCT c.seat_no, COALESCE(tk.pnr, c.claim_id) AS ticket FROM seat_claims c \
         LEFT JOIN bookings b ON b.id = c.claim_id LEFT JOIN tickets tk ON tk.booking_id = b.id \
         WHERE c.state <> 'blocked' AND c.trip_id IN ({SOLD_TRIPS}) ORDER BY c.seat_no, ticket"
    );
    let claimed: Vec<(String, String)> = sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(id).fetch_all(&mut *tx).await?;
    Ok(claimed.into_iter().filter(|(seat, _)| !keep.contains(seat)).collect())
}

/// `POST staff/layouts`.
pub async fn save(state: &AppState, staff: &Staff, given: &StaffLayout) -> Result<StaffLayout, ApiError> {
    let operator = staff.operator_for(given.operator_id.as_deref())?;
    let code = code("code", &given.code)?;
    let id = object_id(operator.as_deref(), &code);
    let problems = layout::validate(&given.spec);
    if !problems.is_empty() {
        let messages: Vec<core_wasm::server_messages::Said> = problems
            .into_iter()
            .map(|p| {
                let mut said: core_wasm::server_messages::Said = p.message.into();
                said.text = format!("{}: {}", p.field, said.text);
                said
            })
            .collect();
        return Err(ApiError::BadRequest(messages));
    }
    let spec_json = serde_json::to_string(&given.spec).map_err(|e| ApiError::Internal(e.to_string()))?;
    let mut w = write::begin(state).await?;
    let before = row(&mut w.tx, &id).await?.map(layout_of);
    let revision = check_revision("layout", &id, before.as_ref().and_then(|b| b.revision), given.revision)?;
    if let Some(old) = &before {
        if old.spec.service != given.spec.service {
            let detail = "a layout's service does not change";
            return Err(ApiError::bad(say::INVALID.with(&[("field", "service"), ("detail", detail)])));
        }
        if given.include_sold_trips {
            let lost = lost_sales(&mut w.tx, &id, &given.spec).await?;
            if !lost.is_empty() {
                let mut seats: Vec<&str> = lost.iter().map(|(s, _)| s.as_str()).collect();
                seats.dedup();
                let mut tickets: Vec<&str> = lost.iter().map(|(_, t)| t.as_str()).collect();
                tickets.sort_unstable();
                tickets.dedup();
                let named = [("seat", seats.join(", ")), ("tickets", tickets.join(", "))];
                return Err(write::conflict(say::SOLD_SEAT_REMOVED, &named.each_ref().map(|(n, v)| (*n, v.as_str()))));
            }
        } else {
            freeze(&mut w.tx, &id, revision - 1).await?;
        }
    }
    sqlx::query(
        "INSERT INTO layouts (id, name, operator_id, revision, spec) VALUES ($1, $2, $3, $4, $5) \
         ON CONFLICT (id) DO UPDATE SET name = excluded.name, revision = excluded.revision, spec = excluded.spec",
    )
    .bind(&id)
    .bind(given.spec.name.trim())
    .bind(&operator)
    .bind(revision)
    .bind(&spec_json)
    .execute(&mut *w.tx)
    .await?;
    write_seats(&mut w.tx, &id, &given.spec).await?;
    w.network_changed().await?;
    let after = StaffLayout {
        id: Some(id.clone()),
        code,
        spec: given.spec.clone(),
        operator_id: operator.clone(),
        revision: Some(revision),
        include_sold_trips: false,
    };
    w.finish(state, staff, operator.as_deref(), &format!("layout {id}"), before.as_ref(), Some(&after)).await?;
    Ok(after)
}

/// Copies layout `id` as it stands to `id~r{revision}` and pins its sold trips to the copy.
async fn freeze(tx: &mut TxConn, id: &str, revision: i64) -> Result<(), sqlx::Error> {
    let sold: Vec<String> = sqlx::query_scalar(SOLD_TRIPS).bind(id).fetch_all(&mut *tx).await?;
    if sold.is_empty() {
        return Ok(());
    }
    let frozen = format!("{id}~r{revision}");
    sqlx::query(
        "INSERT INTO layouts (id, name, operator_id, revision, spec, replaced_by) \
         SELECT $1, name, operator_id, revision, spec, $2 FROM layouts WHERE id = $2 ON CONFLICT (id) DO NOTHING",
    )
    .bind(&frozen)
    .bind(id)
    .execute(&mut *tx)
    .await?;
    sqlx::query(
        "INSERT INTO layout_seats (layout_id, seat_no, deck, deck_name, seat_class, class_name, row_no, col_no, is_ladies, \
         deck_name_bn, class_name_bn) SELECT $1, seat_no, deck, deck_name, seat_class, class_name, row_no, col_no, is_ladies, \
         deck_name_bn, class_name_bn FROM layout_seats WHERE layout_id = $2 ON CONFLICT (layout_id, seat_no) DO NOTHING",
    )
    .bind(&frozen)
    .bind(id)
    .execute(&mut *tx)
    .await?;
    for trip in &sold {
        sqlx::query("UPDATE trips SET layout_id = $1 WHERE id = $2").bind(&frozen).bind(trip).execute(&mut *tx).await?;
    }
    Ok(())
}
