//! The store layer: typed rows (`sqlx::FromRow`) and one function per query, the same SQL on
//! SQLite and PostgreSQL. Nothing here decides anything: the domain modules call these in the
//! order their rules need, inside the transactions they open.
//!
//! Functions that run one statement take any executor (`&pool` or `&mut *tx`); statuses are the
//! contract's enums, read and written by their one name (`names!`), and the schema CHECKs them.

pub mod bookings;
pub mod claims;
pub mod content;
pub mod db;
pub mod holds;
pub mod idempotency;
pub mod inventory;
pub mod network;
pub mod otp;
pub mod payments;
pub mod promos;
pub mod reservations;
pub mod tickets;
pub mod trips;

/// Anything a single statement runs on: the pool, a connection, a transaction.
pub trait Exec<'c>: sqlx::Executor<'c, Database = sqlx::Any> {}

impl<'c, E: sqlx::Executor<'c, Database = sqlx::Any>> Exec<'c> for E {}
