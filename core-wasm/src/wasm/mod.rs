//! wasm-bindgen bindings: decode, call the core, encode. No rule lives here.
//!
//! One serializer setting for the whole crate (maps as objects, `None` as `null`), so JavaScript
//! never meets a `Map` or `undefined` by surprise. Values cross with serde-wasm-bindgen only:
//! the module carries no JSON parser of its own (the browser's `JSON.parse` reads API answers),
//! which keeps the wasm small. Bad input becomes a real JS `Error` with a
//! message naming what was wrong; nothing here panics (a panic would abort the wasm instance).

mod client;
mod reducers;
mod rules;

use serde::Serialize;
use serde::de::DeserializeOwned;
use wasm_bindgen::prelude::*;

pub(crate) fn to_js<T: Serialize + ?Sized>(value: &T) -> Result<JsValue, JsError> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|e| JsError::new(&format!("cannot encode result: {e}")))
}

pub(crate) fn from_js<T: DeserializeOwned>(value: JsValue, what: &str) -> Result<T, JsError> {
    serde_wasm_bindgen::from_value(value).map_err(|e| JsError::new(&format!("invalid {what}: {e}")))
}

/// `None` for JavaScript's `undefined` and `null`, else the decoded value.
pub(crate) fn optional<T: DeserializeOwned>(value: JsValue, what: &str) -> Result<Option<T>, JsError> {
    if value.is_undefined() || value.is_null() { Ok(None) } else { from_js(value, what).map(Some) }
}

/// Now, in Unix milliseconds, unless the caller gave a time (tests, replays).
pub(crate) fn now_ms(given: Option<f64>) -> f64 {
    given.unwrap_or_else(js_sys::Date::now)
}
