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
pub enum Quote {
    Allowed {
        /// Kept of the amount paid.
        fee: Taka,
        /// Back to the traveller (a cancellation; for a date change, what the fee leaves).
        refund: Taka,
        /// Notice counted, in minutes.
        notice_minutes: i64,
    },
    Refused {
        reason: Refusal,
        notice_minutes: i64,
    },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub enum Refusal {
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
fn period_of(policy: &Policy, departs: DateTime) -> Option<&Period> {
    policy.periods.iter().find(|p| match (Date::parse(&p.from), Date::parse(&p.to)) {
        (Ok(from), Ok(to)) => from <= departs.date && departs.date <= to,
        _ => false,
    })
}

/// Cancelling a ticket that cost `paid`, asked at `now`, departing at `departs`.
pub fn cancel(policy: &Policy, paid: Taka, now: DateTime, departs: DateTime) -> Quote {
    let notice = notice_minutes(now, departs, policy.night.as_ref());
    let refused = |reason| Quote::Refused { reason, notice_minutes: notice };
    if now >= departs {
        return refused(Refusal::Departed);
    }
    let period = period_of(policy, departs);
    if period.is_some_and(|p| p.no_cancel) {
        return refused(Refusal::NotInPeriod);
    }
    let slabs = period.and_then(|p| p.slabs.as_ref()).unwrap_or(&policy.slabs);
    let slab = slabs.iter().filter(|s| notice >= i64::from(s.hours) * 60).max_by_key(|s| s.hours);
    match slab {
        Some(slab) => {
            let fee = fee_of(&slab.fee, paid);
            Quote::Allowed { fee, refund: paid.max(0) - fee, notice_minutes: notice }
        }
        None => refused(Refusal::TooLate),
    }
}

/// Changing the date of a ticket that cost `paid`, asked at `now`, departing at `departs`.
pub fn reschedule(policy: &Policy, paid: Taka, now: DateTime, departs: DateTime) -> Quote {
    let notice = notice_minutes(now, departs, policy.night.as_ref());
    let refused = |reason| Quote::Refused { reason, notice_minutes: notice };
    if now >= departs {
        return refused(Refusal::Departed);
    }
    if period_of(policy, departs).is_some_and(|p| p.no_reschedule) {
        return refused(Refusal::NotInPeriod);
    }
    let Some(rule) = &policy.reschedule else { return refused(Refusal::NotOffered) };
    if notice < i64::from(rule.hours) * 60 {
        return refused(Refusal::TooLate);
    }
    let fee = fee_of(&rule.fee, paid);
    Quote::Allowed { fee, refund: paid.max(0) - fee, notice_minutes: notice }
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
}
