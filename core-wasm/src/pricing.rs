//! Every money rule, once: what seats cost, what a promo or a surprise deal takes off, what a
//! launch adds for service and the gateway, what a cancellation refunds, and how an amount is
//! written. The ticket API computes every amount it stores through these functions and the site
//! previews totals with the same ones, so a traveller is never shown one figure and charged
//! another.
//!
//! Amounts are whole taka ([`Taka`]): fares are set in whole taka, and every rounding (percent
//! discounts, the gateway's commission, the cancellation fee) happens here, in one stated way.

use serde::{Deserialize, Serialize};

use crate::service::Service;

/// An amount in whole taka.
pub type Taka = i64;

/// Launch tickets carry a service charge per seat (SPEC §3 launch booking data).
pub const LAUNCH_SERVICE_CHARGE: Taka = 20;
/// The payment gateway's commission on launch bookings, in tenths of a percent (1.5 %).
pub const LAUNCH_GATEWAY_PERMILLE: Taka = 15;

/// Where a seat's fare comes from: the fare of a seat class between two stops of a trip
/// (`[from, to)` as stop indexes). The server's timetable implements it; tests use a list.
pub trait FareTable {
    fn fare(&self, class: &str, from: i64, to: i64) -> Option<Taka>;
}

/// A fare for travel dates `first` to `last` (inclusive): an operator's Eid fare.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DatedFare {
    pub first: crate::time::Date,
    pub last: crate::time::Date,
    pub fare: Taka,
}

/// The fare on `travel_date`: a dated fare whose period covers it, else the `base` fare. An
/// operator's periods of one leg and class never overlap ([`periods_overlap`] is checked on save).
pub fn fare_on(base: Option<Taka>, dated: &[DatedFare], travel_date: crate::time::Date) -> Option<Taka> {
    dated.iter().find(|d| d.first <= travel_date && travel_date <= d.last).map(|d| d.fare).or(base)
}

/// Whether two periods share a day.
pub fn periods_overlap(a: (crate::time::Date, crate::time::Date), b: (crate::time::Date, crate::time::Date)) -> bool {
    a.0 <= b.1 && b.0 <= a.1
}

/// A seat the traveller chose, with the class its fare is set by.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ChosenSeat<'a> {
    pub seat_no: &'a str,
    pub class: &'a str,
}

/// A seat no fare is set for on the chosen journey: it cannot be sold.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NoFare {
    pub seat_no: String,
}

impl std::fmt::Display for NoFare {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Seat {} has no fare for this journey", self.seat_no)
    }
}

impl std::error::Error for NoFare {}

/// The fare of each chosen seat over `[from, to)`, in the order chosen. A seat without a fare
/// refuses the whole choice: it is never counted as free.
pub fn seat_fares(table: &impl FareTable, seats: &[ChosenSeat<'_>], from: i64, to: i64) -> Result<Vec<Taka>, NoFare> {
    seats
        .iter()
        .map(|s| table.fare(s.class, from, to).ok_or_else(|| NoFare { seat_no: s.seat_no.to_owned() }))
        .collect()
}

/// What a booking adds to its seats' fares: a launch charges a service charge per seat and the
/// gateway's commission on fares plus charge (rounded half up); a bus adds nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct Charges {
    pub service_charge: Taka,
    pub commission: Taka,
}

pub fn charges(service: Service, sub_total: Taka, seat_count: usize) -> Charges {
    match service {
        Service::Bus => Charges::default(),
        Service::Launch => {
            let service_charge = LAUNCH_SERVICE_CHARGE * seat_count as Taka;
            let commission = ((sub_total + service_charge) * LAUNCH_GATEWAY_PERMILLE + 500) / 1000;
            Charges { service_charge, commission }
        }
    }
}

/// A booking's amounts, as it is stored and shown: `amount = sub_total + service_charge +
/// commission - discount`, the discount never more than the fares.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct Quote {
    pub sub_total: Taka,
    pub discount: Taka,
    pub service_charge: Taka,
    pub commission: Taka,
    pub amount: Taka,
}

