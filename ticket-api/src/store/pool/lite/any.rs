//! One statement of the store's SQL run on a rusqlite connection, read and bound as sqlx's `Any`
//! driver does, so the store's queries, `FromRow` rows and error checks work unchanged:
//!
//! - placeholders are numbered (`$1`), bound by their number wherever they appear;
//! - a value comes back as its SQLite storage class (INTEGER as `BigInt`, REAL as `Double`), as
//!   sqlx's SQLite driver gives it for the store's BIGINT, TEXT and REAL columns;
//! - a constraint failure is a database error of the constraint's kind (`is_unique_violation`).

use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::Arc;

use rusqlite::types::{ToSqlOutput, ValueRef};
use rusqlite::{Connection, Statement, ToSql, ffi};
use sqlx::any::{AnyArguments, AnyQueryResult, AnyRow, AnyTypeInfo, AnyTypeInfoKind, AnyValue};
use sqlx::error::ErrorKind;

use crate::store::pool::failure::Failure;
use sqlx_core::any::{AnyColumn, AnyValueKind};
use sqlx_core::ext::ustr::UStr;

/// What a statement gave: its rows (at most `limit`), and the rows it changed.
pub(crate) struct Ran {
    pub rows: Vec<AnyRow>,
    pub result: AnyQueryResult,
}

/// Column names kept per statement text: more than this many texts (lists of many lengths)
/// start the cache again.
const NAMES_KEPT: usize = 1024;

/// A connection, and the column names of the statements it has run (naming a row's columns
/// cost more than reading a short row).
pub(crate) struct Conn {
    pub sqlite: Connection,
    names: RefCell<HashMap<String, Arc<Names>>>,
}

impl Conn {
    pub fn new(sqlite: Connection) -> Conn {
        Conn { sqlite, names: RefCell::default() }
    }

    /// Runs `sql` (one statement) with `arguments`, its prepared form kept for the next call;
    /// `limit` stops reading rows early (a write has made all its changes at its first row).
    pub fn run(&self, sql: &str, arguments: Option<AnyArguments>, limit: Option<usize>) -> Result<Ran, sqlx::Error> {
        let mut statement = self.sqlite.prepare_cached(sql).map_err(error)?;
        self.step(sql, &mut statement, arguments, limit)
    }

    /// Runs `sql` as [`Conn::run`] if it only reads (a reader connection may run it), taking
    /// `arguments`; `None`, the arguments left, if it writes.
    pub fn run_if_read(
        &self,
        sql: &str,
        arguments: &mut Option<AnyArguments>,
        limit: Option<usize>,
    ) -> Result<Option<Ran>, sqlx::Error> {
        let mut statement = self.sqlite.prepare_cached(sql).map_err(error)?;
        if !statement.readonly() {
            return Ok(None);
        }
        self.step(sql, &mut statement, arguments.take(), limit).map(Some)
    }

    fn step(
        &self,
        sql: &str,
        statement: &mut Statement<'_>,
        arguments: Option<AnyArguments>,
        limit: Option<usize>,
    ) -> Result<Ran, sqlx::Error> {
        let arguments = arguments.map(|a| a.values.0).unwrap_or_default();
        bind(statement, &arguments)?;
        let names = self.names_of(sql, statement);
        let writes = !statement.readonly();
        let mut rows = Vec::new();
        let mut stepping = statement.raw_query();
        while limit.is_none_or(|limit| rows.len() < limit) {
            match stepping.next().map_err(error)? {
                Some(row) => rows.push(any_row(row, &names)?),
                None => break,
            }
        }
        drop(stepping);
        let rows_affected = if writes { self.sqlite.changes() } else { 0 };
        Ok(Ran { rows, result: AnyQueryResult { rows_affected, last_insert_id: None } })
    }

    fn names_of(&self, sql: &str, statement: &Statement<'_>) -> Arc<Names> {
        let mut kept = self.names.borrow_mut();
        if let Some(names) = kept.get(sql) {
            return names.clone();
        }
        if kept.len() >= NAMES_KEPT {
            kept.clear();
        }
        let names = Arc::new(column_names(statement));
        kept.insert(sql.to_owned(), names.clone());
        names
    }
}

/// Binds each placeholder to its argument: `$3` (or `?3`) to the third wherever it stands, a
/// bare `?` to the next in order.
fn bind(statement: &mut Statement<'_>, arguments: &[AnyValueKind]) -> Result<(), sqlx::Error> {
    for index in 1..=statement.parameter_count() {
        let number = match statement.parameter_name(index) {
            Some(name) => name.get(1..).and_then(|n| n.parse::<usize>().ok()).ok_or_else(|| {
                sqlx::Error::Protocol(format!("placeholder {name}: the store numbers its placeholders ($1)"))
            })?,
            None => index,
        };
        let value = arguments
            .get(number.wrapping_sub(1))
            .ok_or_else(|| sqlx::Error::Protocol(format!("no argument bound for ${number}")))?;
        statement.raw_bind_parameter(index, Bound(value)).map_err(error)?;
    }
    Ok(())
}

