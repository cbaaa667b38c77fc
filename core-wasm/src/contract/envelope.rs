//! The response envelope, compatible with the original NestJS API (DESIGN §3).

use serde::{Deserialize, Serialize};

use crate::server_messages::Said;

/// A success: HTTP 2xx, the payload in `data`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Envelope<T> {
    pub status_code: u16,
    pub message: String,
    pub data: T,
}

impl<T> Envelope<T> {
    pub fn ok(data: T) -> Self {
        Envelope { status_code: 200, message: "Success".to_owned(), data }
    }
}

/// An error's message: one text, or a list (validation lists every failing field).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(untagged)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum MessageField {
    One(String),
    Many(Vec<String>),
}

impl MessageField {
    /// Every text of the message, in order.
    pub fn texts(&self) -> Vec<&str> {
        match self {
            MessageField::One(s) => vec![s.as_str()],
            MessageField::Many(list) => list.iter().map(String::as_str).collect(),
        }
    }
}

/// Decoded by hand rather than as an untagged enum, for the wasm's size (see `number_or_text!`).
impl<'de> Deserialize<'de> for MessageField {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Visitor;
        impl<'de> serde::de::Visitor<'de> for Visitor {
            type Value = MessageField;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a text or a list of texts")
            }
            fn visit_str<E>(self, v: &str) -> Result<MessageField, E> {
                Ok(MessageField::One(v.to_owned()))
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<MessageField, A::Error> {
                let mut list = Vec::new();
                while let Some(item) = seq.next_element::<String>()? {
                    list.push(item);
                }
                Ok(MessageField::Many(list))
            }
        }
        d.deserialize_any(Visitor)
    }
}

/// A failure: `{"statusCode":4xx,"message":"text" | ["text", ...],"error":"Bad Request"}`.
/// Every field is optional on the way in: a proxy's or gateway's error page may carry none.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct ErrorBody {
    #[serde(default)]
    pub status_code: Option<u16>,
    #[serde(default)]
    pub message: Option<MessageField>,
    #[serde(default)]
    pub error: Option<String>,
    /// A seat-lock's 409: the seats someone else holds or bought, so the site can mark them
    /// booked without reading the message.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seats: Option<Vec<String>>,
    /// The stable code of the (first) message, for the site's catalog. Written by the servers;
    /// the core's client never reads it (the page gets the answer as sent), so the browser's
    /// module carries no decoder for it.
    #[serde(default, skip_serializing_if = "Option::is_none", skip_deserializing)]
    pub code: Option<String>,
    /// Each message of `message` with its code and values, in the same order (as `code`).
    #[serde(default, skip_serializing_if = "Option::is_none", skip_deserializing)]
    pub details: Option<Vec<Said>>,
}

impl ErrorBody {
    /// The body of these messages (one, or a list), with their codes.
    pub fn said(status_code: u16, mut said: Vec<Said>, error: &str) -> Self {
        let message = if said.len() == 1 {
            MessageField::One(said[0].text.clone())
        } else {
            MessageField::Many(said.iter().map(|s| s.text.clone()).collect())
        };
        said.retain(|s| !s.code.is_empty());
        ErrorBody {
            status_code: Some(status_code),
            message: Some(message),
            error: Some(error.to_owned()),
            seats: None,
            code: said.first().map(|s| s.code.clone()),
            details: Some(said),
        }
    }
}

/// The request of a call that takes nothing (a GET without query). TypeScript: `NoBody`, an empty
/// object or nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct NoBody {}
