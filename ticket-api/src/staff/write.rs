//! How every staff write runs: one transaction that first takes the audit log's head, makes its
//! change, appends its entry, and (for the network) announces a new timetable version; after the
//! commit this process loads the timetable at once, so a traveller's next search sees it.

use core_wasm::staff::messages::{self as say, StaffTemplate};
use serde::Serialize;

use super::access::Staff;
use super::audit::{self, Head};
use crate::AppState;
use crate::error::ApiError;
use crate::store::pool::Tx;

/// A write in progress.
#[derive(Debug)]
pub struct Write {
    pub tx: Tx,
    head: Option<Head>,
    network: bool,
}

/// Starts a write.
pub async fn begin(state: &AppState) -> Result<Write, ApiError> {
    let mut tx = state.pool.begin().await?;
    let head = audit::take_head(&mut tx).await?;
    Ok(Write { tx, head: Some(head), network: false })
}

/// Starts a write of the system's own (the trip job): no staff member, no audit entry.
pub async fn begin_unaudited(state: &AppState) -> Result<Write, ApiError> {
    Ok(Write { tx: state.pool.begin().await?, head: None, network: false })
}

fn json<T: Serialize>(value: Option<&T>) -> Option<String> {
    value.and_then(|v| serde_json::to_string(v).ok())
}

impl Write {
    /// The timetable changed: a new version, read by every process (this one at once).
    pub async fn network_changed(&mut self) -> Result<(), ApiError> {
        if !self.network {
            let version = crate::ids::new_id("network")?;
            sqlx::query(
                "INSERT INTO settings (key, value) VALUES ('network_version', $1) \
                 ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            )
            .bind(version)
            .execute(&mut *self.tx)
            .await?;
            self.network = true;
        }
        Ok(())
    }

    /// Appends the audit entry and commits.
    pub async fn finish<T: Serialize>(
        mut self,
        state: &AppState,
        staff: &Staff,
        operator: Option<&str>,
        object: &str,
        before: Option<&T>,
        after: Option<&T>,
    ) -> Result<(), ApiError> {
        let record = audit::Record {
            at: crate::clock::now_unix_ms(),
            user_id: &staff.login.user_id,
            role: staff.role.as_str(),
            operator_id: operator,
            call: staff.call.purpose,
            object,
            before: json(before),
            after: json(after),
            address: &staff.address,
        };
        let head =
            self.head.take().ok_or_else(|| ApiError::Internal("an unaudited write finished as audited".into()))?;
        audit::append(&mut self.tx, head, record).await?;
        self.done(state).await
    }

    /// Commits the system's own write ([`Write::finish`] commits a staff member's).
    pub async fn commit(self, state: &AppState) -> Result<(), ApiError> {
        if self.head.is_some() {
            return Err(ApiError::Internal("a staff write must finish with its audit entry".into()));
        }
        self.done(state).await
    }

    async fn done(self, state: &AppState) -> Result<(), ApiError> {
        self.tx.commit().await?;
        if self.network {
            state.network.refresh(&state.pool).await?;
        }
        Ok(())
    }
}

/// The id of an operator's object with `code` (`op:code`), or of the site's (`code`).
pub fn object_id(operator: Option<&str>, code: &str) -> String {
    match operator {
        Some(op) => format!("{op}:{code}"),
        None => code.to_owned(),
    }
}

/// A code, checked.
pub fn code(field: &str, value: &str) -> Result<String, ApiError> {
    let value = value.trim();
    if core_wasm::staff::code_ok(value) {
        Ok(value.to_owned())
    } else {
        let detail = "use 1 to 40 lower-case letters, digits and '-'";
        Err(ApiError::bad(say::INVALID.with(&[("field", field), ("detail", detail)])))
    }
}

/// A text shown to travellers: trimmed, present, at most `max` characters.
pub fn text(field: &str, value: &str, max: usize) -> Result<String, ApiError> {
    match core_wasm::staff::layout::text_problem(field, value, max) {
        Some(p) => Err(ApiError::bad(p.message)),
        None => Ok(value.trim().to_owned()),
    }
}

/// An optional text: empty is none.
pub fn optional(field: &str, value: Option<&str>, max: usize) -> Result<Option<String>, ApiError> {
    match value.map(str::trim).filter(|v| !v.is_empty()) {
        Some(v) => text(field, v, max).map(Some),
        None => Ok(None),
    }
}

/// A save over a newer revision (or a create over an existing object) is refused.
pub fn check_revision(what: &str, id: &str, stored: Option<i64>, given: Option<i64>) -> Result<i64, ApiError> {
    match (stored, given) {
        (None, None) => Ok(1),
        (Some(_), None) => Err(conflict(say::EXISTS, &[("what", what), ("id", id)])),
        (None, Some(_)) => Err(super::access::not_found(what)),
        (Some(s), Some(g)) if s == g => Ok(s + 1),
        (Some(_), Some(_)) => Err(conflict(say::STALE, &[("what", what)])),
    }
}

pub fn conflict(template: StaffTemplate, params: &[(&str, &str)]) -> ApiError {
    ApiError::Conflict(template.with(params).into())
}

/// Saves that lose a race on the revision: the statement's own check (`revision = $n`) found
/// another save first.
pub fn stale(what: &str) -> ApiError {
    conflict(say::STALE, &[("what", what)])
}
