//! How each language writes numbers, money, dates and clock times, once for the site, the
//! e-ticket PDF and the SMS (issue 15; they were written three times and had drifted: the PDF
//! spelt January 'জানুয়ারী', the site 'জানুয়ারি').
//!
//! English is SPEC's: `1,800 TK`, `YYYY-MM-DD`, `10:30 PM`, 'Sunday 22 November 2026'. Bangla is
//! what a Bangladeshi traveller reads on a counter's board: Bengali digits, lakh grouping
//! (১,২০,০০০), money '১,২০০ টাকা', the part of the day before a clock time ('রাত ১০:৩০'), and
//! CLDR bn's month and weekday names, as browsers' `Intl` wrote them on the site before.

use serde::{Deserialize, Serialize};

use crate::pricing;
use crate::time::{Date, DateTime};

/// A language the site and the servers write in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub enum Language {
    #[default]
    #[serde(rename = "en")]
    English,
    #[serde(rename = "bn")]
    Bangla,
}

const MONTHS_EN: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];
const MONTHS_BN: [&str; 12] =
    ["জানুয়ারি", "ফেব্রুয়ারি", "মার্চ", "এপ্রিল", "মে", "জুন", "জুলাই", "আগস্ট", "সেপ্টেম্বর", "অক্টোবর", "নভেম্বর", "ডিসেম্বর"];
/// Sunday first.
const WEEKDAYS_EN: [&str; 7] = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const WEEKDAYS_BN: [&str; 7] = ["রবিবার", "সোমবার", "মঙ্গলবার", "বুধবার", "বৃহস্পতিবার", "শুক্রবার", "শনিবার"];

impl Language {
    /// `bn` or `en` (a primary language subtag: `bn-BD` is Bangla).
    pub fn from_tag(tag: &str) -> Option<Language> {
        let primary = tag.trim().split(['-', '_']).next().unwrap_or("").to_ascii_lowercase();
        match primary.as_str() {
            "bn" => Some(Language::Bangla),
            "en" => Some(Language::English),
            _ => None,
        }
    }

    /// Its tag: `bn`, `en` (what a cookie and the store keep).
    pub fn tag(self) -> &'static str {
        match self {
            Language::English => "en",
            Language::Bangla => "bn",
        }
    }

    /// ASCII digits written in this language's digits ('1,200' -> '১,২০০' in Bangla); codes
    /// such as a PNR are not passed through here, they stay as printed.
    pub fn digits(self, text: &str) -> String {
        match self {
            Language::English => text.to_owned(),
            Language::Bangla => text
                .chars()
                .map(|c| match c {
                    '0'..='9' => char::from_u32('০' as u32 + (c as u32 - '0' as u32)).unwrap_or(c),
                    _ => c,
                })
                .collect(),
        }
    }

    /// A number with at most two decimals (rounded half up, as the site always did), its whole
    /// part grouped: '1,199.5', '১২,৩৪,৫৬৭'.
    pub fn number(self, value: f64) -> String {
        let hundredths = if value.is_finite() { (value * 100.0 + 0.5).floor() } else { 0.0 };
        let negative = hundredths < 0.0;
        let hundredths = hundredths.abs() as u64;
        let (whole, fraction) = (hundredths / 100, hundredths % 100);
        let fraction = match fraction {
            0 => String::new(),
            f if f % 10 == 0 => format!(".{}", f / 10),
            f => format!(".{f:02}"),
        };
        let sign = if negative && hundredths > 0 { "-" } else { "" };
        self.digits(&format!("{sign}{}{fraction}", self.grouped(whole)))
    }

    /// Whole taka, rounded as the core's prices are: '1,800 TK' (`pricing::format_taka`, what
    /// SPEC writes), '১,৮০০ টাকা'; an amount taken off is '- 200 TK', '- ২০০ টাকা'.
    pub fn taka(self, amount: f64) -> String {
        match self {
            Language::English => pricing::format_taka(amount),
            Language::Bangla => {
                let rounded = if amount.is_finite() { amount.round() } else { 0.0 };
                let sign = if rounded < 0.0 { "- " } else { "" };
                format!("{sign}{} টাকা", self.digits(&self.grouped(rounded.abs() as u64)))
            }
        }
    }

    /// A calendar date in a line of print: `YYYY-MM-DD` (SPEC's), '২৩ নভেম্বর ২০২৬'.
    pub fn date(self, date: Date) -> String {
        match self {
            Language::English => date.to_string(),
            Language::Bangla => {
                self.digits(&format!("{} {} {}", date.day(), MONTHS_BN[month_index(date)], date.year()))
            }
        }
    }

    /// A date spelt out: 'Sunday 22 November 2026', 'রবিবার, ২২ নভেম্বর, ২০২৬'.
    pub fn long_date(self, date: Date) -> String {
        let weekday = weekday(date);
        match self {
            Language::English => {
                format!("{} {} {} {}", WEEKDAYS_EN[weekday], date.day(), MONTHS_EN[month_index(date)], date.year())
            }
            Language::Bangla => self.digits(&format!(
                "{}, {} {}, {}",
                WEEKDAYS_BN[weekday],
                date.day(),
                MONTHS_BN[month_index(date)],
                date.year()
            )),
        }
    }

    /// A clock time: `10:30 PM`, 'রাত ১০:৩০' (the part of the day first, as counters say it).
    pub fn clock(self, moment: DateTime) -> String {
        let Language::Bangla = self else { return moment.clock_12h() };
        let (hour, minute) = (moment.minute_of_day / 60, moment.minute_of_day % 60);
        let hour12 = if hour % 12 == 0 { 12 } else { hour % 12 };
        self.digits(&format!("{} {hour12}:{minute:02}", day_part(hour)))
    }

    /// Thousands grouped in threes in English; in Bangla the last three digits, then pairs.
    fn grouped(self, n: u64) -> String {
        let digits = n.to_string();
        let mut out = String::with_capacity(digits.len() * 4 / 3 + 1);
        for (i, c) in digits.chars().enumerate() {
            let left = digits.len() - i;
            let at_comma = match self {
                Language::English => left.is_multiple_of(3),
                Language::Bangla => left == 3 || (left > 3 && (left - 3).is_multiple_of(2)),
            };
            if i > 0 && at_comma {
                out.push(',');
            }
            out.push(c);
        }
        out
    }
}

