//! An operator's rules for a ticket's change of plans (issue 37): how much notice buys how much
//! back (slabs of hours before departure, each with a fee in percent, with a least amount, or in
//! taka), night hours that do not count as notice (Jatri counts no hour between 00:00 and 06:00),
//! dated periods of travel with their own slabs or no cancelling or rescheduling at all (Eid), and
//! the fee for changing the date with how late it may be done. Pure: a ticket keeps the policy it
//! was sold under and the web and the counter ask the same function for the amounts.
//!
//! Notice is counted in minutes from the moment asked to the departure, both Dhaka wall clock,
//! less the minutes that fall in the night range of any day between them (a range such as 22:00
//! to 06:00 runs across midnight). A slab of `hours` applies when the notice is at least that
//! many hours; of the slabs that apply, the one with the most hours; none applies: too late.

use serde::{Deserialize, Serialize};

use crate::language::Language;
use crate::pricing::Taka;
use crate::time::{Date, DateTime, parse_clock};

const DAY: i64 = 24 * 60;

/// An operator's cancellation and reschedule policy.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct Policy {
    /// Notice -> fee; none: a ticket cannot be cancelled.
    pub slabs: Vec<Slab>,
    /// Hours of each night that do not count as notice.
    #[serde(default)]
    pub night: Option<Night>,
    /// Dated periods of travel (by the departure's date) with rules of their own.
    #[serde(default)]
    pub periods: Vec<Period>,
    /// Changing the date; none: not offered.
    #[serde(default)]
    pub reschedule: Option<Reschedule>,
}

/// At least `hours` of notice: `fee` is kept.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct Slab {
    pub hours: u32,
    pub fee: Fee,
}

/// What is kept of the amount paid.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum Fee {
    /// A whole percent of the amount paid (rounded to the taka, half up), at least `minimum`.
    Percent {
        percent: u32,
        #[serde(default)]
        minimum: Taka,
    },
    /// A fixed amount.
    Taka { taka: Taka },
}

/// A nightly range, `HH:MM` to `HH:MM` Dhaka time (to before from: across midnight).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct Night {
    pub from: String,
    pub to: String,
}

/// Departures from `from` to `to` (dates, inclusive) follow these rules instead.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct Period {
    #[serde(default)]
    pub name: String,
    /// `YYYY-MM-DD`, the first and last travel dates.
    pub from: String,
    pub to: String,
    /// The period's own slabs; none: the policy's.
    #[serde(default)]
    pub slabs: Option<Vec<Slab>>,
    #[serde(default)]
    pub no_cancel: bool,
    #[serde(default)]
    pub no_reschedule: bool,
}

/// A date change costs `fee` with at least `hours` of notice.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct Reschedule {
    pub hours: u32,
    pub fee: Fee,
}

