//! Bindings for the rules the first pages need: phone, e-mail, the full-bus form, trip lists,
//! cities, times, the rollout banner, error toasts, identity and routes. The seat, booking and
//! ticket rules are in the `booking` module (a second, lazily loaded wasm module).

use wasm_bindgen::prelude::*;

use super::{from_js, now_ms, optional, to_js};
use crate::contract::content::{City, Operator};
use crate::contract::envelope::ErrorBody;
use crate::contract::trips::{Fare, Trip};
use crate::language::Language;
use crate::trips::{Filters, TimeBand};
use crate::{cities, digits, errors, identity, phone, rollout, time, trips};

/// An amount as the site and the e-ticket write it, in whole taka: `1,800 TK`, `- 100 TK`; in
/// Bangla (`lang` `bn`) '১,৮০০ টাকা'.
#[wasm_bindgen(js_name = formatTaka)]
pub fn format_taka(
    amount: f64,
    #[wasm_bindgen(unchecked_param_type = "Language | undefined")] lang: Option<String>,
) -> String {
    language(lang.as_deref()).taka(amount)
}

#[wasm_bindgen(js_name = normalizePhone)]
pub fn normalize_phone(input: &str) -> String {
    phone::normalize(input)
}

#[wasm_bindgen(js_name = validatePhone, unchecked_return_type = "Message | null")]
pub fn validate_phone(input: &str) -> Result<JsValue, JsError> {
    to_js(&phone::validate(input))
}

#[wasm_bindgen(js_name = digitsOnly)]
pub fn digits_only(input: &str) -> String {
    digits::digits_only(input)
}

/// The trips that pass the filters, as positions in `list` in the order to show them (the
/// site's `filterTrips` picks them from its list).
#[wasm_bindgen(js_name = tripOrder)]
pub fn trip_order(
    #[wasm_bindgen(unchecked_param_type = "Trip[]")] list: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Partial<Filters>")] filters: JsValue,
) -> Result<Vec<u32>, JsError> {
    let list: Vec<Trip> = from_js(list, "trips")?;
    let filters: Filters = optional(filters, "filters")?.unwrap_or_default();
    Ok(trips::shown(&list, &filters).into_iter().map(|i| i as u32).collect())
}

#[derive(serde::Serialize)]
struct Range {
    low: f64,
    high: f64,
}

#[wasm_bindgen(js_name = fareRange, unchecked_return_type = "{ low: number, high: number } | null")]
pub fn fare_range(#[wasm_bindgen(unchecked_param_type = "Fare")] fare: JsValue) -> Result<JsValue, JsError> {
    let fare: Fare = from_js(fare, "fare")?;
    to_js(&trips::fare_range(&fare).map(|r| Range { low: r.low, high: r.high }))
}

#[derive(serde::Serialize)]
struct BandLabel {
    id: TimeBand,
    label: &'static str,
}

/// The departure-time bands with SPEC's labels, in order.
#[wasm_bindgen(js_name = timeBands, unchecked_return_type = "{ id: TimeBand, label: string }[]")]
pub fn time_bands() -> Result<JsValue, JsError> {
    to_js(&TimeBand::ALL.map(|id| BandLabel { id, label: id.label() }))
}

#[wasm_bindgen(js_name = displayCities, unchecked_return_type = "City[]")]
pub fn display_cities(#[wasm_bindgen(unchecked_param_type = "City[]")] list: JsValue) -> Result<JsValue, JsError> {
    let list: Vec<City> = from_js(list, "cities")?;
    to_js(&cities::display_cities(list))
}

#[wasm_bindgen(js_name = displayOperators, unchecked_return_type = "Operator[]")]
pub fn display_operators(
    #[wasm_bindgen(unchecked_param_type = "Operator[]")] list: JsValue,
) -> Result<JsValue, JsError> {
    let list: Vec<Operator> = from_js(list, "operators")?;
    to_js(&cities::display_operators(list))
}

#[wasm_bindgen(js_name = displayDateTime, unchecked_return_type = "Displayed")]
pub fn display_date_time(
    stored: &str,
    #[wasm_bindgen(unchecked_param_type = "Language | undefined")] lang: Option<String>,
) -> Result<JsValue, JsError> {
    let shown = time::display(stored, language(lang.as_deref())).map_err(|e| JsError::new(&e.to_string()))?;
    to_js(&shown)
}