/// An `Any` argument as SQLite stores it (booleans as 0 and 1, as sqlx's SQLite driver binds them).
struct Bound<'a>(&'a AnyValueKind);

impl ToSql for Bound<'_> {
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        Ok(ToSqlOutput::Borrowed(match self.0 {
            AnyValueKind::Null(_) => ValueRef::Null,
            AnyValueKind::Bool(b) => ValueRef::Integer(i64::from(*b)),
            AnyValueKind::SmallInt(i) => ValueRef::Integer(i64::from(*i)),
            AnyValueKind::Integer(i) => ValueRef::Integer(i64::from(*i)),
            AnyValueKind::BigInt(i) => ValueRef::Integer(*i),
            AnyValueKind::Real(r) => ValueRef::Real(f64::from(*r)),
            AnyValueKind::Double(d) => ValueRef::Real(*d),
            AnyValueKind::Text(t) => ValueRef::Text(t.as_bytes()),
            AnyValueKind::TextSlice(t) => ValueRef::Text(t.as_bytes()),
            AnyValueKind::Blob(b) => ValueRef::Blob(b),
            other => {
                return Err(rusqlite::Error::ToSqlConversionFailure(
                    format!("no SQLite value for the argument {other:?}").into(),
                ));
            }
        }))
    }
}

/// A statement's column names, and each name's index (the last of a repeated name, as sqlx).
struct Names {
    columns: Vec<UStr>,
    index: Arc<sqlx_core::HashMap<UStr, usize>>,
}

fn column_names(statement: &Statement<'_>) -> Names {
    let columns: Vec<UStr> = statement.column_names().into_iter().map(UStr::new).collect();
    let index = columns.iter().cloned().enumerate().map(|(i, name)| (name, i)).collect();
    Names { columns, index: Arc::new(index) }
}

fn any_row(row: &rusqlite::Row<'_>, names: &Names) -> Result<AnyRow, sqlx::Error> {
    let mut columns = Vec::with_capacity(names.columns.len());
    let mut values = Vec::with_capacity(names.columns.len());
    for (ordinal, name) in names.columns.iter().enumerate() {
        let kind = match row.get_ref(ordinal).map_err(error)? {
            ValueRef::Null => AnyValueKind::Null(AnyTypeInfoKind::Null),
            ValueRef::Integer(i) => AnyValueKind::BigInt(i),
            ValueRef::Real(r) => AnyValueKind::Double(r),
            ValueRef::Text(t) => AnyValueKind::Text(Arc::new(
                String::from_utf8(t.to_vec())
                    .map_err(|e| sqlx::Error::Decode(format!("column {name} is not UTF-8: {e}").into()))?,
            )),
            ValueRef::Blob(b) => AnyValueKind::Blob(Arc::new(b.to_vec())),
        };
        let type_kind = match &kind {
            AnyValueKind::BigInt(_) => AnyTypeInfoKind::BigInt,
            AnyValueKind::Double(_) => AnyTypeInfoKind::Double,
            AnyValueKind::Text(_) => AnyTypeInfoKind::Text,
            AnyValueKind::Blob(_) => AnyTypeInfoKind::Blob,
            _ => AnyTypeInfoKind::Null,
        };
        columns.push(AnyColumn { ordinal, name: name.clone(), type_info: AnyTypeInfo { kind: type_kind } });
        values.push(AnyValue { kind });
    }
    Ok(AnyRow { column_names: names.index.clone(), columns, values })
}

/// A SQLite failure as sqlx reports one: constraint failures are database errors of their kind.
pub(crate) fn error(e: rusqlite::Error) -> sqlx::Error {
    match e {
        rusqlite::Error::SqliteFailure(code, message) => {
            let kind = match code.extended_code {
                ffi::SQLITE_CONSTRAINT_UNIQUE | ffi::SQLITE_CONSTRAINT_PRIMARYKEY => ErrorKind::UniqueViolation,
                ffi::SQLITE_CONSTRAINT_FOREIGNKEY => ErrorKind::ForeignKeyViolation,
                ffi::SQLITE_CONSTRAINT_NOTNULL => ErrorKind::NotNullViolation,
                ffi::SQLITE_CONSTRAINT_CHECK => ErrorKind::CheckViolation,
                _ => ErrorKind::Other,
            };
            let message = message.unwrap_or_else(|| code.to_string());
            Failure::error(code.extended_code.to_string(), message, kind)
        }
        other => sqlx::Error::Protocol(format!("sqlite: {other}")),
    }
}
