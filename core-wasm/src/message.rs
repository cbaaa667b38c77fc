//! Messages the core produces: a stable code beside SPEC's English text.
//!
//! The site shows a message by its `code` from its own catalog (so a Bangla catalog needs no rule
//! change); `text` is the English wording SPEC.md prescribes, quirks included.

use serde::Serialize;

/// A user-facing message: `code` is stable (`phone.length`), `text` is SPEC's English message.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct Message {
    pub code: &'static str,
    pub text: &'static str,
}

impl Message {
    pub const fn new(code: &'static str, text: &'static str) -> Self {
        Self { code, text }
    }
}

impl std::fmt::Display for Message {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.text)
    }
}

/// 'This field is required': SPEC §5's message for every empty required field.
pub const REQUIRED: Message = Message::new("field.required", "This field is required");

/// Every message the core produces. The site's catalog has an entry for each code (a test
/// checks it), and a message that comes back from JavaScript is read by its code.
pub const ALL: &[Message] = &[
    REQUIRED,
    crate::phone::LENGTH_MESSAGE,
    crate::phone::INVALID_MESSAGE,
    crate::email::INVALID_MESSAGE,
    crate::seats::TOO_MANY,
    crate::seats::UNAVAILABLE,
    crate::seats::POINTS_FIRST,
    crate::seats::LADIES_ONLY,
    crate::invoice::INVALID_PROMO,
    crate::invoice::PROMO_APPLIED,
    crate::deal::NO_DEAL,
];

/// The message with this code, if the core has one.
pub fn by_code(code: &str) -> Option<Message> {
    ALL.iter().copied().find(|m| m.code == code)
}

impl<'de> serde::Deserialize<'de> for Message {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        #[derive(serde::Deserialize)]
        struct Coded {
            code: String,
        }
        let coded = Coded::deserialize(d)?;
        by_code(&coded.code).ok_or_else(|| serde::de::Error::custom(format!("unknown message code '{}'", coded.code)))
    }
}