fn month_index(date: Date) -> usize {
    usize::from(date.month().clamp(1, 12)) - 1
}

/// Sunday 0 ... Saturday 6 (1970-01-01 was a Thursday).
fn weekday(date: Date) -> usize {
    (date.days_since_epoch() + 4).rem_euclid(7) as usize
}

/// The part of the day a Bangladeshi clock time is said with, by the hour (0-23).
fn day_part(hour: u16) -> &'static str {
    match hour {
        0..4 => "রাত",
        4..6 => "ভোর",
        6..12 => "সকাল",
        12..15 => "দুপুর",
        15..18 => "বিকেল",
        18..20 => "সন্ধ্যা",
        _ => "রাত",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const EN: Language = Language::English;
    const BN: Language = Language::Bangla;

    #[test]
    fn numbers_group_by_thousands_in_english_and_by_lakh_in_bangla() {
        assert_eq!(EN.number(1_234_567.0), "1,234,567");
        assert_eq!(BN.number(1_234_567.0), "১২,৩৪,৫৬৭");
        assert_eq!(BN.number(10_000_000.0), "১,০০,০০,০০০");
        assert_eq!(EN.number(999.0), "999");
        assert_eq!(EN.number(1199.5), "1,199.5");
        assert_eq!(EN.number(12_345.678), "12,345.68");
        assert_eq!(EN.number(-1500.0), "-1,500");
        assert_eq!(EN.number(-0.001), "0");
    }

    #[test]
    fn money_is_whole_taka() {
        assert_eq!(EN.taka(1800.0), "1,800 TK");
        assert_eq!(BN.taka(120_000.0), "১,২০,০০০ টাকা");
        assert_eq!(BN.taka(-200.4), "- ২০০ টাকা");
        assert_eq!(BN.taka(-0.2), "০ টাকা");
    }

    #[test]
    fn dates_and_clock_times() {
        let day = Date::new(2026, 11, 22).unwrap();
        assert_eq!(EN.long_date(day), "Sunday 22 November 2026");
        assert_eq!(BN.long_date(day), "রবিবার, ২২ নভেম্বর, ২০২৬");
        assert_eq!(BN.date(day), "২২ নভেম্বর ২০২৬");
        assert_eq!(EN.date(day), "2026-11-22");
        let late = DateTime { date: day, minute_of_day: 22 * 60 + 30 };
        assert_eq!(BN.clock(late), "রাত ১০:৩০");
        assert_eq!(EN.clock(late), "10:30 PM");
        let dawn = DateTime { date: day, minute_of_day: 5 };
        assert_eq!(BN.clock(dawn), "রাত ১২:০৫");
    }
}
