//! A counter's sale (issue 41): how it is paid, which held-back seats a counter may sell, and
//! what an operator's online quota leaves the website. The ticket API applies these in the
//! statement that claims a seat; the counter screen and the manager's pages show the same sums.

use serde::{Deserialize, Serialize};

use super::messages::{self as say, StaffSaid};
use crate::pricing::{Quote, Taka};

/// How a counter sale is paid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "kebab-case")]
pub enum PayMethod {
    /// Into the seller's drawer: counted at the shift's close.
    Cash,
    /// The traveller paid with their bKash app at the counter; the app's transaction id is the
    /// reference.
    BkashCounter,
}

crate::names!(PayMethod { Cash = "cash", BkashCounter = "bkash-counter" });

/// Who seats are held back for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "lowercase")]
pub enum BlockChannel {
    /// Sold only at the operator's counters.
    Counter,
    /// The operator's own people: nobody sells them.
    Staff,
    /// Held for guests the manager names: nobody sells them until the manager releases them.
    Vip,
}

crate::names!(BlockChannel { Counter = "counter", Staff = "staff", Vip = "vip" });

impl BlockChannel {
    /// Whether a counter may sell a seat held back for this channel.
    pub fn counter_sells(self) -> bool {
        self == BlockChannel::Counter
    }
}

/// The payment's reference as stored: none for cash; for bKash the app's transaction id, 8 to
/// 12 letters and digits (upper-cased: sellers type what the traveller's screen shows).
pub fn payment_reference(method: PayMethod, reference: Option<&str>) -> Result<Option<String>, StaffSaid> {
    let reference = reference.map(str::trim).filter(|r| !r.is_empty());
    match (method, reference) {
        (PayMethod::Cash, None) => Ok(None),
        (PayMethod::Cash, Some(_)) => Err(say::COUNTER_REFERENCE_CASH.with(&[])),
        (PayMethod::BkashCounter, None) => Err(say::REQUIRED.with(&[("field", "reference")])),
        (PayMethod::BkashCounter, Some(r)) => {
            if (8..=12).contains(&r.len()) && r.bytes().all(|b| b.is_ascii_alphanumeric()) {
                Ok(Some(r.to_ascii_uppercase()))
            } else {
                Err(say::COUNTER_REFERENCE.with(&[("value", r)]))
            }
        }
    }
}

/// What a counter sale costs: the fares, nothing added (the site's service charge and the
/// gateway's commission are the website's; a counter takes the fare in cash or by bKash).
pub fn quote(fares: &[Taka]) -> Quote {
    let sub_total: Taka = fares.iter().sum();
    Quote { sub_total, discount: 0, service_charge: 0, commission: 0, amount: sub_total }
}

/// The site's commission on fares sold online at `basis_points` (hundredths of a percent), to
/// the nearest taka (settlement, per ticket).
pub fn commission(fares: Taka, basis_points: i64) -> Taka {
    (fares.max(0) * basis_points.max(0) + 5_000) / 10_000
}

/// What the site owes an operator for its web sales: what travellers paid, less the gateways'
/// fees, the site's service charges, its commission and the refunds.
pub fn settlement_net(paid: Taka, gateway_fees: Taka, service_charges: Taka, commission: Taka, refunds: Taka) -> Taka {
    paid - gateway_fees - service_charges - commission - refunds
}

/// Seats the website may still sell when `free` are free and the operator keeps `quota` for
/// its counters: it stops at the quota, counters sell to zero.
pub fn online_free(free: i64, quota: Option<i64>) -> i64 {
    (free - quota.unwrap_or(0).max(0)).max(0)
}

/// Whether the website may take `wanted` more seats now.
pub fn web_may_take(free: i64, wanted: i64, quota: Option<i64>) -> bool {
    wanted <= online_free(free, quota)
}