/// The quote for seats with these fares and a discount (clamped to `[0, sub_total]`).
pub fn quote(service: Service, fares: &[Taka], discount: Taka) -> Quote {
    let sub_total: Taka = fares.iter().sum();
    let Charges { service_charge, commission } = charges(service, sub_total, fares.len());
    with_discount(Quote { sub_total, discount: 0, service_charge, commission, amount: 0 }, discount)
}

/// The same quote with another discount (a promo applied or removed): only discount and amount
/// change.
pub fn with_discount(quote: Quote, discount: Taka) -> Quote {
    let discount = clamp_discount(discount, quote.sub_total);
    Quote { discount, amount: quote.sub_total + quote.service_charge + quote.commission - discount, ..quote }
}

/// A discount never takes more than the fares, and never adds.
pub fn clamp_discount(discount: Taka, sub_total: Taka) -> Taka {
    discount.clamp(0, sub_total.max(0))
}

/// A line of an invoice or e-ticket.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub enum LineKind {
    Fare,
    Discount,
    ServiceCharge,
    Commission,
}

/// The lines a quote is shown as, in order: the fares always, then each non-zero addition or
/// deduction with its sign (a discount is negative).
pub fn lines(quote: &Quote) -> Vec<(LineKind, Taka)> {
    let mut lines = vec![(LineKind::Fare, quote.sub_total)];
    for (kind, amount) in [
        (LineKind::Discount, -quote.discount),
        (LineKind::ServiceCharge, quote.service_charge),
        (LineKind::Commission, quote.commission),
    ] {
        if amount != 0 {
            lines.push((kind, amount));
        }
    }
    lines
}

/// How a promo code's discount is set.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "camelCase")]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub enum PromoKind {
    /// A fixed amount off.
    Flat { amount: Taka },
    /// A percentage of the fares, rounded down, at most `cap` when the code has one.
    #[serde(rename_all = "camelCase")]
    Percent { percent: Taka, cap: Option<Taka> },
}

/// The money side of a promo code: its kind and the fares a booking must reach.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct PromoRule {
    #[serde(flatten)]
    pub kind: PromoKind,
    pub min_fare: Taka,
}

/// What the promo takes off fares of `sub_total`, or `None` when the fares are below its minimum.
pub fn promo_discount(rule: &PromoRule, sub_total: Taka) -> Option<Taka> {
    if sub_total < rule.min_fare {
        return None;
    }
    let discount = match rule.kind {
        PromoKind::Flat { amount } => amount,
        PromoKind::Percent { percent, cap } => {
            let d = sub_total * percent / 100;
            cap.map_or(d, |cap| d.min(cap))
        }
    };
    Some(clamp_discount(discount, sub_total))
}

/// A surprise deal's amount: 5 % of the fares, between 20 and 200 taka, in tens.
pub fn surprise_deal_amount(sub_total: Taka) -> Taka {
    (sub_total / 20).clamp(20, 200) / 10 * 10
}

