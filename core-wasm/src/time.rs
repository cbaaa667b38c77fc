//! Times on the wire and on the screen (DESIGN §3 "Times").
//!
//! The original ticket API stores every `*DateTime` as an ISO-8601 `...Z` string whose clock reads
//! Dhaka wall-clock time **plus 6 hours**, and its site shows stored values 6 hours back (SPEC §5).
//! We keep that convention on the wire for compatibility, and this module is the only place that
//! converts: a 22:30 departure in Dhaka is `...T04:30:00Z` of the next day, shown as 10:30 PM.
//! Dhaka is UTC+6 all year (no daylight saving), so "today in Dhaka" is the UTC date 6 hours on.

use serde::{Deserialize, Serialize};

/// The display shift of SPEC §5, and Dhaka's offset from UTC; both are 6 hours.
const SHIFT_MINUTES: i64 = 6 * 60;
const MINUTES_PER_DAY: i64 = 24 * 60;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TimeError {
    Date(String),
    DateTime(String),
    Clock(String),
}

impl std::fmt::Display for TimeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TimeError::Date(s) => write!(f, "'{s}' is not a date (YYYY-MM-DD)"),
            TimeError::DateTime(s) => write!(f, "'{s}' is not a date-time (YYYY-MM-DDTHH:MM:SSZ)"),
            TimeError::Clock(s) => write!(f, "'{s}' is not a time of day (HH:MM or hh:mm AM)"),
        }
    }
}

impl std::error::Error for TimeError {}

/// A calendar date (proleptic Gregorian), ordered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Date {
    year: i32,
    month: u8,
    day: u8,
}