/// The amounts of a cancellation or a date change allowed, or why not.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(tag = "outcome", rename_all = "camelCase", rename_all_fields = "camelCase")]
pub enum PolicyQuote {
    Allowed {
        /// Kept of the amount paid.
        fee: Taka,
        /// Back to the traveller (a cancellation; for a date change, what the fee leaves).
        refund: Taka,
        /// Notice counted, in minutes.
        notice_minutes: i64,
    },
    Refused {
        reason: PolicyRefusal,
        notice_minutes: i64,
    },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub enum PolicyRefusal {
    /// The trip has left.
    Departed,
    /// Less notice than any slab asks.
    TooLate,
    /// A dated period (Eid) allows none.
    NotInPeriod,
    /// The operator offers no date change.
    NotOffered,
}

/// A nightly range as minutes of the day; `None` for a range that is not one.
fn night_minutes(night: &Night) -> Option<(i64, i64)> {
    Some((i64::from(parse_clock(&night.from).ok()?), i64::from(parse_clock(&night.to).ok()?)))
}

/// Minutes of notice from `now` to `departs`, the night's minutes not counted.
pub fn notice_minutes(now: DateTime, departs: DateTime, night: Option<&Night>) -> i64 {
    let (start, end) = (now.epoch_minutes(), departs.epoch_minutes());
    if end <= start {
        return 0;
    }
    let Some((from, to)) = night.and_then(night_minutes).filter(|(from, to)| from != to) else {
        return end - start;
    };
    // Each day's night, from the day before `now` (a night across midnight reaches into it).
    let mut uncounted = 0;
    for day in start.div_euclid(DAY) - 1..=end.div_euclid(DAY) {
        let night_start = day * DAY + from;
        let night_end = if to > from { day * DAY + to } else { (day + 1) * DAY + to };
        uncounted += (end.min(night_end) - start.max(night_start)).max(0);
    }
    end - start - uncounted
}

/// What `fee` keeps of `paid`: never more than was paid.
pub fn fee_of(fee: &Fee, paid: Taka) -> Taka {
    let kept = match fee {
        Fee::Percent { percent, minimum } => ((paid * i64::from(*percent) + 50) / 100).max(*minimum),
        Fee::Taka { taka } => *taka,
    };
    kept.clamp(0, paid.max(0))
}

/// The period a departure falls in, if any (the first listed wins; one whose dates do not read
/// covers nothing).
pub fn period_of(policy: &Policy, departs: DateTime) -> Option<&Period> {
    policy.periods.iter().find(|p| match (Date::parse(&p.from), Date::parse(&p.to)) {
        (Ok(from), Ok(to)) => from <= departs.date && departs.date <= to,
        _ => false,
    })
}

/// Cancelling a ticket that cost `paid`, asked at `now`, departing at `departs`.
pub fn cancel(policy: &Policy, paid: Taka, now: DateTime, departs: DateTime) -> PolicyQuote {
    let notice = notice_minutes(now, departs, policy.night.as_ref());
    let refused = |reason| PolicyQuote::Refused { reason, notice_minutes: notice };
    if now >= departs {
        return refused(PolicyRefusal::Departed);
    }
    let period = period_of(policy, departs);
    if period.is_some_and(|p| p.no_cancel) {
        return refused(PolicyRefusal::NotInPeriod);
    }
    let slabs = period.and_then(|p| p.slabs.as_ref()).unwrap_or(&policy.slabs);
    let slab = slabs.iter().filter(|s| notice >= i64::from(s.hours) * 60).max_by_key(|s| s.hours);
    match slab {
        Some(slab) => {
            let fee = fee_of(&slab.fee, paid);
            PolicyQuote::Allowed { fee, refund: paid.max(0) - fee, notice_minutes: notice }
        }
        None => refused(PolicyRefusal::TooLate),
    }
}

/// Changing the date of a ticket that cost `paid`, asked at `now`, departing at `departs`.
pub fn reschedule(policy: &Policy, paid: Taka, now: DateTime, departs: DateTime) -> PolicyQuote {
    let notice = notice_minutes(now, departs, policy.night.as_ref());
    let refused = |reason| PolicyQuote::Refused { reason, notice_minutes: notice };
    if now >= departs {
        return refused(PolicyRefusal::Departed);
    }
    if period_of(policy, departs).is_some_and(|p| p.no_reschedule) {
        return refused(PolicyRefusal::NotInPeriod);
    }
    let Some(rule) = &policy.reschedule else { return refused(PolicyRefusal::NotOffered) };
    if notice < i64::from(rule.hours) * 60 {
        return refused(PolicyRefusal::TooLate);
    }
    let fee = fee_of(&rule.fee, paid);
    PolicyQuote::Allowed { fee, refund: paid.max(0) - fee, notice_minutes: notice }
}

/// A table for a ticket, not a database: what a manager may save.
pub const MAX_SLABS: usize = 8;
pub const MAX_PERIODS: usize = 12;
/// Thirty days of notice: a slab beyond it would never matter (sales open 30 days ahead at most).
pub const MAX_HOURS: u32 = 30 * 24;
/// The largest fixed fee, in taka.
pub const MAX_TAKA: Taka = 100_000;
pub const MAX_PERIOD_NAME: usize = 40;

/// A policy the site runs on until an operator sets its own: one slab, `fee_percent` kept with
/// at least `cutoff_hours` of notice, no date change (the site's rule before issue 37).
pub fn flat(cutoff_hours: u32, fee_percent: u32) -> Policy {
    Policy {
        slabs: vec![Slab { hours: cutoff_hours, fee: Fee::Percent { percent: fee_percent, minimum: 0 } }],
        night: None,
        periods: Vec::new(),
        reschedule: None,
    }
}

/// A field of a policy that cannot be saved, and why (`slabs[1].fee.percent`, `0 to 100`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PolicyError {
    pub field: String,
    pub detail: String,
}

