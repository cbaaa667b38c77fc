//! Trip lists (SPEC §5 "Trip lists", §3 "Filters", §9 time bands): filter, sort, fare ranges.

use serde::{Deserialize, Serialize};

use crate::contract::trips::{CoachType, Fare, Trip};
use crate::time::WireDateTime;

/// A fare as two numbers: a single amount is a range of one.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FareRange {
    pub low: f64,
    pub high: f64,
}

/// An amount in a fare text: digits with at most one decimal point (`850`, `1199.50`).
/// Hand-written: the standard float parser is ~6 KB of wasm for what fares never need
/// (signs, exponents, infinities).
fn parse_amount(text: &str) -> Option<f64> {
    let t = text.trim();
    let (whole, fraction) = t.split_once('.').unwrap_or((t, ""));
    let digits_ok = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if whole.is_empty() || whole.len() > 15 || fraction.len() > 6 || !digits_ok(whole) || !digits_ok(fraction) {
        return None;
    }
    let number = |s: &str| s.bytes().fold(0u64, |n, b| n * 10 + u64::from(b - b'0'));
    let scale = 10u64.pow(fraction.len() as u32);
    Some(number(whole) as f64 + number(fraction) as f64 / scale as f64)
}

/// Reads a fare: a number, or text `'low-high'` (a lone number in text is a range of one).
/// `None` when the text is no fare at all; such trips sort after priced ones.
pub fn fare_range(fare: &Fare) -> Option<FareRange> {
    let parse = parse_amount;
    match fare {
        Fare::Amount(a) if a.is_finite() && *a >= 0.0 => Some(FareRange { low: *a, high: *a }),
        Fare::Amount(_) => None,
        Fare::Text(text) => match text.split_once('-') {
            Some((low, high)) => {
                let (low, high) = (parse(low)?, parse(high)?);
                Some(FareRange { low: low.min(high), high: low.max(high) })
            }
            None => parse(text).map(|a| FareRange { low: a, high: a }),
        },
    }
}

/// Price sort (SPEC §3 priceFilterType).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub enum PriceSort {
    /// Low to high, by the low end of a range.
    L2h,
    /// High to low, by the high end of a range.
    H2l,
}

/// Coach type filter (SPEC §3): `all` shows both.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub enum CoachTypeFilter {
    Ac,
    NonAc,
    #[default]
    All,
}

/// Departure-time bands (SPEC §9), on the displayed (Dhaka) clock.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub enum TimeBand {
    /// 4 am - 12 pm.
    #[serde(rename = "4am-12pm")]
    Morning,
    /// 12 pm - 06 pm.
    #[serde(rename = "12pm-6pm")]
    Afternoon,
    /// 06 pm - 03 am, wrapping midnight.
    #[serde(rename = "6pm-3am")]
    Night,
}

impl TimeBand {
    pub const ALL: [TimeBand; 3] = [TimeBand::Morning, TimeBand::Afternoon, TimeBand::Night];

    /// The band a displayed minute of the day falls in. Each band includes its start and
    /// excludes its end; 03:00-03:59 falls in none (SPEC's bands leave that hour out).
    pub fn of_minute(minute_of_day: u16) -> Option<TimeBand> {
        match minute_of_day / 60 {
            4..=11 => Some(TimeBand::Morning),
            12..=17 => Some(TimeBand::Afternoon),
            18..=23 | 0..=2 => Some(TimeBand::Night),
            _ => None,
        }
    }

    /// SPEC's label.
    pub fn label(self) -> &'static str {
        match self {
            TimeBand::Morning => "4 am - 12 pm",
            TimeBand::Afternoon => "12 pm - 06 pm",
            TimeBand::Night => "06 pm - 03 am",
        }
    }
}