fn is_leap(year: i32) -> bool {
    (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
}

fn days_in_month(year: i32, month: u8) -> u8 {
    match month {
        4 | 6 | 9 | 11 => 30,
        2 if is_leap(year) => 29,
        2 => 28,
        _ => 31,
    }
}

/// Fixed-width ASCII digits to a number; `None` on anything else.
fn number(s: &str) -> Option<u32> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

/// The digits at byte range `range` of `s`, if that range lies on character boundaries and holds
/// only ASCII digits. Slicing by byte index would panic inside a multi-byte character (and abort
/// the wasm instance); `str::get` answers `None` instead.
fn digits_at(s: &str, range: std::ops::Range<usize>) -> Option<u32> {
    s.get(range).and_then(number)
}

impl Date {
    pub fn new(year: i32, month: u8, day: u8) -> Option<Date> {
        let valid =
            (1..=9999).contains(&year) && (1..=12).contains(&month) && day >= 1 && day <= days_in_month(year, month);
        valid.then_some(Date { year, month, day })
    }

    /// Parses `YYYY-MM-DD` (exactly that shape; a real calendar day).
    pub fn parse(s: &str) -> Result<Date, TimeError> {
        let bad = || TimeError::Date(s.to_owned());
        let b = s.as_bytes();
        if b.len() != 10 || b[4] != b'-' || b[7] != b'-' {
            return Err(bad());
        }
        let year = digits_at(s, 0..4).ok_or_else(bad)?;
        let month = digits_at(s, 5..7).ok_or_else(bad)?;
        let day = digits_at(s, 8..10).ok_or_else(bad)?;
        Date::new(year as i32, month as u8, day as u8).ok_or_else(bad)
    }

    pub fn year(self) -> i32 {
        self.year
    }

    /// 1 (January) to 12.
    pub fn month(self) -> u8 {
        self.month
    }

    pub fn day(self) -> u8 {
        self.day
    }

    /// Days since 1970-01-01 (Howard Hinnant's `days_from_civil`).
    pub fn days_since_epoch(self) -> i64 {
        let y = i64::from(self.year) - i64::from(self.month <= 2);
        let era = y.div_euclid(400);
        let yoe = y - era * 400;
        let m = i64::from(self.month);
        let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + i64::from(self.day) - 1;
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        era * 146_097 + doe - 719_468
    }

    /// The date `days` after 1970-01-01 (Hinnant's `civil_from_days`).
    pub fn from_days_since_epoch(days: i64) -> Date {
        let z = days + 719_468;
        let era = z.div_euclid(146_097);
        let doe = z - era * 146_097;
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let day = (doy - (153 * mp + 2) / 5 + 1) as u8;
        let month = (if mp < 10 { mp + 3 } else { mp - 9 }) as u8;
        let year = (yoe + era * 400 + i64::from(month <= 2)) as i32;
        Date { year, month, day }
    }

    /// The Unix milliseconds at which this date begins in Dhaka (UTC+6).
    pub fn dhaka_start_ms(self) -> i64 {
        (self.days_since_epoch() * MINUTES_PER_DAY - SHIFT_MINUTES) * 60_000
    }

    pub fn add_days(self, days: i64) -> Date {
        Date::from_days_since_epoch(self.days_since_epoch() + days)
    }
}

impl std::fmt::Display for Date {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

impl Serialize for Date {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Date {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        Date::parse(&s).map_err(serde::de::Error::custom)
    }
}

/// A wall-clock moment: a date and a minute of the day (0..1440).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct DateTime {
    pub date: Date,
    pub minute_of_day: u16,
}

impl DateTime {
    /// The moment `minutes` after 1970-01-01 00:00 on the same clock (the store keeps timetable
    /// times as Dhaka wall-clock minutes).
    pub fn from_epoch_minutes(minutes: i64) -> DateTime {
        DateTime::from_minutes(minutes)
    }

    /// Minutes since 1970-01-01 00:00 on the same clock.
    pub fn epoch_minutes(self) -> i64 {
        self.minutes()
    }

    /// The Unix milliseconds of this moment read as Dhaka's wall clock (UTC+6).
    pub fn dhaka_unix_ms(self) -> i64 {
        (self.minutes() - SHIFT_MINUTES) * 60_000
    }

    fn from_minutes(minutes: i64) -> DateTime {
        DateTime {
            date: Date::from_days_since_epoch(minutes.div_euclid(MINUTES_PER_DAY)),
            minute_of_day: minutes.rem_euclid(MINUTES_PER_DAY) as u16,
        }
    }

    fn minutes(self) -> i64 {
        self.date.days_since_epoch() * MINUTES_PER_DAY + i64::from(self.minute_of_day)
    }

    pub fn add_minutes(self, minutes: i64) -> DateTime {
        DateTime::from_minutes(self.minutes() + minutes)
    }

    /// Minutes from `self` to `later` (negative if `later` is earlier).
    pub fn minutes_until(self, later: DateTime) -> i64 {
        later.minutes() - self.minutes()
    }

    /// `hh:mm AM` on a 12-hour clock, as the site shows times (midnight is 12:00 AM).
    pub fn clock_12h(self) -> String {
        let (h, m) = (self.minute_of_day / 60, self.minute_of_day % 60);
        let suffix = if h < 12 { "AM" } else { "PM" };
        let h12 = match h % 12 {
            0 => 12,
            h => h,
        };
        format!("{h12:02}:{m:02} {suffix}")
    }
}

/// A `*DateTime` value as the ticket API sends it: ISO-8601 with `Z`, clock = Dhaka + 6 h.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct WireDateTime(DateTime);

impl WireDateTime {
    /// The wire value of a timetable time kept as Dhaka wall-clock minutes since the epoch.
    pub fn from_dhaka_minutes(minutes: i64) -> WireDateTime {
        WireDateTime::from_dhaka(DateTime::from_epoch_minutes(minutes))
    }

    /// Parses `YYYY-MM-DDTHH:MM[:SS[.fff]]Z`. Seconds are dropped: schedules are in minutes.
    pub fn parse(s: &str) -> Result<WireDateTime, TimeError> {
        let bad = || TimeError::DateTime(s.to_owned());
        let body = s.strip_suffix('Z').ok_or_else(bad)?;
        let (date, clock) = body.split_once('T').ok_or_else(bad)?;
        let date = Date::parse(date).map_err(|_| bad())?;
        let b = clock.as_bytes();
        if b.len() < 5 || b[2] != b':' {
            return Err(bad());
        }
        let hour = digits_at(clock, 0..2).filter(|h| *h < 24).ok_or_else(bad)?;
        let minute = digits_at(clock, 3..5).filter(|m| *m < 60).ok_or_else(bad)?;
        let rest = clock.get(5..).ok_or_else(bad)?;
        if !rest.is_empty() {
            let secs = rest.strip_prefix(':').ok_or_else(bad)?;
            let (whole, frac) = secs.split_once('.').unwrap_or((secs, "0"));
            let whole_ok = whole.len() == 2 && number(whole).is_some_and(|s| s < 60);
            if !whole_ok || number(frac).is_none() {
                return Err(bad());
            }
        }
        Ok(WireDateTime(DateTime { date, minute_of_day: (hour * 60 + minute) as u16 }))
    }

    /// The Dhaka wall-clock moment this value stands for (stored minus 6 hours).
    pub fn to_dhaka(self) -> DateTime {
        self.0.add_minutes(-SHIFT_MINUTES)
    }

    /// The wire value of a Dhaka wall-clock moment (plus 6 hours).
    pub fn from_dhaka(local: DateTime) -> WireDateTime {
        WireDateTime(local.add_minutes(SHIFT_MINUTES))
    }
}

impl std::fmt::Display for WireDateTime {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let m = self.0.minute_of_day;
        write!(f, "{}T{:02}:{:02}:00.000Z", self.0.date, m / 60, m % 60)
    }
}

impl Serialize for WireDateTime {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for WireDateTime {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        WireDateTime::parse(&s).map_err(serde::de::Error::custom)
    }
}