fn wrong(field: impl Into<String>, detail: impl Into<String>) -> PolicyError {
    PolicyError { field: field.into(), detail: detail.into() }
}

fn check_fee(fee: &Fee, field: &str) -> Result<(), PolicyError> {
    match fee {
        Fee::Percent { percent, .. } if *percent > 100 => Err(wrong(format!("{field}.percent"), "0 to 100")),
        Fee::Percent { minimum, .. } if !(0..=MAX_TAKA).contains(minimum) => {
            Err(wrong(format!("{field}.minimum"), format!("0 to {MAX_TAKA} Tk")))
        }
        Fee::Taka { taka } if !(0..=MAX_TAKA).contains(taka) => {
            Err(wrong(format!("{field}.taka"), format!("0 to {MAX_TAKA} Tk")))
        }
        _ => Ok(()),
    }
}

fn check_hours(hours: u32, field: &str) -> Result<(), PolicyError> {
    if hours > MAX_HOURS { Err(wrong(field, format!("0 to {MAX_HOURS} hours"))) } else { Ok(()) }
}

fn check_slabs(slabs: &[Slab], field: &str) -> Result<(), PolicyError> {
    if slabs.len() > MAX_SLABS {
        return Err(wrong(field, format!("at most {MAX_SLABS} rows")));
    }
    for (i, slab) in slabs.iter().enumerate() {
        check_hours(slab.hours, &format!("{field}[{i}].hours"))?;
        check_fee(&slab.fee, &format!("{field}[{i}].fee"))?;
        if slabs[..i].iter().any(|s| s.hours == slab.hours) {
            return Err(wrong(format!("{field}[{i}].hours"), format!("{} hours is listed twice", slab.hours)));
        }
    }
    Ok(())
}

/// Whether a manager's policy can be saved: every number in its range, every time and date
/// readable, no two rows for the same notice.
pub fn validate(policy: &Policy) -> Result<(), PolicyError> {
    check_slabs(&policy.slabs, "slabs")?;
    if let Some(night) = &policy.night {
        parse_clock(&night.from).map_err(|_| wrong("night.from", "a time such as 00:00"))?;
        parse_clock(&night.to).map_err(|_| wrong("night.to", "a time such as 06:00"))?;
        if night.from == night.to {
            return Err(wrong("night.to", "a time other than the start"));
        }
    }
    if policy.periods.len() > MAX_PERIODS {
        return Err(wrong("periods", format!("at most {MAX_PERIODS} periods")));
    }
    for (i, period) in policy.periods.iter().enumerate() {
        let field = format!("periods[{i}]");
        if period.name.chars().count() > MAX_PERIOD_NAME {
            return Err(wrong(format!("{field}.name"), format!("at most {MAX_PERIOD_NAME} characters")));
        }
        let from = Date::parse(&period.from).map_err(|_| wrong(format!("{field}.from"), "a date YYYY-MM-DD"))?;
        let to = Date::parse(&period.to).map_err(|_| wrong(format!("{field}.to"), "a date YYYY-MM-DD"))?;
        if to < from {
            return Err(wrong(format!("{field}.to"), "on or after the first date"));
        }
        if let Some(slabs) = &period.slabs {
            check_slabs(slabs, &format!("{field}.slabs"))?;
        }
    }
    if let Some(rule) = &policy.reschedule {
        check_hours(rule.hours, "reschedule.hours")?;
        check_fee(&rule.fee, "reschedule.fee")?;
    }
    Ok(())
}

