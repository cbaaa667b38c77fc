//! wasm-bindgen bindings: decode, call the core, encode. No rule lives here.
//!
//! Two modules are built from these bindings: `site` (feature `site`: the rules and API client
//! the first pages need) and `booking` (feature `booking`: seats, invoice, OTP, deal, tickets),
//! which the app loads only on the pages that need it. A traveller opening the home page on a
//! slow network downloads the first only.
//!
//! One serializer setting for the whole crate (maps as objects, `None` as `null`), so JavaScript
//! never meets a `Map` or `undefined` by surprise. Results are written with serde-wasm-bindgen,
//! inputs read by [`decode`]; the module carries no JSON parser of its own (the browser's
//! `JSON.parse` reads API answers), which keeps the wasm small. Bad input becomes a real JS `Error` with a
//! message naming what was wrong; nothing here panics (a panic would abort the wasm instance).

#[cfg(feature = "booking")]
mod booking;
#[cfg(feature = "site")]
mod client;
mod decode;
#[cfg(feature = "site")]
mod site;
#[cfg(feature = "staff")]
mod staff;

use serde::Serialize;
use serde::de::DeserializeOwned;
use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const SHARED_TYPES: &str = r#"
/** An amount in whole taka. */
export type Taka = number;
/** A promo call's data: the new amounts, or null when the code does not apply. */
export type MaybePromo = PromoResponse | null;
"#;

pub(crate) fn to_js<T: Serialize + ?Sized>(value: &T) -> Result<JsValue, JsError> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|e| JsError::new(&format!("cannot encode result: {e}")))
}

pub(crate) fn from_js<T: DeserializeOwned>(value: JsValue, what: &str) -> Result<T, JsError> {
    decode::decode(&value).map_err(|e| JsError::new(&format!("invalid {what}: {e}")))
}

/// An operator's policy in plain words (`policy::describe`), for the booking pages and the
/// staff's editor alike: `language` is `en` or `bn`.
#[cfg(any(feature = "booking", feature = "staff"))]
pub(crate) fn policy_words(policy: JsValue, language: &str) -> Result<JsValue, JsError> {
    let policy: crate::policy::Policy = from_js(policy, "policy")?;
    let language = crate::language::Language::from_tag(language).unwrap_or_default();
    to_js(&crate::policy::describe(&policy, language))
}

/// `None` for JavaScript's `undefined` and `null`, else the decoded value.
#[cfg(any(feature = "site", feature = "booking"))]
pub(crate) fn optional<T: DeserializeOwned>(value: JsValue, what: &str) -> Result<Option<T>, JsError> {
    if value.is_undefined() || value.is_null() { Ok(None) } else { from_js(value, what).map(Some) }
}

#[cfg(feature = "site")]
/// Now, in Unix milliseconds, unless the caller gave a time (tests, replays).
pub(crate) fn now_ms(given: Option<f64>) -> f64 {
    given.unwrap_or_else(js_sys::Date::now)
}

/// The allocator of both modules: talc in place of Rust's default dlmalloc, about 2 KB brotli
/// less of each module (README "Size") and faster. The page runs one thread, the case talc's
/// dynamic wasm allocator is made for; realloc-in-place is left out (Cargo.toml) for bytes.
#[cfg(target_family = "wasm")]
#[global_allocator]
static TALC: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();
