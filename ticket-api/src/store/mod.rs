//! The store layer: typed rows (`sqlx::FromRow`) and one function per query, the same SQL on
//! SQLite and PostgreSQL. Nothing here decides anything: the domain modules call these in the
//! order their rules need, inside the transactions they open.
//!
//! Functions that run one statement take any executor (`&pool` or `&mut *tx`), or add their
//! write to the call's [`pool::Writes`] when nothing is read between its writes; statuses are the
//! contract's enums, read and written by their one name (`names!`), and the schema CHECKs them.

pub mod accounts;
pub mod boarding;
pub mod bookings;
pub mod claims;
pub mod content;
pub mod grants;
pub mod holds;
pub mod idempotency;
pub mod inventory;
pub mod messages;
pub mod network;
pub mod otp;
pub mod payments;
pub mod pool;
pub mod promos;
pub mod reservations;
pub mod staff;
pub mod tickets;
pub mod trips;

/// Anything a single statement runs on: the pool, a connection, a transaction.
pub trait Exec<'c>: sqlx::Executor<'c, Database = sqlx::Any> {}

impl<'c, E: sqlx::Executor<'c, Database = sqlx::Any>> Exec<'c> for E {}

/// `($1, $2, $3), ($4, $5, $6), ...`: the placeholders of a multi-row VALUES list (only numbered
/// placeholders reach the SQL text; every value is bound).
pub(crate) fn values_list(rows: usize, columns: usize) -> String {
    (0..rows)
        .map(|r| {
            let cells: Vec<String> = (1..=columns).map(|c| format!("${}", r * columns + c)).collect();
            format!("({})", cells.join(", "))
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// An owner (a hold, a ticket) read joined with its seats, a row per seat in the order chosen:
/// the owner, from the first row, with its seats; `None` without rows. The read side of
/// [`seats_insert`].
pub(crate) fn gather_seats<O>(rows: impl IntoIterator<Item = (O, Option<String>)>) -> Option<(O, Vec<String>)> {
    let mut rows = rows.into_iter();
    let (owner, first) = rows.next()?;
    Some((owner, first.into_iter().chain(rows.filter_map(|(_, seat)| seat)).collect()))
}

/// The statement that writes an owner's seats, in the order chosen (`table` is a constant of the
/// callers: `booking_seats` or `hold_seats`, keyed by `owner`); `None` without seats.
pub(crate) fn seats_insert(
    table: &'static str,
    owner: &'static str,
    owner_id: &str,
    seats: &[String],
) -> Option<sqlx::query::Query<'static, sqlx::Any, sqlx::any::AnyArguments>> {
    if seats.is_empty() {
        return None;
    }
    let sql = format!("INSERT INTO {table} ({owner}, ordinal, seat_no) VALUES {}", values_list(seats.len(), 3));
    let mut query = sqlx::query(sqlx::AssertSqlSafe(sql));
    for (ordinal, seat) in seats.iter().enumerate() {
        query = query.bind(owner_id).bind(ordinal as i64).bind(seat);
    }
    Some(query)
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_values_list_numbers_every_cell() {
        assert_eq!(super::values_list(2, 3), "($1, $2, $3), ($4, $5, $6)");
    }
}