/// `en` or `bn`; anything else (or nothing) is English.
fn language(lang: Option<&str>) -> Language {
    // The site says exactly `en` or `bn` (Language::from_tag reads a browser's tags; not needed
    // here, and every byte of this module is in the first load).
    if lang == Some("bn") { Language::Bangla } else { Language::English }
}

/// A number as the language writes it (at most two decimals, grouped; Bengali digits, lakh).
#[wasm_bindgen(js_name = localNumber)]
pub fn local_number(#[wasm_bindgen(unchecked_param_type = "Language")] lang: &str, value: f64) -> String {
    language(Some(lang)).number(value)
}

/// A `YYYY-MM-DD` date spelt out; text that is no date is given back as it came.
#[wasm_bindgen(js_name = localLongDate)]
pub fn local_long_date(#[wasm_bindgen(unchecked_param_type = "Language")] lang: &str, day: &str) -> String {
    time::Date::parse(day).map_or_else(|_| day.to_owned(), |date| language(Some(lang)).long_date(date))
}

/// ASCII digits of a text in the language's digits.
#[wasm_bindgen(js_name = localDigits)]
pub fn local_digits(#[wasm_bindgen(unchecked_param_type = "Language")] lang: &str, text: &str) -> String {
    language(Some(lang)).digits(text)
}

/// Today's date in Dhaka (YYYY-MM-DD), now or at `nowMs`.
#[wasm_bindgen(js_name = todayInDhaka)]
pub fn today_in_dhaka(now: Option<f64>) -> String {
    time::today_in_dhaka(now_ms(now)).to_string()
}

#[wasm_bindgen(js_name = showNewSiteBanner)]
pub fn show_new_site_banner(stored_flag: bool, visitor_count: f64, percentage: f64) -> bool {
    // A count is a whole number; a negative one from a broken server counts as 0.
    rollout::show_new_site_banner(stored_flag, visitor_count.max(0.0) as u64, percentage)
}

#[wasm_bindgen(js_name = toastMessage)]
pub fn toast_message(
    #[wasm_bindgen(unchecked_param_type = "ErrorBody | null | undefined")] body: JsValue,
    is_payment_block: bool,
) -> String {
    // An error body we cannot read, or one that is not an object, carries nothing usable: the
    // fallback text.
    let is_object = body.is_object() && !js_sys::Array::is_array(&body);
    let body: Option<ErrorBody> = if is_object { optional(body, "error body").ok().flatten() } else { None };
    errors::toast_message(body.as_ref(), is_payment_block)
}

#[wasm_bindgen(js_name = mentionsOtp)]
pub fn mentions_otp(message: &str) -> bool {
    errors::mentions_otp(message)
}

#[wasm_bindgen(js_name = mayReload)]
pub fn may_reload(last_reload_ms: Option<f64>, now: Option<f64>) -> bool {
    errors::may_reload(last_reload_ms, now_ms(now))
}

/// The stored anon_id if it is one, else a new random UUID (from `crypto.getRandomValues`
/// unless 16 bytes are given).
#[wasm_bindgen(js_name = anonId)]
pub fn anon_id(stored: Option<String>, random: Option<Vec<u8>>) -> Result<String, JsError> {
    let mut bytes = [0u8; 16];
    match random {
        Some(given) if given.len() == 16 => bytes.copy_from_slice(&given),
        Some(_) => return Err(JsError::new("random must be 16 bytes")),
        None => {
            let crypto = web_sys::window()
                .and_then(|w| w.crypto().ok())
                .ok_or_else(|| JsError::new("crypto is not available"))?;
            crypto
                .get_random_values_with_u8_array(&mut bytes)
                .map_err(|_| JsError::new("crypto.getRandomValues failed"))?;
        }
    }
    Ok(identity::anon_id(stored.as_deref(), bytes))
}

#[wasm_bindgen(js_name = serviceFromPath, unchecked_return_type = "Service")]
pub fn service_from_path(path: &str) -> Result<JsValue, JsError> {
    to_js(&crate::service::Service::from_path(path))
}
