//! The traveller's language (issue 15): what the server itself writes, the OTP's SMS and the
//! e-ticket PDF, is in Bangla or in English. The site's texts are the site's (app/src/i18n); the
//! API's answers carry codes and both scripts of every name, never a text in one language only.
//!
//! A request says its language by the site's `lang` cookie (the traveller's choice on the site,
//! sent with a plain link such as the PDF's) or by `Accept-Language` (the core's API client sends
//! the choice there, `ApiClient.setLanguage`; a browser sends the phone's languages). The cookie
//! wins: it is a choice, the header may be only the phone's setting.

use core_wasm::time::{Date, DateTime};

/// A language the server writes in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Language {
    #[default]
    English,
    Bangla,
}

impl Language {
    /// `bn` or `en` (a primary language subtag; `bn-BD` is Bangla).
    pub fn from_tag(tag: &str) -> Option<Language> {
        let primary = tag.trim().split(['-', '_']).next().unwrap_or("").to_ascii_lowercase();
        match primary.as_str() {
            "bn" => Some(Language::Bangla),
            "en" => Some(Language::English),
            _ => None,
        }
    }

    /// The language of a request: its `lang` cookie, else the first of Bangla or English in its
    /// `Accept-Language` by preference (q), else English.
    pub fn of_request(cookie_header: Option<&str>, accept_language: Option<&str>) -> Language {
        cookie_header
            .and_then(|header| cookie(header, "lang"))
            .and_then(Language::from_tag)
            .or_else(|| accept_language.and_then(preferred))
            .unwrap_or_default()
    }

    /// Writes ASCII digits in this language's digits ('1,200' -> '১,২০০' in Bangla).
    pub fn digits(self, text: &str) -> String {
        match self {
            Language::English => text.to_owned(),
            Language::Bangla => text
                .chars()
                .map(|c| match c.to_digit(10) {
                    Some(d) if c.is_ascii_digit() => char::from_u32(0x09E6 + d).unwrap_or(c),
                    _ => c,
                })
                .collect(),
        }
    }

    /// Whole taka as the core rounds them: 'TK 1,200' (`pricing::format_taka`), or in Bangla
    /// '১,২০০ টাকা' with lakh grouping ('১,২০,০০০ টাকা'), as the site writes money.
    pub fn taka(self, amount: f64) -> String {
        match self {
            Language::English => core_wasm::pricing::format_taka(amount),
            Language::Bangla => {
                let rounded = if amount.is_finite() { amount.round() } else { 0.0 };
                let sign = if rounded < 0.0 { "- " } else { "" };
                format!("{sign}{} টাকা", self.digits(&lakh_grouped(rounded.abs() as u64)))
            }
        }
    }

    /// A calendar date as the language writes it: `YYYY-MM-DD` in English (SPEC's format, the
    /// core's), '২৩ নভেম্বর ২০২৬' in Bangla.
    pub fn date(self, date: Date) -> String {
        match self {
            Language::English => date.to_string(),
            Language::Bangla => {
                let month = BANGLA_MONTHS[usize::from(date.month().clamp(1, 12)) - 1];
                self.digits(&format!("{} {month} {}", date.day(), date.year()))
            }
        }
    }

    /// A moment's clock time: the core's `hh:mm AM` in English, 'রাত ১০:৩০' in Bangla (the part
    /// of the day first, as counters and the site say it).
    pub fn clock(self, moment: DateTime) -> String {
        let Language::Bangla = self else { return moment.clock_12h() };
        let (hour, minute) = (moment.minute_of_day / 60, moment.minute_of_day % 60);
        let part = match hour {
            0..4 => "রাত",
            4..6 => "ভোর",
            6..12 => "সকাল",
            12..15 => "দুপুর",
            15..18 => "বিকেল",
            18..20 => "সন্ধ্যা",
            _ => "রাত",
        };
        let hour12 = if hour % 12 == 0 { 12 } else { hour % 12 };
        self.digits(&format!("{part} {hour12}:{minute:02}"))
    }
}

/// CLDR bn month names, as the site's Intl dates write them.
const BANGLA_MONTHS: [&str; 12] =
    ["জানুয়ারী", "ফেব্রুয়ারী", "মার্চ", "এপ্রিল", "মে", "জুন", "জুলাই", "আগস্ট", "সেপ্টেম্বর", "অক্টোবর", "নভেম্বর", "ডিসেম্বর"];

