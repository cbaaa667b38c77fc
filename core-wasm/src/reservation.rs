//! The full-bus reservation form (SPEC §3, §5 "Full bus form").
//!
//! A failed submit only highlights the invalid fields (SPEC §8), so validation answers with the
//! names of every invalid field, in form order. [`parse`] gives the server a [`Reservation`] that
//! is valid by construction.

use serde::Serialize;

use crate::contract::reservation::{NumberInput, ReservationForm};
use crate::digits::digits_only;
use crate::email::Email;
use crate::phone::Phone;
use crate::time::Date;

/// Buses per request (SPEC §9).
pub const MAX_BUSES: u64 = 1000;
/// The largest number a JavaScript number holds exactly (2^53 - 1). SPEC lets the seats and
/// budget inputs go to 9999999999999999999, which no browser can hold exactly; larger values
/// are invalid rather than silently rounded.
pub const MAX_EXACT: u64 = (1 << 53) - 1;
/// Longest accepted free text: names and places, and the comment.
pub const MAX_TEXT: usize = 200;
pub const MAX_COMMENT: usize = 2000;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum BusType {
    NonAc,
    EconomyAc,
    BusinessClass,
    Sleeper,
    #[default]
    Any,
}

impl BusType {
    /// SPEC's value, as the form sends it and the store keeps it.
    pub fn as_str(self) -> &'static str {
        match self {
            BusType::NonAc => "non-ac",
            BusType::EconomyAc => "economy-ac",
            BusType::BusinessClass => "business-class",
            BusType::Sleeper => "sleeper",
            BusType::Any => "any",
        }
    }

    /// SPEC's values; empty means the default, `any`.
    pub fn parse(s: &str) -> Option<BusType> {
        match s.trim() {
            "" | "any" => Some(BusType::Any),
            "non-ac" => Some(BusType::NonAc),
            "economy-ac" => Some(BusType::EconomyAc),
            "business-class" => Some(BusType::BusinessClass),
            "sleeper" => Some(BusType::Sleeper),
            _ => None,
        }
    }
}

/// A full-bus request that passed every rule.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Reservation {
    pub journey_date: Date,
    pub return_date: Option<Date>,
    pub bus_type: BusType,
    pub boarding_place: String,
    pub dropping_place: String,
    pub number_of_seats: u64,
    pub number_of_buses: u64,
    #[serde(rename = "prefferredBus")]
    pub preferred_bus: Option<String>,
    pub comment: Option<String>,
    pub contact_name: String,
    pub contact_phone: Phone,
    pub contact_email: Option<Email>,
    pub approximate_budget: u64,
}

/// Trimmed text, `None` when absent or blank.
fn text(value: &Option<String>) -> Option<&str> {
    value.as_deref().map(str::trim).filter(|s| !s.is_empty())
}

fn required_text(value: &Option<String>, max: usize) -> Option<String> {
    text(value).filter(|s| s.chars().count() <= max).map(str::to_owned)
}

/// A whole number within `min..=max`. Text is read the way the input holds it: digits (Bengali
/// ones too) and nothing else but surrounding spaces.
fn integer(value: &Option<NumberInput>, min: u64, max: u64) -> Option<u64> {
    let n = match value.as_ref()? {
        NumberInput::Amount(f) if f.fract() == 0.0 && *f >= 0.0 && *f <= MAX_EXACT as f64 => *f as u64,
        NumberInput::Amount(_) => return None,
        NumberInput::Text(s) => {
            let t = s.trim();
            let digits = digits_only(t);
            if digits.is_empty() || digits.chars().count() != t.chars().count() {
                return None;
            }
            digits.parse::<u64>().ok()?
        }
    };
    (min..=max).contains(&n).then_some(n)
}

/// Every rule of the form; `Err` names each invalid field (SPEC §3 keys, form order).
/// `today` is today's date in Dhaka: a journey cannot start before it.
pub fn parse(form: &ReservationForm, today: Date) -> Result<Reservation, Vec<&'static str>> {
    let mut invalid = Vec::new();
    let mut check = |name: &'static str, ok: bool| {
        if !ok {
            invalid.push(name);
        }
    };
    let journey_date = text(&form.journey_date).and_then(|d| Date::parse(d).ok()).filter(|d| *d >= today);
    check("journeyDate", journey_date.is_some());
    let return_date = text(&form.return_date).map(Date::parse);
    let return_ok = match (&return_date, journey_date) {
        (None, _) => true,
        (Some(Ok(r)), Some(j)) => *r >= j,
        (Some(Ok(r)), None) => *r >= today,
        (Some(Err(_)), _) => false,
    };
    check("returnDate", return_ok);
    let bus_type = BusType::parse(form.bus_type.as_deref().unwrap_or(""));
    check("busType", bus_type.is_some());
    let boarding_place = required_text(&form.boarding_place, MAX_TEXT);
    check("boardingPlace", boarding_place.is_some());
    let dropping_place = required_text(&form.dropping_place, MAX_TEXT);
    check("droppingPlace", dropping_place.is_some());
    let seats = integer(&form.number_of_seats, 1, MAX_EXACT);
    check("numberOfSeats", seats.is_some());
    let buses = integer(&form.number_of_buses, 1, MAX_BUSES);
    check("numberOfBuses", buses.is_some());
    let preferred_ok = form.preferred_bus.as_deref().is_none_or(|s| s.trim().chars().count() <= MAX_TEXT);
    check("prefferredBus", preferred_ok);
    let comment_ok = form.comment.as_deref().is_none_or(|s| s.trim().chars().count() <= MAX_COMMENT);
    check("comment", comment_ok);
    let name = required_text(&form.contact_name, MAX_TEXT);
    check("contactName", name.is_some());
    let phone = Phone::parse(form.contact_phone.as_deref().unwrap_or(""));
    check("contactPhone", phone.is_ok());
    let email = text(&form.contact_email).map(Email::parse);
    check("contactEmail", !matches!(email, Some(Err(_))));
    let budget = integer(&form.approximate_budget, 1, MAX_EXACT);
    check("approximateBudget", budget.is_some());

    match (journey_date, bus_type, boarding_place, dropping_place, seats, buses, name, phone, budget) {
        (
            Some(journey_date),
            Some(bus_type),
            Some(boarding_place),
            Some(dropping_place),
            Some(number_of_seats),
            Some(number_of_buses),
            Some(contact_name),
            Ok(contact_phone),
            Some(approximate_budget),
        ) if invalid.is_empty() => Ok(Reservation {
            journey_date,
            return_date: return_date.and_then(Result::ok),
            bus_type,
            boarding_place,
            dropping_place,
            number_of_seats,
            number_of_buses,
            preferred_bus: text(&form.preferred_bus).map(str::to_owned),
            comment: text(&form.comment).map(str::to_owned),
            contact_name,
            contact_phone,
            contact_email: email.and_then(Result::ok),
            approximate_budget,
        }),
        _ => Err(invalid),
    }
}

/// The names of the invalid fields (empty when the form may be sent).
pub fn validate(form: &ReservationForm, today: Date) -> Vec<&'static str> {
    parse(form, today).err().unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::BusType;

    #[test]
    fn a_bus_type_reads_back_what_it_writes_and_serde_agrees() {
        for t in [BusType::NonAc, BusType::EconomyAc, BusType::BusinessClass, BusType::Sleeper, BusType::Any] {
            assert_eq!(BusType::parse(t.as_str()), Some(t));
            assert_eq!(serde_json::to_value(t).ok(), Some(serde_json::Value::from(t.as_str())));
        }
    }
}
