//! Sale windows (issue 16): when an operator's advance sales open for which trips, and how fast
//! visitors are let in to hold seats.
//!
//! Written by an admin on the staff site (`staff::sale_windows`, stored in `sale_windows`), or
//! imported at start from the JSON file `SALE_WINDOWS` names (docs/waiting-room.md):
//!
//! ```json
//! { "windows": [ {
//!     "id": "eid-north",
//!     "service": "BUS",
//!     "routes": [ { "from": "dhaka", "to": "rangpur" } ],
//!     "travelDates": { "from": "2027-03-27", "to": "2027-03-30" },
//!     "opensAt": "2027-03-17T08:00",
//!     "repeatEveryMinutes": 1440,
//!     "admitPerMinute": 300,
//!     "admissionMinutes": 10,
//!     "preQueueMinutes": 30,
//!     "openForMinutes": 120
//! } ] }
//! ```
//!
//! `opensAt` is Dhaka wall-clock time, as operators announce it (seconds may follow). A window without `routes` covers
//! every route of its service (a route matches a trip that stops at `from` and later at `to`);
//! without `travelDates`, every travel date. From `preQueueMinutes` before each opening a visitor
//! who opens a covered trip's seats joins the pre-queue (drawn at the opening: draw.rs); for
//! `openForMinutes` after it, seat-lock on covered trips needs an admission (admission.rs),
//! given at `admitPerMinute` (pacing.rs) and good for `admissionMinutes`.

use core_wasm::contract::queue::QueuePhase;
use core_wasm::service::Service;
use core_wasm::time::Date;
use std::sync::Arc;

use core_wasm::contract::staff::{StaffSaleWindow, WindowDates};
use serde::Deserialize;

use super::pacing::Pace;

const MINUTE_MS: i64 = 60_000;
/// Dhaka is UTC+6 all year.
const DHAKA_OFFSET_MINUTES: i64 = 6 * 60;

/// One sale window, checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SaleWindow {
    pub id: String,
    pub service: Service,
    /// City ids, from and to; empty: every route of the service.
    pub routes: Vec<(String, String)>,
    /// First and last travel date covered, inclusive.
    pub travel_dates: Option<(Date, Date)>,
    /// Unix milliseconds of the first opening.
    pub first_opening_ms: i64,
    pub repeat_ms: Option<i64>,
    pub pace: Pace,
    pub admission_ms: i64,
    pub pre_queue_ms: i64,
    pub open_for_ms: i64,
}

/// One opening of a window: a queue of its own. It holds its window: the windows may change
/// (a staff save) while a seat-lock that found this opening runs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Opening {
    pub window: Arc<SaleWindow>,
    pub opens_ms: i64,
    pub phase: QueuePhase,
}

impl Opening {
    /// The queue's id: the window's and the opening's moment.
    pub fn queue_id(&self) -> String {
        format!("{}@{}", self.window.id, self.opens_ms)
    }

    /// When seat-lock stops asking for admissions.
    pub fn closes_ms(&self) -> i64 {
        self.opens_ms + self.window.open_for_ms
    }
}

impl SaleWindow {
    /// The opening whose pre-queue or sale is under way at `now_ms`, if any.
    pub fn opening_at(self: &Arc<Self>, now_ms: i64) -> Option<Opening> {
        // The first opening whose sale has not yet closed at `now_ms`.
        let opens_ms = match self.repeat_ms {
            Some(every) if now_ms >= self.first_opening_ms + self.open_for_ms => {
                let passed = (now_ms - self.first_opening_ms - self.open_for_ms) / every + 1;
                self.first_opening_ms + passed * every
            }
            _ => self.first_opening_ms,
        };
        let phase = if now_ms < opens_ms - self.pre_queue_ms {
            return None;
        } else if now_ms < opens_ms {
            QueuePhase::PreQueue
        } else if now_ms < opens_ms + self.open_for_ms {
            QueuePhase::Open
        } else {
            return None;
        };
        Some(Opening { window: Arc::clone(self), opens_ms, phase })
    }

