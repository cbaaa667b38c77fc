//! The clock, through the core's `time` module: now, today in Dhaka, and times as the wire
//! writes them (Dhaka wall clock + 6 h, DESIGN §3 "Times").
//!
//! Now is the store's clock (DESIGN §3 "Store": expiry is judged by one clock). Holds, queue
//! admissions and idempotency leases are written by one process and judged by another, so a
//! process whose own clock is 30 s fast would end the others' holds 30 s early. Each process
//! therefore reads the store's time when it starts and every [`FOLLOW_EVERY`] after
//! ([`follow_store`]), and between readings counts from the last one on its monotonic clock:
//! its own wall clock only serves until the store is first read (and for the tests of the
//! store-less core). The error is half a round trip to the store, a millisecond on one machine.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicI64, Ordering};
use std::time::{Duration, Instant};

use core_wasm::time::{Date, WireDateTime};

use crate::store::pool::{Backend, Pool};

/// How often the store's clock is read again (a monotonic clock drifts a few ms an hour).
const FOLLOW_EVERY: Duration = Duration::from_secs(30);
/// Readings taken each time: the one with the shortest round trip is believed.
const READINGS: usize = 3;

/// Where this process's monotonic milliseconds count from.
fn origin() -> Instant {
    static ORIGIN: OnceLock<Instant> = OnceLock::new();
    *ORIGIN.get_or_init(Instant::now)
}

fn since_origin_ms(at: Instant) -> i64 {
    i64::try_from(at.saturating_duration_since(origin()).as_millis()).unwrap_or(i64::MAX)
}

/// A test-only error of this process's own clock (`TEST_CLOCK_SKEW_MS`), in milliseconds.
static SKEW_MS: AtomicI64 = AtomicI64::new(0);
/// Unix ms at the origin, as the store's clock says (as the process's own says until read).
static OFFSET_MS: AtomicI64 = AtomicI64::new(i64::MIN);

fn own_wall_ms() -> i64 {
    let wall = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_millis() as i64);
    wall + SKEW_MS.load(Ordering::Relaxed)
}

/// Now, in Unix milliseconds, by the store's clock.
pub fn now_unix_ms() -> i64 {
    let since = since_origin_ms(Instant::now());
    let mut offset = OFFSET_MS.load(Ordering::Relaxed);
    if offset == i64::MIN {
        let own = own_wall_ms() - since;
        offset = match OFFSET_MS.compare_exchange(i64::MIN, own, Ordering::Relaxed, Ordering::Relaxed) {
            Ok(_) => own,
            Err(set) => set,
        };
    }
    offset + since
}

/// Puts this process's own clock `skew_ms` off (the test of one clock, tests/clock.rs).
pub fn skew_own_clock(skew_ms: i64) {
    SKEW_MS.store(skew_ms, Ordering::Relaxed);
}

/// Reads the store's clock now, and from then on every [`FOLLOW_EVERY`] while the pool is open.
pub async fn follow_store(pool: &Pool) {
    read_into_offset(pool).await;
    let pool = pool.clone();
    tokio::spawn(async move {
        loop {
            tokio::time::sleep(FOLLOW_EVERY).await;
            if pool.is_closed() {
                return;
            }
            read_into_offset(&pool).await;
        }
    });
}

async fn read_into_offset(pool: &Pool) {
    match read_store(pool).await {
        Ok(offset) => OFFSET_MS.store(offset, Ordering::Relaxed),
        Err(e) => tracing::warn!(error = %e, "cannot read the store's clock; counting on from the last reading"),
    }
}

/// The store's Unix ms at the origin, from the reading with the shortest round trip.
async fn read_store(pool: &Pool) -> Result<i64, sqlx::Error> {
    let sql = match pool.backend() {
        Backend::Sqlite => "SELECT CAST((julianday('now') - 2440587.5) * 86400000.0 AS BIGINT)",
        Backend::Postgres => "SELECT CAST(EXTRACT(EPOCH FROM clock_timestamp()) * 1000 AS BIGINT)",
    };
    let mut best: Option<(Duration, i64)> = None;
    for _ in 0..READINGS {
        let sent = Instant::now();
        let store_ms: i64 = sqlx::query_scalar(sql).fetch_one(pool).await?;
        let back = Instant::now();
        let trip = back - sent;
        let middle = since_origin_ms(sent) + i64::try_from(trip.as_millis() / 2).unwrap_or(0);
        if best.is_none_or(|(shortest, _)| trip < shortest) {
            best = Some((trip, store_ms - middle));
        }
    }
    Ok(best.map_or_else(|| own_wall_ms() - since_origin_ms(Instant::now()), |(_, offset)| offset))
}

/// Today in Dhaka.
pub fn today() -> Date {
    core_wasm::time::today_in_dhaka(now_unix_ms() as f64)
}

/// A timetable time (Dhaka wall-clock minutes) as the wire shows it.
pub fn wire_time(dhaka_minutes: i64) -> String {
    WireDateTime::from_dhaka_minutes(dhaka_minutes).to_string()
}

/// A real instant (Unix milliseconds) as the wire shows times: Dhaka wall clock + 6 h.
pub fn wire_instant(unix_ms: i64) -> String {
    WireDateTime::from_dhaka(core_wasm::time::dhaka_now(unix_ms as f64)).to_string()
}