/// Cancelling free of charge until departure: what a traveller may do once the operator changed
/// the trip's time or boarding point after the sale.
pub fn cancel_free(paid: Taka, now: DateTime, departs: DateTime) -> PolicyQuote {
    let notice = now.minutes_until(departs).max(0);
    if now >= departs {
        return PolicyQuote::Refused { reason: PolicyRefusal::Departed, notice_minutes: 0 };
    }
    PolicyQuote::Allowed { fee: 0, refund: paid.max(0), notice_minutes: notice }
}

/// A date change allowed, with what it costs and who pays whom, or why not.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(tag = "outcome", rename_all = "camelCase", rename_all_fields = "camelCase")]
pub enum ChangeQuote {
    Allowed {
        /// Kept of the amount paid for the old ticket.
        fee: Taka,
        /// What the old ticket brings to the new one: what was paid less the fee.
        credit: Taka,
        /// Still to pay through the gateway (a dearer trip).
        pay: Taka,
        /// Back to the traveller (a cheaper trip).
        refund: Taka,
        notice_minutes: i64,
    },
    Refused {
        reason: PolicyRefusal,
        notice_minutes: i64,
    },
}

/// Changing a ticket that cost `paid` and leaves at `departs` to a trip leaving at `to_departs`
/// that costs `new_amount`, asked at `now`: the policy's date-change rule for the old ticket
/// (its notice and fee), and the new date must be ahead and outside a period with no changes.
pub fn change(
    policy: &Policy,
    paid: Taka,
    new_amount: Taka,
    now: DateTime,
    departs: DateTime,
    to_departs: DateTime,
) -> ChangeQuote {
    settle(policy, reschedule(policy, paid, now, departs), new_amount, now, to_departs)
}

/// A date change from the old ticket's `quote` (the date-change rule's, or a free cancellation's
/// once the operator moved the trip): the new date must be ahead and outside a period with no
/// changes; then the difference between what the old ticket brings and what the new one costs.
pub fn settle(
    policy: &Policy,
    quote: PolicyQuote,
    new_amount: Taka,
    now: DateTime,
    to_departs: DateTime,
) -> ChangeQuote {
    match quote {
        PolicyQuote::Refused { reason, notice_minutes } => ChangeQuote::Refused { reason, notice_minutes },
        PolicyQuote::Allowed { .. } if to_departs <= now => {
            ChangeQuote::Refused { reason: PolicyRefusal::Departed, notice_minutes: 0 }
        }
        PolicyQuote::Allowed { notice_minutes, .. }
            if period_of(policy, to_departs).is_some_and(|p| p.no_reschedule) =>
        {
            ChangeQuote::Refused { reason: PolicyRefusal::NotInPeriod, notice_minutes }
        }
        PolicyQuote::Allowed { fee, refund: credit, notice_minutes } => ChangeQuote::Allowed {
            fee,
            credit,
            pay: (new_amount - credit).max(0),
            refund: (credit - new_amount).max(0),
            notice_minutes,
        },
    }
}

/// A fee in words: `15% kept, at least 100 Tk` / `১৫% কাটা হবে, কমপক্ষে ১০০ টাকা`.
fn fee_words(fee: &Fee, language: Language) -> String {
    let bn = language == Language::Bangla;
    let text = match (fee, bn) {
        (Fee::Percent { percent, minimum: 0 }, false) => format!("{percent}% kept"),
        (Fee::Percent { percent, minimum }, false) => format!("{percent}% kept, at least {minimum} Tk"),
        (Fee::Taka { taka }, false) => format!("{taka} Tk kept"),
        (Fee::Percent { percent, minimum: 0 }, true) => format!("{percent}% কাটা হবে"),
        (Fee::Percent { percent, minimum }, true) => format!("{percent}% কাটা হবে, কমপক্ষে {minimum} টাকা"),
        (Fee::Taka { taka }, true) => format!("{taka} টাকা কাটা হবে"),
    };
    language.digits(&text)
}