/// The filters of a trip list (SPEC §3 keys). An empty list means "no filter"; several values
/// in one list mean any of them.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct Filters {
    pub coach_type: CoachTypeFilter,
    pub price_filter_type: Option<PriceSort>,
    pub boarding_point: Vec<String>,
    /// Operator ids or names.
    pub bus_company: Vec<String>,
    pub selected_bus_class: Vec<String>,
    pub selected_time: Vec<TimeBand>,
}

/// The band of a trip's displayed departure; `None` for an unreadable time or 03:xx.
fn departure_band(trip: &Trip) -> Option<TimeBand> {
    let local = WireDateTime::parse(&trip.departure_date_time).ok()?.to_dhaka();
    TimeBand::of_minute(local.minute_of_day)
}

fn any_or_empty<T>(wanted: &[T], matches: impl Fn(&T) -> bool) -> bool {
    wanted.is_empty() || wanted.iter().any(matches)
}

fn eq_text(a: &str, b: &str) -> bool {
    a.trim().eq_ignore_ascii_case(b.trim())
}

/// Whether a trip passes the filters.
pub fn matches(trip: &Trip, filters: &Filters) -> bool {
    let coach_ok = match filters.coach_type {
        CoachTypeFilter::All => true,
        CoachTypeFilter::Ac => trip.coach_type == Some(CoachType::Ac),
        CoachTypeFilter::NonAc => trip.coach_type == Some(CoachType::NonAc),
    };
    let company = |c: &String| [&trip.company_id, &trip.company_name].into_iter().flatten().any(|v| eq_text(v, c));
    coach_ok
        && any_or_empty(&filters.boarding_point, |p| trip.boarding_points.iter().any(|b| eq_text(b, p)))
        && any_or_empty(&filters.bus_company, company)
        && any_or_empty(&filters.selected_bus_class, |c| trip.bus_class.as_deref().is_some_and(|b| eq_text(b, c)))
        && any_or_empty(&filters.selected_time, |band| departure_band(trip) == Some(*band))
}

/// The trips that pass the filters, sorted (see [`sort`]) by the filters' price sort.
pub fn filter(trips: Vec<Trip>, filters: &Filters) -> Vec<Trip> {
    let order = shown(&trips, filters);
    let mut slots: Vec<Option<Trip>> = trips.into_iter().map(Some).collect();
    order.into_iter().filter_map(|i| slots.get_mut(i).and_then(Option::take)).collect()
}

/// [`filter`] as positions in `trips`: the browser keeps its list and shows it in this order,
/// so no trip is copied into the core and back on every change of a filter (nor is a trip's
/// encoder in the first pages' module).
pub fn shown(trips: &[Trip], filters: &Filters) -> Vec<usize> {
    let mut kept: Vec<usize> = (0..trips.len()).filter(|&i| matches(&trips[i], filters)).collect();
    kept.sort_by(|&a, &b| order(&trips[a], &trips[b], filters.price_filter_type));
    kept
}

fn is_sold_out(trip: &Trip) -> bool {
    trip.available_seats == Some(0)
}

/// Sold-out trips after the others; within each group, by price when asked (`l2h` by the low end
/// ascending, `h2l` by the high end descending; unreadable fares last), else in the order given.
/// The sort is stable: equal trips keep their order.
pub fn sort(mut trips: Vec<Trip>, price: Option<PriceSort>) -> Vec<Trip> {
    trips.sort_by(|a, b| order(a, b, price));
    trips
}

/// [`sort`]'s order of two trips.
fn order(a: &Trip, b: &Trip, price: Option<PriceSort>) -> std::cmp::Ordering {
    let key = |t: &Trip| -> (bool, f64) {
        let price_key = match (price, fare_range(&t.seat_fare)) {
            (None, _) => 0.0,
            (Some(_), None) => f64::INFINITY,
            (Some(PriceSort::L2h), Some(r)) => r.low,
            (Some(PriceSort::H2l), Some(r)) => -r.high,
        };
        (is_sold_out(t), price_key)
    };
    let (ka, kb) = (key(a), key(b));
    ka.0.cmp(&kb.0).then(ka.1.total_cmp(&kb.1))
}