/// An online quota as a manager may set it: none, or 0 to the coach's seats.
pub fn check_quota(quota: Option<i64>, seats: i64) -> Result<Option<i64>, StaffSaid> {
    match quota {
        Some(q) if !(0..=seats).contains(&q) => {
            Err(say::OUT_OF_RANGE.with(&[("field", "quota"), ("min", "0"), ("max", &seats.to_string())]))
        }
        q => Ok(q),
    }
}

/// When a block made to release `minutes_before` departure goes to sale online, for a trip
/// leaving at `departs_ms` (Unix ms): never for a block without a release time.
pub fn release_at(departs_ms: i64, minutes_before: Option<i64>) -> Option<i64> {
    minutes_before.map(|m| departs_ms - m.max(0) * 60_000)
}

/// A release time as a manager may set it: at most a month before departure.
pub fn check_release(minutes_before: Option<i64>) -> Result<Option<i64>, StaffSaid> {
    match minutes_before {
        Some(m) if !(0..=43_200).contains(&m) => {
            Err(say::OUT_OF_RANGE.with(&[("field", "releaseMinutesBefore"), ("min", "0"), ("max", "43200")]))
        }
        m => Ok(m),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_website_stops_at_the_quota_and_counters_sell_to_zero() {
        assert_eq!(online_free(40, Some(10)), 30);
        assert_eq!(online_free(10, Some(10)), 0);
        assert_eq!(online_free(4, Some(10)), 0, "never negative");
        assert_eq!(online_free(4, None), 4);
        assert!(web_may_take(12, 2, Some(10)));
        assert!(!web_may_take(12, 3, Some(10)));
        assert!(web_may_take(1, 1, None));
    }

    #[test]
    fn a_bkash_sale_names_the_apps_transaction_and_cash_names_none() {
        assert_eq!(payment_reference(PayMethod::Cash, None), Ok(None));
        assert_eq!(payment_reference(PayMethod::Cash, Some(" ")), Ok(None));
        assert_eq!(payment_reference(PayMethod::Cash, Some("8N7A6D5C4B")).unwrap_err().code, "counter.cashReference");
        assert_eq!(payment_reference(PayMethod::BkashCounter, Some(" 8n7a6d5c4b ")), Ok(Some("8N7A6D5C4B".into())));
        assert_eq!(payment_reference(PayMethod::BkashCounter, None).unwrap_err().code, "staff.required");
        assert_eq!(payment_reference(PayMethod::BkashCounter, Some("12-34")).unwrap_err().code, "counter.reference");
    }

    #[test]
    fn a_block_goes_online_its_minutes_before_departure() {
        assert_eq!(release_at(10_000_000, Some(120)), Some(10_000_000 - 7_200_000));
        assert_eq!(release_at(10_000_000, None), None);
        assert!(check_release(Some(-1)).is_err() && check_release(Some(120)).is_ok());
        assert!(check_quota(Some(41), 40).is_err() && check_quota(Some(40), 40).is_ok());
    }

    #[test]
    fn a_counter_charges_the_fares_alone() {
        let q = quote(&[850, 850]);
        assert_eq!((q.sub_total, q.service_charge, q.commission, q.amount), (1_700, 0, 0, 1_700));
    }

    #[test]
    fn the_commission_is_hundredths_of_a_percent_of_the_fares_to_the_taka() {
        assert_eq!(commission(1_000, 250), 25);
        assert_eq!(commission(850, 250), 21, "21.25 rounds down");
        assert_eq!(commission(860, 250), 22, "21.5 rounds up");
        assert_eq!(commission(-5, 250), 0);
        assert_eq!(settlement_net(1_080, 20, 40, 25, 100), 895);
    }

    #[test]
    fn only_counter_blocks_are_sold_at_a_counter() {
        assert!(BlockChannel::Counter.counter_sells());
        assert!(!BlockChannel::Staff.counter_sells() && !BlockChannel::Vip.counter_sells());
        assert_eq!(PayMethod::parse("bkash-counter"), Some(PayMethod::BkashCounter));
    }
}