/// Slabs in words, most notice first, and what is left below the last.
fn slab_words(slabs: &[Slab], language: Language) -> Vec<String> {
    let bn = language == Language::Bangla;
    let mut sorted: Vec<&Slab> = slabs.iter().collect();
    sorted.sort_by_key(|slab| std::cmp::Reverse(slab.hours));
    let mut lines = Vec::new();
    let mut above: Option<u32> = None;
    for slab in &sorted {
        let fee = fee_words(&slab.fee, language);
        let when = match (above, slab.hours, bn) {
            (None, 0, false) => "Until departure".to_owned(),
            (None, h, false) => format!("{h} hours or more before departure"),
            (Some(a), 0, false) => format!("Under {a} hours"),
            (Some(a), h, false) => format!("{h} to {a} hours before"),
            (None, 0, true) => "ছাড়ার আগ পর্যন্ত".to_owned(),
            (None, h, true) => format!("ছাড়ার {h} ঘণ্টা বা তার বেশি আগে"),
            (Some(a), 0, true) => format!("{a} ঘণ্টার কম আগে"),
            (Some(a), h, true) => format!("{h} থেকে {a} ঘণ্টা আগে"),
        };
        lines.push(language.digits(&format!("{when}: {fee}")));
        above = Some(slab.hours);
    }
    match (above, bn) {
        (None, false) => lines.push("Tickets cannot be cancelled".to_owned()),
        (None, true) => lines.push("টিকিট বাতিল করা যায় না".to_owned()),
        (Some(0), _) => {}
        (Some(h), false) => lines.push(format!("Under {h} hours: no cancellation")),
        (Some(h), true) => lines.push(language.digits(&format!("{h} ঘণ্টার কম আগে: বাতিল করা যায় না"))),
    }
    lines
}

