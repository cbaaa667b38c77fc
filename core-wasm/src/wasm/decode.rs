//! Reads JavaScript values into Rust types, in a way built for a small module.
//!
//! serde-wasm-bindgen's deserializer is generic glue that asks JavaScript about the value anew
//! for every type read, and its error messages print numbers, which pulls the whole float
//! formatter (~20 KB) into the module. Here one non-generic walk copies the JS value into a
//! plain [`Tree`] (the only code that talks to JavaScript), and a small serde `Deserializer`
//! over the tree does the rest: each typed request calls only the visitor method that fits, and
//! errors name the kind of value found, never a number. Results are still written by
//! serde-wasm-bindgen, whose serializer is small. (core-wasm/README.md "Size" has the figures.)

use serde::de;

use wasm_bindgen::{JsCast, JsValue};

use crate::tree::{DecodeError, Tree};

/// Values nested deeper than this are refused (no input of ours nests beyond ~6).
const MAX_DEPTH: usize = 32;

/// Copies a JS value into a tree: `undefined` and `null` are null; an object's keys whose
/// values are `undefined` are left out, so they read as missing; functions are refused.
fn read(value: &JsValue, depth: usize) -> Result<Tree, DecodeError> {
    if depth > MAX_DEPTH {
        return Err(DecodeError("value nested too deeply".to_owned()));
    }
    if value.is_null() || value.is_undefined() {
        return Ok(Tree::Null);
    }
    if let Some(b) = value.as_bool() {
        return Ok(Tree::Bool(b));
    }
    if let Some(n) = value.as_f64() {
        return Ok(Tree::Number(n));
    }
    if let Some(s) = value.as_string() {
        return Ok(Tree::Text(s));
    }
    if js_sys::Array::is_array(value) {
        let array: &js_sys::Array = value.unchecked_ref();
        return array.iter().map(|item| read(&item, depth + 1)).collect::<Result<_, _>>().map(Tree::List);
    }
    if value.is_object() && !value.is_function() {
        let object: &js_sys::Object = value.unchecked_ref();
        let mut fields = Vec::new();
        for key in js_sys::Object::keys(object).iter() {
            let field = js_sys::Reflect::get(object, &key).map_err(|_| DecodeError("unreadable field".to_owned()))?;
            if let (Some(name), false) = (key.as_string(), field.is_undefined()) {
                fields.push((name, read(&field, depth + 1)?));
            }
        }
        return Ok(Tree::Object(fields));
    }
    Err(DecodeError("found a value that is not data (a function or a symbol)".to_owned()))
}

/// Decodes a JS value as `T`.
pub(crate) fn decode<T: de::DeserializeOwned>(value: &JsValue) -> Result<T, DecodeError> {
    crate::tree::decode(read(value, 0)?)
}
