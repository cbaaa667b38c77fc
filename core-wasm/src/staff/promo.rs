//! What a promo code must be (issue 35): used by the staff wing on save and by the staff
//! site's promo form before it sends.

use super::messages::{self as say, StaffSaid};
use crate::contract::staff::StaffPromo;
use crate::time::Date;

/// How a promo takes off the fare.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PromoKind {
    /// Taka off.
    Flat,
    /// A percentage off, up to the cap.
    Percent,
}

impl PromoKind {
    pub fn parse(s: &str) -> Option<PromoKind> {
        match s.trim() {
            "flat" => Some(PromoKind::Flat),
            "percent" => Some(PromoKind::Percent),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            PromoKind::Flat => "flat",
            PromoKind::Percent => "percent",
        }
    }
}

/// A promo that passed [`check`]: its code trimmed, its kind, and the Unix milliseconds its
/// first Dhaka day starts and its last one ends (inclusive).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckedPromo {
    pub code: String,
    pub kind: PromoKind,
    pub from: Date,
    pub to: Date,
    pub valid_from_ms: i64,
    pub valid_until_ms: i64,
}

/// What travellers type: 3 to 20 capital letters and digits.
pub fn code_ok(code: &str) -> bool {
    (3..=20).contains(&code.len()) && code.bytes().all(|b| b.is_ascii_uppercase() || b.is_ascii_digit())
}

fn range(field: &str, value: i64, min: i64, max: i64) -> Result<(), StaffSaid> {
    if (min..=max).contains(&value) {
        Ok(())
    } else {
        Err(say::OUT_OF_RANGE.with(&[("field", field), ("min", &min.to_string()), ("max", &max.to_string())]))
    }
}

/// The first thing wrong with a promo, or what it means.
pub fn check(promo: &StaffPromo) -> Result<CheckedPromo, StaffSaid> {
    let code = promo.code.trim();
    if !code_ok(code) {
        return Err(say::PROMO_CODE.with(&[]));
    }
    let kind = PromoKind::parse(&promo.kind).ok_or_else(|| say::PROMO_KIND.with(&[]))?;
    match kind {
        PromoKind::Flat => range("amount", promo.amount, 1, 100_000)?,
        PromoKind::Percent => range("amount", promo.amount, 1, 100)?,
    }
    if let Some(cap) = promo.max_discount {
        range("maxDiscount", cap, 1, 100_000)?;
    }
    range("minFare", promo.min_fare, 0, 100_000)?;
    range("totalUses", promo.total_uses, 1, 10_000_000)?;
    range("usesPerPhone", promo.uses_per_phone, 1, 100)?;
    let date = |field: &str, value: &str| {
        Date::parse(value.trim()).map_err(|_| say::DATE.with(&[("field", field), ("value", value)]))
    };
    let (from, to) = (date("fromDate", &promo.from_date)?, date("toDate", &promo.to_date)?);
    if to < from {
        return Err(say::DATES_ORDER.with(&[]));
    }
    Ok(CheckedPromo {
        code: code.to_owned(),
        kind,
        from,
        to,
        valid_from_ms: from.dhaka_start_ms(),
        valid_until_ms: to.add_days(1).dhaka_start_ms() - 1,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn promo() -> StaffPromo {
        StaffPromo {
            code: "EID25".into(),
            kind: "percent".into(),
            amount: 25,
            max_discount: Some(200),
            min_fare: 0,
            service: None,
            from_date: "2026-12-01".into(),
            to_date: "2026-12-03".into(),
            total_uses: 1000,
            uses_per_phone: 1,
            operator_id: None,
            exists: false,
        }
    }

    #[test]
    fn a_promo_works_from_the_start_of_its_first_dhaka_day_to_the_end_of_its_last() {
        let checked = check(&promo()).expect("a good promo");
        // 2026-12-01 00:00 in Dhaka is 2026-11-30 18:00 UTC.
        assert_eq!(checked.valid_from_ms, 1_796_061_600_000);
        assert_eq!(checked.valid_until_ms, 1_796_061_600_000 + 3 * 86_400_000 - 1);
        assert_eq!(checked.kind, PromoKind::Percent);
    }

    #[test]
    fn codes_kinds_amounts_and_dates_are_checked() {
        for code in ["EI", "eid25", "EID-25", "ABCDEFGHIJKLMNOPQRSTU"] {
            assert_eq!(check(&StaffPromo { code: code.into(), ..promo() }).unwrap_err().code, "promo.code", "{code}");
        }
        assert!(check(&StaffPromo { code: " EID25 ".into(), ..promo() }).is_ok());
        assert_eq!(check(&StaffPromo { kind: "free".into(), ..promo() }).unwrap_err().code, "promo.kind");
        assert_eq!(check(&StaffPromo { amount: 101, ..promo() }).unwrap_err().code, "staff.range");
        assert!(check(&StaffPromo { kind: "flat".into(), amount: 101, ..promo() }).is_ok());
        assert_eq!(check(&StaffPromo { uses_per_phone: 0, ..promo() }).unwrap_err().code, "staff.range");
        assert_eq!(check(&StaffPromo { from_date: "1 Dec".into(), ..promo() }).unwrap_err().code, "schedule.date");
        let backwards = StaffPromo { from_date: "2026-12-04".into(), ..promo() };
        assert_eq!(check(&backwards).unwrap_err().code, "schedule.datesOrder");
    }
}