/// South Asian grouping: the last three digits, then pairs (1,20,000).
fn lakh_grouped(n: u64) -> String {
    let digits = n.to_string();
    if digits.len() <= 3 {
        return digits;
    }
    let (head, tail) = digits.split_at(digits.len() - 3);
    let mut groups: Vec<&str> = Vec::new();
    let mut rest = head;
    while rest.len() > 2 {
        let (more, pair) = rest.split_at(rest.len() - 2);
        groups.push(pair);
        rest = more;
    }
    groups.push(rest);
    groups.reverse();
    format!("{},{tail}", groups.join(","))
}

/// A cookie's value from a `Cookie` header (`a=1; lang=bn`).
fn cookie<'h>(header: &'h str, name: &str) -> Option<&'h str> {
    header.split(';').find_map(|pair| {
        let (key, value) = pair.split_once('=')?;
        (key.trim() == name).then(|| value.trim().trim_matches('"'))
    })
}

/// The most preferred of Bangla and English in an `Accept-Language` header ('bn-BD,bn;q=0.9,en;q=0.8').
fn preferred(header: &str) -> Option<Language> {
    let mut best: Option<(f32, Language)> = None;
    for item in header.split(',') {
        let mut parts = item.split(';');
        let Some(language) = parts.next().and_then(Language::from_tag) else { continue };
        let q = parts
            .find_map(|p| p.trim().strip_prefix("q="))
            .map_or(Some(1.0), |q| q.trim().parse::<f32>().ok())
            .filter(|q| q.is_finite() && *q > 0.0);
        // Of equal weight, the first listed wins (the header's order).
        if let Some(q) = q
            && best.is_none_or(|(top, _)| q > top)
        {
            best = Some((q, language));
        }
    }
    best.map(|(_, language)| language)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::Language::{self, Bangla, English};
    use core_wasm::time::{Date, DateTime};

    #[test]
    fn the_site_cookie_is_the_travellers_choice_and_wins_over_the_phone_setting() {
        assert_eq!(Language::of_request(Some("theme=dark; lang=bn"), Some("en-US,en;q=0.9")), Bangla);
        assert_eq!(Language::of_request(Some("lang=en"), Some("bn-BD")), English);
    }

    #[test]
    fn without_the_cookie_accept_language_decides_by_preference() {
        assert_eq!(Language::of_request(None, Some("bn-BD,bn;q=0.9,en;q=0.8")), Bangla);
        assert_eq!(Language::of_request(None, Some("en;q=0.5, bn;q=0.8")), Bangla);
        assert_eq!(Language::of_request(None, Some("fr-FR, en;q=0.7, bn;q=0.3")), English);
        assert_eq!(Language::of_request(Some("other=1"), Some("bn")), Bangla);
    }

    #[test]
    fn anything_else_is_english() {
        assert_eq!(Language::of_request(None, None), English);
        assert_eq!(Language::of_request(Some("lang=fr"), Some("hi-IN")), English);
        assert_eq!(Language::of_request(None, Some("bn;q=0, en;q=abc")), English);
        assert_eq!(Language::of_request(Some(";;=;lang"), Some(",,;")), English);
    }

    #[test]
    fn bangla_money_dates_and_times_read_as_the_site_writes_them() {
        assert_eq!(Bangla.taka(1200.0), "১,২০০ টাকা");
        assert_eq!(Bangla.taka(120_000.0), "১,২০,০০০ টাকা");
        assert_eq!(Bangla.taka(12_345_678.4), "১,২৩,৪৫,৬৭৮ টাকা");
        assert_eq!(Bangla.taka(-200.0), "- ২০০ টাকা");
        assert_eq!(Bangla.taka(850.0), "৮৫০ টাকা");
        assert_eq!(English.taka(1200.0), core_wasm::pricing::format_taka(1200.0));
        let day = Date::parse("2026-11-23").unwrap();
        assert_eq!(Bangla.date(day), "২৩ নভেম্বর ২০২৬");
        assert_eq!(English.date(day), "2026-11-23");
        let at = |clock: &str| DateTime { date: day, minute_of_day: core_wasm::time::parse_clock(clock).unwrap() };
        assert_eq!(Bangla.clock(at("10:30 PM")), "রাত ১০:৩০");
        assert_eq!(Bangla.clock(at("05:15 AM")), "ভোর ৫:১৫");
        assert_eq!(Bangla.clock(at("12:00 PM")), "দুপুর ১২:০০");
        assert_eq!(Bangla.clock(at("12:10 AM")), "রাত ১২:১০");
        assert_eq!(Bangla.clock(at("07:00 PM")), "সন্ধ্যা ৭:০০");
        assert_eq!(English.clock(at("10:30 PM")), "10:30 PM");
    }

    #[test]
    fn bangla_writes_bengali_digits() {
        assert_eq!(Bangla.digits("TK 1,200 at 10:30"), "TK ১,২০০ at ১০:৩০");
        assert_eq!(English.digits("1,200"), "1,200");
    }
}