    /// Whether the window covers a trip of `service` stopping at `stops` (city ids, in order)
    /// that leaves on `travel_date`.
    pub fn covers(&self, service: Service, stops: &[String], travel_date: Date) -> bool {
        let dated = self.travel_dates.is_none_or(|(first, last)| first <= travel_date && travel_date <= last);
        let routed = self.routes.is_empty()
            || self.routes.iter().any(|(from, to)| {
                let at = |city: &str| stops.iter().position(|stop| stop == city);
                matches!((at(from), at(to)), (Some(i), Some(j)) if i < j)
            });
        self.service == service && dated && routed
    }
}

/// Every sale window of this deployment.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SaleWindows(pub Vec<Arc<SaleWindow>>);

impl SaleWindows {
    /// The opening under way at `now_ms` of a window covering the trip, if any. Windows are
    /// checked in the file's order; the first that covers the trip and is under way decides.
    pub fn for_trip(&self, service: Service, stops: &[String], travel_date: Date, now_ms: i64) -> Option<Opening> {
        self.0
            .iter()
            .filter(|window| window.covers(service, stops, travel_date))
            .find_map(|window| window.opening_at(now_ms))
    }

    /// The window whose id is `id`.
    pub fn get(&self, id: &str) -> Option<&Arc<SaleWindow>> {
        self.0.iter().find(|window| window.id == id)
    }

    /// The demo's window (demo mode's default: `make run` shows the queue): bus trips from
    /// Dhaka to Chattogram travelling a week after `today` (for three days), as an Eid advance
    /// sale would be; opening 3 minutes after `start_ms` and every hour after, a pre-queue of 10
    /// minutes, sales through the queue for 20, 30 visitors a minute, admissions of 10 minutes.
    /// Trips of the coming days sell as always.
    pub fn demo(start_ms: i64, today: Date) -> SaleWindows {
        SaleWindows(vec![Arc::new(SaleWindow {
            id: "demo-eid".into(),
            service: Service::Bus,
            routes: vec![("dhaka".into(), "chattogram".into())],
            travel_dates: Some((today.add_days(7), today.add_days(9))),
            first_opening_ms: start_ms + 3 * MINUTE_MS,
            repeat_ms: Some(60 * MINUTE_MS),
            pace: Pace { per_minute: 30 },
            admission_ms: 10 * MINUTE_MS,
            pre_queue_ms: 10 * MINUTE_MS,
            open_for_ms: 20 * MINUTE_MS,
        })])
    }

    /// Reads the file's text; the message says what is wrong and where.
    pub fn parse(json: &str) -> Result<SaleWindows, String> {
        let specs = read_file(json)?;
        let windows = specs.iter().map(check).collect::<Result<Vec<_>, _>>()?;
        Ok(SaleWindows(windows.into_iter().map(Arc::new).collect()))
    }

