//! The clock, through the core's `time` module: now, today in Dhaka, and times as the wire
//! writes them (Dhaka wall clock + 6 h, DESIGN §3 "Times").

use core_wasm::time::{Date, WireDateTime};

pub fn now_unix_ms() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_millis() as i64)
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