/// The policy in plain words, a line each, in `language`: what the payment page, the ticket and
/// its PDF say before anyone pays or cancels.
pub fn describe(policy: &Policy, language: Language) -> Vec<String> {
    let bn = language == Language::Bangla;
    let mut lines = slab_words(&policy.slabs, language);
    if let Some((from, to)) = policy.night.as_ref().filter(|n| night_minutes(n).is_some()).map(|n| (&n.from, &n.to)) {
        let line = if bn {
            format!("রাত {from} থেকে {to} পর্যন্ত সময় গোনা হয় না")
        } else {
            format!("Hours from {from} to {to} do not count")
        };
        lines.push(language.digits(&line));
    }
    for period in &policy.periods {
        let name = if period.name.is_empty() { String::new() } else { format!(" ({})", period.name) };
        let head = if bn {
            format!("{} থেকে {} যাত্রা{name}", period.from, period.to)
        } else {
            format!("Travel from {} to {}{name}", period.from, period.to)
        };
        let rule = match (period.no_cancel, period.no_reschedule, bn) {
            (true, true, false) => "no cancellation or date change".to_owned(),
            (true, false, false) => "no cancellation".to_owned(),
            (false, true, false) => "no date change".to_owned(),
            (true, true, true) => "বাতিল বা তারিখ বদল করা যায় না".to_owned(),
            (true, false, true) => "বাতিল করা যায় না".to_owned(),
            (false, true, true) => "তারিখ বদল করা যায় না".to_owned(),
            (false, false, _) => String::new(),
        };
        let own = period.slabs.as_deref().filter(|_| !period.no_cancel).map(|s| slab_words(s, language).join("; "));
        let rule = [Some(rule).filter(|r| !r.is_empty()), own].into_iter().flatten().collect::<Vec<_>>().join("; ");
        if !rule.is_empty() {
            lines.push(language.digits(&format!("{head}: {rule}")));
        }
    }
    lines.push(match (&policy.reschedule, bn) {
        (Some(r), false) => language.digits(&format!(
            "Change the date up to {} hours before departure: {}",
            r.hours,
            fee_words(&r.fee, language)
        )),
        (Some(r), true) => {
            language.digits(&format!("ছাড়ার {} ঘণ্টা আগ পর্যন্ত তারিখ বদল: {}", r.hours, fee_words(&r.fee, language)))
        }
        (None, false) => "No date change".to_owned(),
        (None, true) => "তারিখ বদল করা যায় না".to_owned(),
    });
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str) -> DateTime {
        crate::time::parse_local(text).unwrap()
    }

    fn night(from: &str, to: &str) -> Option<Night> {
        Some(Night { from: from.into(), to: to.into() })
    }

    #[test]
    fn the_night_is_not_counted_whichever_days_it_crosses() {
        let jatri = night("00:00", "06:00");
        assert_eq!(notice_minutes(at("2026-12-11 20:00"), at("2026-12-12 10:00"), jatri.as_ref()), 8 * 60);
        assert_eq!(notice_minutes(at("2026-12-12 03:00"), at("2026-12-12 16:00"), jatri.as_ref()), 10 * 60);
        assert_eq!(notice_minutes(at("2026-12-10 12:00"), at("2026-12-12 12:00"), jatri.as_ref()), 36 * 60);
        let late = night("22:00", "06:00");
        assert_eq!(notice_minutes(at("2026-12-11 21:00"), at("2026-12-12 12:00"), late.as_ref()), 7 * 60);
        assert_eq!(notice_minutes(at("2026-12-12 01:00"), at("2026-12-12 07:00"), late.as_ref()), 60);
        assert_eq!(notice_minutes(at("2026-12-12 07:00"), at("2026-12-12 01:00"), late.as_ref()), 0);
        assert_eq!(notice_minutes(at("2026-12-12 07:00"), at("2026-12-12 09:30"), None), 150);
    }

    #[test]
    fn a_fee_never_takes_more_than_was_paid() {
        assert_eq!(fee_of(&Fee::Percent { percent: 15, minimum: 0 }, 1_203), 180);
        assert_eq!(fee_of(&Fee::Percent { percent: 10, minimum: 100 }, 500), 100);
        assert_eq!(fee_of(&Fee::Percent { percent: 10, minimum: 100 }, 60), 60);
        assert_eq!(fee_of(&Fee::Taka { taka: 150 }, 100), 100);
    }

    #[test]
    fn a_policy_with_a_number_out_of_range_or_a_bad_date_is_refused_with_its_field() {
        let field = |p: &Policy| validate(p).err().map(|e| e.field);
        let ok = flat(6, 10);
        assert_eq!(validate(&ok), Ok(()));
        let mut p = ok.clone();
        p.slabs[0].fee = Fee::Percent { percent: 101, minimum: 0 };
        assert_eq!(field(&p).as_deref(), Some("slabs[0].fee.percent"));
        let mut p = ok.clone();
        p.slabs.push(Slab { hours: 6, fee: Fee::Taka { taka: 50 } });
        assert_eq!(field(&p).as_deref(), Some("slabs[1].hours"));
        let mut p = ok.clone();
        p.night = night("25:00", "06:00");
        assert_eq!(field(&p).as_deref(), Some("night.from"));
        let mut p = ok.clone();
        p.periods.push(Period {
            name: "Eid".into(),
            from: "2027-03-20".into(),
            to: "2027-03-18".into(),
            slabs: None,
            no_cancel: true,
            no_reschedule: true,
        });
        assert_eq!(field(&p).as_deref(), Some("periods[0].to"));
        let mut p = ok.clone();
        p.reschedule = Some(Reschedule { hours: MAX_HOURS + 1, fee: Fee::Taka { taka: 0 } });
        assert_eq!(field(&p).as_deref(), Some("reschedule.hours"));
        let mut p = ok;
        p.slabs = (0..=MAX_SLABS as u32).map(|h| Slab { hours: h, fee: Fee::Taka { taka: 0 } }).collect();
        assert_eq!(field(&p).as_deref(), Some("slabs"));
    }

    #[test]
    fn a_changed_trip_may_be_cancelled_free_until_it_leaves() {
        assert_eq!(
            cancel_free(900, at("2026-12-12 09:00"), at("2026-12-12 10:00")),
            PolicyQuote::Allowed { fee: 0, refund: 900, notice_minutes: 60 }
        );
        assert!(matches!(
            cancel_free(900, at("2026-12-12 10:00"), at("2026-12-12 10:00")),
            PolicyQuote::Refused { reason: PolicyRefusal::Departed, .. }
        ));
    }
}