/// A stored time as the site shows it: `YYYY-MM-DD` and the clock time in the language shown
/// (`hh:mm AM`, 'রাত ১০:৩০').
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct Displayed {
    pub date: String,
    pub time: String,
}

/// SPEC §5: a stored value shown 6 hours back. `2025-04-11T04:30:00Z` -> 2025-04-10, 10:30 PM.
/// The date stays `YYYY-MM-DD` in every language: it is spelt out by `Language::long_date`.
pub fn display(stored: &str, language: crate::language::Language) -> Result<Displayed, TimeError> {
    let local = WireDateTime::parse(stored)?.to_dhaka();
    Ok(Displayed { date: local.date.to_string(), time: language.clock(local) })
}

/// Parses a time of day, `HH:MM` (24-hour) or `hh:mm AM`/`hh:mm PM`, to minutes after midnight.
pub fn parse_clock(s: &str) -> Result<u16, TimeError> {
    let bad = || TimeError::Clock(s.to_owned());
    let t = s.trim();
    let (clock, meridiem) = match t.rsplit_once(' ') {
        Some((c, m)) => (c.trim(), Some(m.to_ascii_uppercase())),
        None => (t, None),
    };
    let (h, m) = clock.split_once(':').ok_or_else(bad)?;
    if h.is_empty() || h.len() > 2 || m.len() != 2 {
        return Err(bad());
    }
    let (h, m) = (number(h).ok_or_else(bad)?, number(m).ok_or_else(bad)?);
    if m >= 60 {
        return Err(bad());
    }
    let hour = match meridiem.as_deref() {
        None if h < 24 => h,
        Some("AM") if (1..=12).contains(&h) => h % 12,
        Some("PM") if (1..=12).contains(&h) => h % 12 + 12,
        _ => return Err(bad()),
    };
    Ok((hour * 60 + m) as u16)
}

/// `YYYY-MM-DD HH:MM` as a wall-clock moment (how staff screens and rule vectors write one).
pub fn parse_local(s: &str) -> Result<DateTime, TimeError> {
    let (date, clock) = s.trim().split_once(' ').ok_or_else(|| TimeError::Clock(s.to_owned()))?;
    Ok(DateTime { date: Date::parse(date)?, minute_of_day: parse_clock(clock)? })
}

/// The wire value of a Dhaka date and time of day (the reverse of [`display`]).
pub fn to_wire(date: &str, clock: &str) -> Result<String, TimeError> {
    let local = DateTime { date: Date::parse(date)?, minute_of_day: parse_clock(clock)? };
    Ok(WireDateTime::from_dhaka(local).to_string())
}

/// The Dhaka wall-clock moment of a real instant (Unix milliseconds). Dhaka is UTC+6.
pub fn dhaka_now(unix_ms: f64) -> DateTime {
    let minutes = (unix_ms / 60_000.0).floor() as i64;
    DateTime::from_minutes(minutes + SHIFT_MINUTES)
}

/// Today's date in Dhaka at the instant `unix_ms`: the earliest date a traveller may pick.
pub fn today_in_dhaka(unix_ms: f64) -> Date {
    dhaka_now(unix_ms).date
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_multi_byte_character_where_a_digit_belongs_is_an_error_not_a_panic() {
        for bad in ["2025-04-11T12:3éZ", "2025-04-11T1€:30Z", "2025-04-11T12:30:5éZ", "২০২৫-04-11T12:30Z"] {
            assert!(WireDateTime::parse(bad).is_err(), "{bad}");
        }
        assert!(Date::parse("2025-0é-1").is_err());
    }

    #[test]
    fn spec_example() {
        let shown = display("2025-04-11T04:30:00Z", crate::language::Language::English).expect("valid");
        assert_eq!(shown, Displayed { date: "2025-04-10".into(), time: "10:30 PM".into() });
        assert_eq!(to_wire("2025-04-10", "10:30 PM").as_deref(), Ok("2025-04-11T04:30:00.000Z"));
    }

    #[test]
    fn civil_days_round_trip() {
        for days in [-800_000, -1, 0, 1, 11_016, 19_000, 2_900_000] {
            let d = Date::from_days_since_epoch(days);
            assert_eq!(d.days_since_epoch(), days, "{d}");
        }
        assert_eq!(Date::parse("2024-02-29").map(|d| d.add_days(1).to_string()), Ok("2024-03-01".into()));
        assert!(Date::parse("2025-02-29").is_err());
    }

    #[test]
    fn today_in_dhaka_turns_at_18_00_utc() {
        // 2025-04-10T17:59:00Z is 23:59 in Dhaka; a minute later it is the 11th there.
        assert_eq!(today_in_dhaka(1_744_307_940_000.0).to_string(), "2025-04-10");
        assert_eq!(today_in_dhaka(1_744_308_000_000.0).to_string(), "2025-04-11");
    }
}