/// An amount as travellers read it, on the site and the e-ticket alike: `1,800 TK`; a negative
/// amount (a discount) `- 100 TK`. Fractions are rounded to whole taka.
pub fn format_taka(amount: f64) -> String {
    let rounded = if amount.is_finite() { amount.round() } else { 0.0 };
    let whole = rounded.abs() as u64;
    let digits = whole.to_string();
    let mut grouped = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            grouped.push(',');
        }
        grouped.push(c);
    }
    if rounded < 0.0 { format!("- {grouped} TK") } else { format!("{grouped} TK") }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Table(Vec<(&'static str, i64, i64, Taka)>);

    impl FareTable for Table {
        fn fare(&self, class: &str, from: i64, to: i64) -> Option<Taka> {
            self.0.iter().find(|(c, f, t, _)| *c == class && *f == from && *t == to).map(|e| e.3)
        }
    }

    #[test]
    fn each_seat_is_priced_by_its_class_over_the_chosen_stops() {
        let table = Table(vec![("AC", 0, 2, 1200), ("AC", 0, 1, 700), ("Sleeper", 0, 2, 1800)]);
        let seats = [ChosenSeat { seat_no: "A1", class: "AC" }, ChosenSeat { seat_no: "S1", class: "Sleeper" }];
        assert_eq!(seat_fares(&table, &seats, 0, 2), Ok(vec![1200, 1800]));
        assert_eq!(seat_fares(&table, &seats[..1], 0, 1), Ok(vec![700]));
        let err = seat_fares(&table, &seats, 0, 1).unwrap_err();
        assert_eq!(err.to_string(), "Seat S1 has no fare for this journey");
    }

    #[test]
    fn a_launch_adds_service_charge_and_commission() {
        let q = quote(Service::Launch, &[1000, 1000], 0);
        assert_eq!(q, Quote { sub_total: 2000, discount: 0, service_charge: 40, commission: 31, amount: 2071 });
        assert_eq!(quote(Service::Bus, &[850, 850], 100).amount, 1600);
    }

    #[test]
    fn a_discount_never_exceeds_the_fares() {
        assert_eq!(quote(Service::Bus, &[300], 500).discount, 300);
        assert_eq!(quote(Service::Bus, &[300], -5).discount, 0);
        let q = quote(Service::Launch, &[500], 0);
        assert_eq!(with_discount(q, 600).amount, q.service_charge + q.commission);
    }

    #[test]
    fn a_quote_is_shown_as_its_lines() {
        let q = with_discount(quote(Service::Launch, &[1000], 0), 100);
        assert_eq!(
            lines(&q),
            [
                (LineKind::Fare, 1000),
                (LineKind::Discount, -100),
                (LineKind::ServiceCharge, 20),
                (LineKind::Commission, 15)
            ]
        );
        assert_eq!(lines(&quote(Service::Bus, &[850], 0)), [(LineKind::Fare, 850)]);
    }

    #[test]
    fn promo_rules() {
        let flat = PromoRule { kind: PromoKind::Flat { amount: 200 }, min_fare: 1000 };
        assert_eq!(promo_discount(&flat, 999), None);
        assert_eq!(promo_discount(&flat, 1000), Some(200));
        let percent = PromoRule { kind: PromoKind::Percent { percent: 10, cap: Some(150) }, min_fare: 0 };
        assert_eq!(promo_discount(&percent, 1234), Some(123));
        assert_eq!(promo_discount(&percent, 5000), Some(150));
    }

    #[test]
    fn deals_refunds_and_writing() {
        assert_eq!(surprise_deal_amount(100), 20);
        assert_eq!(surprise_deal_amount(1700), 80);
        assert_eq!(surprise_deal_amount(100_000), 200);
        assert_eq!(format_taka(1800.0), "1,800 TK");
        assert_eq!(format_taka(1234567.4), "1,234,567 TK");
        assert_eq!(format_taka(-100.0), "- 100 TK");
        assert_eq!(format_taka(f64::NAN), "0 TK");
    }

    #[test]
    fn an_eid_fare_replaces_the_base_fare_on_its_days_only() {
        let day = |d: &str| crate::time::Date::parse(d).unwrap();
        let eid = [DatedFare { first: day("2027-03-25"), last: day("2027-03-31"), fare: 1_200 }];
        assert_eq!(fare_on(Some(800), &eid, day("2027-03-24")), Some(800));
        assert_eq!(fare_on(Some(800), &eid, day("2027-03-25")), Some(1_200));
        assert_eq!(fare_on(Some(800), &eid, day("2027-03-31")), Some(1_200));
        assert_eq!(fare_on(Some(800), &eid, day("2027-04-01")), Some(800));
        assert_eq!(fare_on(None, &eid, day("2027-03-28")), Some(1_200), "a leg sold only at Eid");
        assert_eq!(fare_on(None, &eid, day("2027-04-01")), None);
        assert!(periods_overlap((day("2027-03-25"), day("2027-03-31")), (day("2027-03-31"), day("2027-04-02"))));
        assert!(!periods_overlap((day("2027-03-25"), day("2027-03-31")), (day("2027-04-01"), day("2027-04-02"))));
    }
}
