//! When a schedule runs (issue 35): its days of the week, its first and last date, and the
//! departure's time of day, Dhaka wall clock. [`run_dates`] is the one answer to "which days does
//! it leave on", used by the trip-generating job and the staff site's preview.

use serde::{Deserialize, Serialize};

use crate::time::Date;

/// Days of the week a schedule runs, as a set (bit 0 Sunday .. bit 6 Saturday).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Days(pub u8);

const NAMES: [&str; 7] = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

impl Days {
    pub const DAILY: Days = Days(0b111_1111);

    /// 'daily', or day names ('Sat Sun Mon', 'sat,sun', 'Friday'), in any order, each once.
    pub fn parse(text: &str) -> Option<Days> {
        let t = text.trim();
        if t.eq_ignore_ascii_case("daily") {
            return Some(Days::DAILY);
        }
        let mut bits = 0u8;
        for word in t.split([' ', ',', ';', '/']).filter(|w| !w.is_empty()) {
            let day = NAMES.iter().position(|n| word.len() >= 3 && word[..3].eq_ignore_ascii_case(n))?;
            let full = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"][day];
            if !(word.len() == 3 || word.eq_ignore_ascii_case(full)) || bits & (1 << day) != 0 {
                return None;
            }
            bits |= 1 << day;
        }
        (bits != 0).then_some(Days(bits))
    }

    /// 'daily', or the days from Saturday (the Bangladeshi week's first): 'Sat Sun Mon'.
    pub fn text(self) -> String {
        if self == Days::DAILY {
            return "daily".into();
        }
        [6usize, 0, 1, 2, 3, 4, 5]
            .iter()
            .filter(|d| self.0 & (1 << **d) != 0)
            .map(|d| NAMES[*d])
            .collect::<Vec<_>>()
            .join(" ")
    }

    pub fn includes(self, date: Date) -> bool {
        self.0 & (1 << weekday(date)) != 0
    }
}

/// 0 for Sunday .. 6 for Saturday (1970-01-01 was a Thursday).
pub fn weekday(date: Date) -> u8 {
    (date.days_since_epoch() + 4).rem_euclid(7) as u8
}

/// A departure's time of day, strictly `HH:MM` (24-hour), as minutes after midnight.
pub fn parse_departure(text: &str) -> Option<i64> {
    let (h, m) = text.trim().split_once(':')?;
    if h.len() != 2 || m.len() != 2 || !h.bytes().chain(m.bytes()).all(|b| b.is_ascii_digit()) {
        return None;
    }
    let (h, m): (i64, i64) = (h.parse().ok()?, m.parse().ok()?);
    (h < 24 && m < 60).then_some(h * 60 + m)
}

/// Minutes after midnight as `HH:MM`.
pub fn departure_text(minute_of_day: i64) -> String {
    format!("{:02}:{:02}", minute_of_day / 60, minute_of_day % 60)
}

/// The dates, from `from` to `until` inclusive, on which a schedule running `days` between
/// `first` and `last` (inclusive) leaves.
pub fn run_dates(days: Days, first: Date, last: Date, from: Date, until: Date) -> Vec<Date> {
    let start = first.days_since_epoch().max(from.days_since_epoch());
    let end = last.days_since_epoch().min(until.days_since_epoch());
    (start..=end).map(Date::from_days_since_epoch).filter(|d| days.includes(*d)).collect()
}

/// Whether a coach class is air-conditioned ("AC Business", "ac sleeper"; not "Non-AC"): how
/// the coach a schedule's trips name is marked for the traveller's AC filter.
pub fn class_is_ac(class: &str) -> bool {
    class.trim().get(..2).is_some_and(|head| head.eq_ignore_ascii_case("AC"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn date(s: &str) -> Date {
        Date::parse(s).expect("a date")
    }

    #[test]
    fn days_read_as_managers_write_them() {
        assert_eq!(Days::parse("daily"), Some(Days::DAILY));
        assert_eq!(Days::parse(" Daily "), Some(Days::DAILY));
        let weekend = Days::parse("Fri, sat").expect("days");
        assert_eq!(weekend.text(), "Sat Fri");
        assert_eq!(Days::parse("Saturday Sunday").map(Days::text).as_deref(), Some("Sat Sun"));
        for bad in ["", "Funday", "Sat Sat", "Sa", "Saturdays", "7"] {
            assert_eq!(Days::parse(bad), None, "{bad}");
        }
        assert_eq!(Days::parse(&Days(0b100_0001).text()), Some(Days(0b100_0001)), "text reads back");
    }

    #[test]
    fn a_schedule_leaves_on_its_days_within_its_dates() {
        assert_eq!(weekday(date("2026-11-28")), 6, "a Saturday");
        let fridays = run_dates(
            Days::parse("Fri").expect("days"),
            date("2026-11-01"),
            date("2026-12-31"),
            date("2026-11-28"),
            date("2026-12-12"),
        );
        assert_eq!(fridays, vec![date("2026-12-04"), date("2026-12-11")]);
        let daily =
            run_dates(Days::DAILY, date("2026-12-01"), date("2026-12-03"), date("2026-11-28"), date("2026-12-28"));
        assert_eq!(daily.len(), 3, "not before its first date nor after its last");
        assert!(
            run_dates(Days::DAILY, date("2026-12-05"), date("2026-12-01"), date("2026-11-28"), date("2026-12-28"))
                .is_empty()
        );
    }

    #[test]
    fn a_departure_is_a_strict_24_hour_time() {
        assert_eq!(parse_departure("07:30"), Some(450));
        assert_eq!(parse_departure("23:59"), Some(1439));
        for bad in ["7:30", "24:00", "07:60", "0730", "07:30 PM", "=1+1", "٠٧:٣٠"] {
            assert_eq!(parse_departure(bad), None, "{bad}");
        }
        assert_eq!(departure_text(450), "07:30");
    }

    #[test]
    fn a_class_is_ac_when_its_name_says_so_first() {
        assert!(class_is_ac("AC Business") && class_is_ac(" ac sleeper") && class_is_ac("AC"));
        assert!(!class_is_ac("Non-AC") && !class_is_ac("Economy") && !class_is_ac("A") && !class_is_ac("এসি"));
    }
}
