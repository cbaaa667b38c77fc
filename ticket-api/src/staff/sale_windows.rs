//! The waiting room's sale windows (issues 16 and 35), an admin's to write: when an Eid advance
//! sale opens for which trips, and how fast visitors are let in. Stored as the `SALE_WINDOWS`
//! file writes a window and checked by the same rules (`waiting_room::windows::check`); the
//! room of the saving process takes a save at once, every other process within
//! `waiting_room::room::WINDOWS_REFRESH`. The file stays an import: at start, the windows it
//! names that the store lacks are written.

use core_wasm::contract::staff::{SaleWindowList, StaffSaleWindow};
use core_wasm::staff::messages as say;

use super::access::Staff;
use super::write::{self, check_revision};
use crate::AppState;
use crate::error::ApiError;
use crate::store::pool::Pool;
use crate::waiting_room::windows;

#[derive(Debug, sqlx::FromRow)]
struct WindowRow {
    spec: String,
    active: i64,
    revision: i64,
}

fn window_of(r: WindowRow) -> Option<StaffSaleWindow> {
    let spec: StaffSaleWindow = serde_json::from_str(&r.spec).ok()?;
    Some(StaffSaleWindow { active: r.active != 0, revision: Some(r.revision), ..spec })
}

/// The window as stored: what the file would say (no revision; `active` in its own column).
fn stored_text(window: &StaffSaleWindow) -> Result<String, ApiError> {
    let plain = StaffSaleWindow { revision: None, active: true, id: window.id.trim().to_owned(), ..window.clone() };
    serde_json::to_string(&plain).map_err(|e| ApiError::Internal(format!("a sale window did not serialise: {e}")))
}

/// `GET staff/sale-windows`.
pub async fn list(state: &AppState, _staff: &Staff) -> Result<SaleWindowList, ApiError> {
    let rows: Vec<WindowRow> =
        sqlx::query_as("SELECT spec, active, revision FROM sale_windows ORDER BY id").fetch_all(&state.pool).await?;
    Ok(SaleWindowList { windows: rows.into_iter().filter_map(window_of).collect() })
}

/// `POST staff/sale-windows`.
pub async fn save(state: &AppState, staff: &Staff, given: &StaffSaleWindow) -> Result<StaffSaleWindow, ApiError> {
    if let Err(problem) = windows::check(given) {
        return Err(ApiError::bad(say::INVALID.with(&[("field", "window"), ("detail", &problem)])));
    }
    let id = given.id.trim().to_owned();
    let text = stored_text(given)?;
    let mut w = write::begin(state).await?;
    let before: Option<WindowRow> = sqlx::query_as("SELECT spec, active, revision FROM sale_windows WHERE id = $1")
        .bind(&id)
        .fetch_optional(&mut *w.tx)
        .await?;
    let before = before.and_then(window_of);
    let revision = check_revision("sale window", &id, before.as_ref().and_then(|b| b.revision), given.revision)?;
    sqlx::query(
        "INSERT INTO sale_windows (id, spec, active, revision, updated_at) VALUES ($1, $2, $3, $4, $5) \
         ON CONFLICT (id) DO UPDATE SET spec = excluded.spec, active = excluded.active, revision = excluded.revision, \
         updated_at = excluded.updated_at",
    )
    .bind(&id)
    .bind(&text)
    .bind(i64::from(given.active))
    .bind(revision)
    .bind(crate::clock::now_unix_ms())
    .execute(&mut *w.tx)
    .await?;
    let after = StaffSaleWindow { id: id.clone(), revision: Some(revision), ..given.clone() };
    w.finish(state, staff, None, &format!("sale window {id}"), before.as_ref(), Some(&after)).await?;
    // This process's room at once; the others follow the store.
    if let Err(e) = state.waiting_room.reload(true).await {
        tracing::warn!(error = %e, "sale windows saved; this process's room will take them at its next refresh");
    }
    Ok(after)
}

/// Writes the windows of a `SALE_WINDOWS` file the store lacks; how many.
pub async fn import(pool: &Pool, specs: &[StaffSaleWindow]) -> Result<u64, sqlx::Error> {
    let mut written = 0;
    for spec in specs {
        let Ok(text) = stored_text(spec) else { continue };
        let done = sqlx::query(
            "INSERT INTO sale_windows (id, spec, active, revision, updated_at) VALUES ($1, $2, 1, 1, $3) \
             ON CONFLICT (id) DO NOTHING",
        )
        .bind(spec.id.trim())
        .bind(&text)
        .bind(crate::clock::now_unix_ms())
        .execute(pool)
        .await?;
        written += done.rows_affected();
    }
    Ok(written)
}