    /// These windows and `more` (which take the place of any of these with their id).
    pub fn with(&self, more: &[SaleWindow]) -> SaleWindows {
        let kept = self.0.iter().filter(|w| !more.iter().any(|m| m.id == w.id)).cloned();
        SaleWindows(kept.chain(more.iter().cloned().map(Arc::new)).collect())
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct WindowsFile {
    windows: Vec<StaffSaleWindow>,
}

/// The windows a `SALE_WINDOWS` file writes, each checked, ids unique.
pub fn read_file(json: &str) -> Result<Vec<StaffSaleWindow>, String> {
    let file: WindowsFile = serde_json::from_str(json).map_err(|e| format!("not a sale windows file: {e}"))?;
    let mut seen: Vec<&str> = Vec::with_capacity(file.windows.len());
    for spec in &file.windows {
        let id = spec.id.trim();
        check(spec)?;
        if seen.contains(&id) {
            return Err(format!("window {id:?}: a second window has this id"));
        }
        seen.push(id);
    }
    Ok(file.windows)
}

/// `YYYY-MM-DDTHH:MM` (or `...:SS`), Dhaka wall clock, as Unix milliseconds.
fn dhaka_moment_ms(text: &str) -> Result<i64, String> {
    let bad = || format!("opensAt {text:?} is not a Dhaka time written YYYY-MM-DDTHH:MM");
    let (date, clock) = text.trim().split_once('T').ok_or_else(bad)?;
    let date = Date::parse(date).map_err(|_| bad())?;
    let parts: Vec<&str> = clock.split(':').collect();
    if !(2..=3).contains(&parts.len()) || parts.iter().any(|p| p.len() != 2 || !p.bytes().all(|b| b.is_ascii_digit())) {
        return Err(bad());
    }
    let number = |i: usize| parts.get(i).map_or(Ok(0), |p| p.parse::<i64>().map_err(|_| bad()));
    let (hour, minute, second) = (number(0)?, number(1)?, number(2)?);
    if hour >= 24 || minute >= 60 || second >= 60 {
        return Err(bad());
    }
    let local_minutes = date.days_since_epoch() * 1440 + hour * 60 + minute;
    Ok((local_minutes - DHAKA_OFFSET_MINUTES) * MINUTE_MS + second * 1000)
}

fn minutes_ms(minutes: u32) -> i64 {
    i64::from(minutes) * MINUTE_MS
}

/// A window as written, checked: what it means, or what is wrong with it (naming the window).
pub fn check(spec: &StaffSaleWindow) -> Result<SaleWindow, String> {
    let id = spec.id.trim();
    checked(spec).map_err(|problem| format!("window {id:?}: {problem}"))
}

fn checked(spec: &StaffSaleWindow) -> Result<SaleWindow, String> {
    if spec.id.trim().is_empty() || spec.id.contains('@') {
        return Err("id must be a name without '@'".into());
    }
    if spec.admit_per_minute == 0 {
        return Err("admitPerMinute must be at least 1".into());
    }
    if spec.admission_minutes == 0 || spec.open_for_minutes == 0 {
        return Err("admissionMinutes and openForMinutes must be at least 1".into());
    }
    let travel_dates = match &spec.travel_dates {
        None => None,
        Some(WindowDates { from, to }) => {
            let date = |text: &str| {
                Date::parse(text.trim()).map_err(|_| format!("travelDates {text:?} is not a date written YYYY-MM-DD"))
            };
            let (first, last) = (date(from)?, date(to)?);
            if last < first {
                return Err(format!("travelDates end ({to}) before they begin ({from})"));
            }
            Some((first, last))
        }
    };
    // One opening's pre-queue and sale must be over before the next one's pre-queue starts:
    // a trip is in one queue at a time.
    if let Some(every) = spec.repeat_every_minutes
        && u64::from(every) < u64::from(spec.pre_queue_minutes) + u64::from(spec.open_for_minutes)
    {
        return Err("repeatEveryMinutes must be at least preQueueMinutes + openForMinutes".into());
    }
    Ok(SaleWindow {
        id: spec.id.trim().to_owned(),
        service: spec.service,
        routes: spec.routes.iter().map(|r| (r.from.trim().to_lowercase(), r.to.trim().to_lowercase())).collect(),
        travel_dates,
        first_opening_ms: dhaka_moment_ms(&spec.opens_at)?,
        repeat_ms: spec.repeat_every_minutes.map(minutes_ms),
        pace: Pace { per_minute: spec.admit_per_minute },
        admission_ms: minutes_ms(spec.admission_minutes),
        pre_queue_ms: minutes_ms(spec.pre_queue_minutes),
        open_for_ms: minutes_ms(spec.open_for_minutes),
    })
}

/// The count of stored windows and their latest change: when either moves, read them again.
pub async fn stored_mark(pool: &crate::store::pool::Pool) -> Result<(i64, i64), sqlx::Error> {
    sqlx::query_as("SELECT COUNT(*), COALESCE(MAX(updated_at), 0) FROM sale_windows").fetch_one(pool).await
}

/// The stored windows in force (a stored one that no longer reads is skipped, and said).
pub async fn stored(pool: &crate::store::pool::Pool) -> Result<Vec<SaleWindow>, sqlx::Error> {
    let rows: Vec<(String, String)> =
        sqlx::query_as("SELECT id, spec FROM sale_windows WHERE active = 1 ORDER BY id").fetch_all(pool).await?;
    let mut windows = Vec::with_capacity(rows.len());
    for (id, spec) in rows {
        match serde_json::from_str::<StaffSaleWindow>(&spec).map_err(|e| e.to_string()).and_then(|s| check(&s)) {
            Ok(window) => windows.push(window),
            Err(problem) => tracing::error!(window = %id, %problem, "a stored sale window does not read"),
        }
    }
    Ok(windows)
}

#[cfg(test)]
mod tests {
    use super::*;

    const FILE: &str = r#"{ "windows": [ {
        "id": "eid-north", "service": "BUS",
        "routes": [ { "from": "dhaka", "to": "rangpur" } ],
        "travelDates": { "from": "2027-03-27", "to": "2027-03-30" },
        "opensAt": "2027-03-17T08:00", "admitPerMinute": 300
    } ] }"#;

    fn stops(cities: &[&str]) -> Vec<String> {
        cities.iter().map(|c| (*c).to_owned()).collect()
    }

    fn date(text: &str) -> Date {
        Date::parse(text).unwrap()
    }

    /// 08:00 in Dhaka is 02:00 UTC.
    const OPENS: i64 = 1_805_248_800_000;

    #[test]
    fn reads_a_window_with_its_defaults() {
        let windows = SaleWindows::parse(FILE).unwrap();
        let window = windows.get("eid-north").unwrap();
        assert_eq!(window.first_opening_ms, OPENS);
        assert_eq!((window.admission_ms, window.pre_queue_ms, window.open_for_ms), (600_000, 1_800_000, 7_200_000));
        assert_eq!(window.pace, Pace { per_minute: 300 });
        let to_the_second = FILE.replace("08:00", "08:00:30");
        assert_eq!(SaleWindows::parse(&to_the_second).unwrap().0[0].first_opening_ms, OPENS + 30_000);
    }

    #[test]
    fn covers_its_service_routes_and_travel_dates_only() {
        let windows = SaleWindows::parse(FILE).unwrap();
        let window = &windows.0[0];
        let north = stops(&["dhaka", "bogura", "rangpur"]);
        assert!(window.covers(Service::Bus, &north, date("2027-03-27")));
        assert!(window.covers(Service::Bus, &north, date("2027-03-30")));
        assert!(!window.covers(Service::Bus, &north, date("2027-03-31")));
        assert!(!window.covers(Service::Launch, &north, date("2027-03-28")));
        assert!(!window.covers(Service::Bus, &stops(&["rangpur", "dhaka"]), date("2027-03-28")));
        assert!(!window.covers(Service::Bus, &stops(&["dhaka", "chattogram"]), date("2027-03-28")));
    }

    #[test]
    fn an_opening_has_its_pre_queue_then_its_sale_then_ends() {
        let windows = SaleWindows::parse(FILE).unwrap();
        let window = &windows.0[0];
        assert_eq!(window.opening_at(OPENS - 1_800_001), None);
        assert_eq!(window.opening_at(OPENS - 1_800_000).map(|o| o.phase), Some(QueuePhase::PreQueue));
        assert_eq!(window.opening_at(OPENS).map(|o| o.phase), Some(QueuePhase::Open));
        assert_eq!(window.opening_at(OPENS).map(|o| o.queue_id()), Some(format!("eid-north@{OPENS}")));
        assert_eq!(window.opening_at(OPENS + 7_200_000), None);
    }

    #[test]
    fn a_repeating_window_opens_again_each_period() {
        let today = date("2027-01-01");
        let windows = SaleWindows::demo(0, today);
        let window = &windows.0[0];
        let hour = 3_600_000;
        let first = 180_000;
        assert_eq!(window.opening_at(0).map(|o| (o.opens_ms, o.phase)), Some((first, QueuePhase::PreQueue)));
        assert_eq!(window.opening_at(first + 1).map(|o| (o.opens_ms, o.phase)), Some((first, QueuePhase::Open)));
        // After the sale closes, nothing until the next opening's pre-queue.
        assert_eq!(window.opening_at(first + 20 * 60_000), None);
        assert_eq!(
            window.opening_at(first + 50 * 60_000).map(|o| (o.opens_ms, o.phase)),
            Some((first + hour, QueuePhase::PreQueue))
        );
        assert_eq!(
            window.opening_at(first + 10 * hour + 1).map(|o| (o.opens_ms, o.phase)),
            Some((first + 10 * hour, QueuePhase::Open))
        );
        // A week ahead is queued; tomorrow sells as always.
        let covered = stops(&["dhaka", "cumilla", "chattogram"]);
        assert!(windows.for_trip(Service::Bus, &covered, date("2027-01-08"), first).is_some());
        assert!(windows.for_trip(Service::Bus, &covered, date("2027-01-02"), first).is_none());
        assert!(windows.for_trip(Service::Bus, &stops(&["dhaka", "sylhet"]), date("2027-01-08"), first).is_none());
    }

    #[test]
    fn a_bad_file_says_what_and_where() {
        let cases = [
            ("{", "not a sale windows file"),
            (
                r#"{"windows":[{"id":"a","service":"BUS","opensAt":"2027-03-17 08:00","admitPerMinute":1}]}"#,
                "window \"a\": opensAt",
            ),
            (
                r#"{"windows":[{"id":"a","service":"BUS","opensAt":"2027-03-17T25:00","admitPerMinute":1}]}"#,
                "YYYY-MM-DDTHH:MM",
            ),
            (
                r#"{"windows":[{"id":"a","service":"BUS","opensAt":"2027-03-17T8:00","admitPerMinute":1}]}"#,
                "YYYY-MM-DDTHH:MM",
            ),
            (
                r#"{"windows":[{"id":"a","service":"BUS","opensAt":"2027-03-17T08:00:1x","admitPerMinute":1}]}"#,
                "YYYY-MM-DDTHH:MM",
            ),
            (
                r#"{"windows":[{"id":"a","service":"BUS","opensAt":"2027-03-17T08:00","admitPerMinute":0}]}"#,
                "admitPerMinute",
            ),
            (
                r#"{"windows":[{"id":"a","service":"TRAIN","opensAt":"2027-03-17T08:00","admitPerMinute":1}]}"#,
                "not a sale windows file",
            ),
            (
                r#"{"windows":[{"id":"a","service":"BUS","opensAt":"2027-03-17T08:00","admitPerMinute":1,"repeatEveryMinutes":60}]}"#,
                "repeatEveryMinutes",
            ),
            (
                r#"{"windows":[{"id":"a","service":"BUS","opensAt":"2027-03-17T08:00","admitPerMinute":1,"travelDates":{"from":"2027-03-30","to":"2027-03-27"}}]}"#,
                "end",
            ),
            (r#"{"windows":[{"id":"a@b","service":"BUS","opensAt":"2027-03-17T08:00","admitPerMinute":1}]}"#, "'@'"),
            (
                r#"{"windows":[{"id":"a","service":"BUS","opensAt":"2027-03-17T08:00","admitPerMinute":1,"colour":"red"}]}"#,
                "unknown field",
            ),
        ];
        for (file, says) in cases {
            let problem = SaleWindows::parse(file).unwrap_err();
            assert!(problem.contains(says), "{file}: {problem}");
        }
        let twice = r#"{"windows":[{"id":"a","service":"BUS","opensAt":"2027-03-17T08:00","admitPerMinute":1},{"id":"a","service":"LAUNCH","opensAt":"2027-03-17T08:00","admitPerMinute":1}]}"#;
        assert!(SaleWindows::parse(twice).unwrap_err().contains("second window"));
    }
}
