//! The ticket API's contract: every request and response body is one serde type here, used by
//! the site's API client, by `ticket-api` and by its OpenAPI document (DESIGN §2). Keys are
//! spelt as SPEC.md spells them (`_id`, `bordingPoints`, `prefferredBus`, `ClassWiseSeatPlan`).
//! A change of contract is one change in this folder.

pub mod accounts;
pub mod auth;
pub mod boarding;
pub mod booking;
pub mod calls;
pub mod content;
pub mod counter;
pub mod envelope;
pub mod plans;
pub mod queue;
pub mod reservation;
pub mod seats;
pub mod staff;
pub mod tickets;
pub mod trips;

/// Marks a contract type: serde both ways, and (in the wasm build) a generated TypeScript
/// declaration, so the site's types are never written twice by hand.
macro_rules! contract {
    ($($item:item)*) => {
        $(
            #[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
            #[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
            #[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
            $item
        )*
    };
}
pub(crate) use contract;

/// A value that is a number or a text, e.g. a fare (`850` or `'850-1200'`). Decoded by hand:
/// serde's untagged enums buffer every value first, and that machinery would double the size
/// of the browser's wasm (README "Size").
macro_rules! number_or_text {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Debug, Clone, PartialEq, serde::Serialize)]
        #[serde(untagged)]
        #[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
        #[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
        pub enum $name {
            Amount(f64),
            Text(String),
        }

        impl<'de> serde::Deserialize<'de> for $name {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                struct Visitor;
                impl serde::de::Visitor<'_> for Visitor {
                    type Value = $name;
                    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        f.write_str("a number or a text")
                    }
                    fn visit_f64<E>(self, v: f64) -> Result<$name, E> {
                        Ok($name::Amount(v))
                    }
                    fn visit_i64<E>(self, v: i64) -> Result<$name, E> {
                        Ok($name::Amount(v as f64))
                    }
                    fn visit_u64<E>(self, v: u64) -> Result<$name, E> {
                        Ok($name::Amount(v as f64))
                    }
                    fn visit_str<E>(self, v: &str) -> Result<$name, E> {
                        Ok($name::Text(v.to_owned()))
                    }
                }
                d.deserialize_any(Visitor)
            }
        }
    };
}
pub(crate) use number_or_text;
