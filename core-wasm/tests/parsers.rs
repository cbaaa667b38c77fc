//! Parsers never panic: every parser of the core meets arbitrary Unicode (and strings shaped
//! almost like valid input) and answers a value or an error, never a panic. In the browser a
//! panic aborts the whole wasm instance, so one odd character typed in a form would break the
//! page until a reload.

use core_wasm::contract::reservation::{NumberInput, ReservationForm};
use core_wasm::time::{self, Date, WireDateTime};
use core_wasm::{digits, email, phone, reservation};
use proptest::prelude::*;

/// Any Unicode text, and text built from the pieces valid input is made of (digits, separators,
/// multi-byte characters where a digit is expected), which finds boundary slips far sooner.
fn text() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        Just("0".to_owned()),
        Just("1".to_owned()),
        Just("12".to_owned()),
        Just("2025".to_owned()),
        Just("-".to_owned()),
        Just(":".to_owned()),
        Just("T".to_owned()),
        Just("Z".to_owned()),
        Just(".".to_owned()),
        Just(" ".to_owned()),
        Just("AM".to_owned()),
        Just("@".to_owned()),
        Just("+88".to_owned()),
        Just("০১৭".to_owned()),
        Just("é".to_owned()),
        Just("€".to_owned()),
        Just("🚌".to_owned()),
        "\\PC{0,3}",
    ];
    prop_oneof![any::<String>(), prop::collection::vec(piece, 0..12).prop_map(|p| p.concat())]
}

fn number_input() -> impl Strategy<Value = Option<NumberInput>> {
    prop_oneof![
        Just(None),
        any::<f64>().prop_map(|n| Some(NumberInput::Amount(n))),
        text().prop_map(|t| Some(NumberInput::Text(t))),
    ]
}

fn maybe_text() -> impl Strategy<Value = Option<String>> {
    prop::option::of(text())
}

fn form() -> impl Strategy<Value = ReservationForm> {
    (
        (maybe_text(), maybe_text(), maybe_text(), maybe_text(), maybe_text()),
        (number_input(), number_input(), number_input()),
        (maybe_text(), maybe_text(), maybe_text(), maybe_text(), maybe_text()),
    )
        .prop_map(|(a, b, c)| ReservationForm {
            journey_date: a.0,
            return_date: a.1,
            bus_type: a.2,
            boarding_place: a.3,
            dropping_place: a.4,
            number_of_seats: b.0,
            number_of_buses: b.1,
            approximate_budget: b.2,
            preferred_bus: c.0,
            comment: c.1,
            contact_name: c.2,
            contact_phone: c.3,
            contact_email: c.4,
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn time_parsers_answer_every_text(s in text(), clock in text()) {
        let _ = Date::parse(&s);
        let _ = WireDateTime::parse(&s);
        let _ = time::display(&s, core_wasm::language::Language::Bangla);
        let _ = time::parse_clock(&clock);
        let _ = time::to_wire(&s, &clock);
    }

    #[test]
    fn a_wire_time_with_any_clock_is_an_error_or_a_time(clock in text()) {
        // The date part valid, so the clock parser is reached every time.
        let _ = WireDateTime::parse(&format!("2025-04-11T{clock}Z"));
    }

    #[test]
    fn a_parsed_wire_time_writes_back_to_itself(minutes in -10_000_000i64..10_000_000i64) {
        let wire = WireDateTime::from_dhaka_minutes(minutes).to_string();
        prop_assert_eq!(WireDateTime::parse(&wire).map(|w| w.to_string()), Ok(wire));
    }

    #[test]
    fn phone_rules_answer_every_text(s in text()) {
        let normalized = phone::normalize(&s);
        // At most 11 digits, or 13 while a number is typed with its country code (880).
        let limit = if normalized.starts_with("880") { 13 } else { 11 };
        prop_assert!(normalized.len() <= limit && normalized.bytes().all(|b| b.is_ascii_digit()), "{normalized}");
        let _ = phone::validate(&s);
        let _ = phone::is_loose_valid(&s);
        if let Ok(p) = phone::Phone::parse(&s) {
            prop_assert_eq!(phone::validate(p.as_str()), None);
        }
        let _ = digits::digits_only(&s);
    }

    #[test]
    fn email_rules_answer_every_text(s in text()) {
        let _ = email::validate(&s);
        let _ = email::is_email(&s);
        let _ = email::Email::parse(&s);
    }

    #[test]
    fn the_full_bus_form_answers_every_input(form in form(), days in 0i64..40_000) {
        let today = Date::from_days_since_epoch(days);
        let invalid = reservation::validate(&form, today);
        prop_assert_eq!(invalid.is_empty(), reservation::parse(&form, today).is_ok());
    }
}
