//! The demo network (DESIGN §3 "Demo data"): Bangladeshi cities and their terminals and ghats,
//! bus companies and launch operators with their coaches and ships, seat layouts, bus and launch
//! routes with timetables and fares, trips for the coming days with some seats already sold,
//! promo codes and home-page content.
//!
//! The data lives as plain constants in modules named after what they hold (`places`,
//! `operators`, `layouts`, `routes`, `schedule`, `fares`, `inventory`, `promos`, `content`);
//! `writer` clears and writes it in one transaction. Ids are readable text ('dhaka',
//! 'op-green-line', 'trip-dhaka-chattogram-gl-101-20260105-0700'), and everything derived from
//! them is deterministic: the same `today` always seeds the same database.

mod bangla;
mod content;
mod fares;
mod inventory;
mod layouts;
mod operators;
mod places;
mod promos;
mod routes;
mod schedule;
mod writer;

#[cfg(test)]
mod tests;

use core_wasm::time::Date;
use sqlx::AnyPool;

#[derive(Debug, Clone, Copy)]
pub struct SeedOptions {
    /// The first day of trips (Dhaka date).
    pub today: Date,
    /// How many days of trips, from `today` on.
    pub days: u32,
}

/// What a seed wrote.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SeedSummary {
    pub cities: usize,
    pub operators: usize,
    pub routes: usize,
    pub trips: usize,
    /// Seat-leg rows in state 'sold' (one per seat per leg a sale covers).
    pub sold_seat_legs: usize,
}

/// True when the database holds no cities (a fresh database).
pub async fn is_empty(pool: &AnyPool) -> Result<bool, sqlx::Error> {
    let row = sqlx::query("SELECT id FROM cities LIMIT 1").fetch_optional(pool).await?;
    Ok(row.is_none())
}

/// Deletes everything the seed writes (all tables of the network migration, children first)
/// and writes the demo network again, in one transaction: a failed seed leaves the database as
/// it was.
pub async fn seed_demo(pool: &AnyPool, options: &SeedOptions) -> Result<SeedSummary, sqlx::Error> {
    writer::write(pool, options).await
}
