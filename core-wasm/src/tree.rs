//! A plain tree of data values and a small serde `Deserializer` over it: how the wasm bindings
//! read JavaScript values into Rust types (`wasm::decode` copies a JS value into a [`Tree`] with
//! one non-generic walk; everything else is here, pure Rust, so it is tested natively).
//!
//! Each typed request calls only the visitor method that fits, and errors name the kind of value
//! found, never a number (formatting floats would pull ~20 KB into the module). Nothing here
//! panics: a panic would abort the wasm instance.

use serde::de::{self, DeserializeSeed, Unexpected, Visitor};

/// The largest whole number a JS number holds exactly.
const MAX_EXACT: f64 = 9_007_199_254_740_991.0;

#[derive(Debug, Clone)]
pub(crate) enum Tree {
    Null,
    Bool(bool),
    Number(f64),
    Text(String),
    List(Vec<Tree>),
    Object(Vec<(String, Tree)>),
}

#[derive(Debug)]
pub(crate) struct DecodeError(pub(crate) String);

impl std::fmt::Display for DecodeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for DecodeError {}

fn kind(found: &Unexpected<'_>) -> &'static str {
    match found {
        Unexpected::Bool(_) => "a boolean",
        Unexpected::Unsigned(_) | Unexpected::Signed(_) | Unexpected::Float(_) => "a number",
        Unexpected::Char(_) | Unexpected::Str(_) => "a text",
        Unexpected::Unit | Unexpected::Option => "null",
        Unexpected::Seq => "a list",
        Unexpected::Map => "an object",
        _ => "another kind of value",
    }
}

impl de::Error for DecodeError {
    fn custom<T: std::fmt::Display>(msg: T) -> Self {
        DecodeError(msg.to_string())
    }

    fn invalid_type(found: Unexpected<'_>, expected: &dyn de::Expected) -> Self {
        DecodeError(format!("found {}, expected {expected}", kind(&found)))
    }

    fn invalid_value(found: Unexpected<'_>, expected: &dyn de::Expected) -> Self {
        DecodeError(format!("unexpected {}, expected {expected}", kind(&found)))
    }
}

/// Decodes a tree as `T`.
pub(crate) fn decode<T: de::DeserializeOwned>(tree: Tree) -> Result<T, DecodeError> {
    T::deserialize(TreeDe(tree))
}

struct TreeDe(Tree);

impl TreeDe {
    fn found(&self) -> Unexpected<'_> {
        match &self.0 {
            Tree::Null => Unexpected::Unit,
            Tree::Bool(b) => Unexpected::Bool(*b),
            Tree::Number(n) => Unexpected::Float(*n),
            Tree::Text(s) => Unexpected::Str(s),
            Tree::List(_) => Unexpected::Seq,
            Tree::Object(_) => Unexpected::Map,
        }
    }

    /// A whole number within JavaScript's exact range.
    fn whole(&self) -> Option<i64> {
        match self.0 {
            Tree::Number(n) if n.fract() == 0.0 && n.abs() <= MAX_EXACT => Some(n as i64),
            _ => None,
        }
    }

    fn fields(fields: Vec<(String, Tree)>) -> Fields {
        Fields { fields: fields.into_iter(), value: None }
    }
}

/// Typed requests: each calls only the one visitor method that fits, so a visitor's other
/// methods (a struct's positional `visit_seq`, say) are never instantiated.
macro_rules! only {
    ($($method:ident: $pattern:pat => $visit:ident($($value:expr)?);)*) => {
        $(
            fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
                match self.0 {
                    $pattern => visitor.$visit($($value)?),
                    other => Err(de::Error::invalid_type(TreeDe(other).found(), &visitor)),
                }
            }
        )*
    };
}

/// Integer requests: a whole number in range, as the visitor's widest integer.
macro_rules! integers {
    ($($method:ident)*) => {
        $(
            fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
                match self.whole() {
                    Some(n) if n >= 0 => visitor.visit_u64(n as u64),
                    Some(n) => visitor.visit_i64(n),
                    None => Err(de::Error::invalid_type(self.found(), &visitor)),
                }
            }
        )*
    };
}

impl<'de> de::Deserializer<'de> for TreeDe {
    type Error = DecodeError;

    /// For values whose shape is not known in advance (a fare: a number or a text).
    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
        if let Some(n) = self.whole() {
            return if n >= 0 { visitor.visit_u64(n as u64) } else { visitor.visit_i64(n) };
        }
        match self.0 {
            Tree::Null => visitor.visit_unit(),
            Tree::Bool(b) => visitor.visit_bool(b),
            Tree::Number(n) => visitor.visit_f64(n),
            Tree::Text(s) => visitor.visit_string(s),
            Tree::List(items) => visitor.visit_seq(Items(items.into_iter())),
            Tree::Object(fields) => visitor.visit_map(TreeDe::fields(fields)),
        }
    }

    only! {
        deserialize_bool: Tree::Bool(b) => visit_bool(b);
        deserialize_f64: Tree::Number(n) => visit_f64(n);
        deserialize_f32: Tree::Number(n) => visit_f64(n);
        deserialize_string: Tree::Text(s) => visit_string(s);
        deserialize_str: Tree::Text(s) => visit_string(s);
        deserialize_char: Tree::Text(s) => visit_string(s);
        deserialize_identifier: Tree::Text(s) => visit_string(s);
        deserialize_unit: Tree::Null => visit_unit();
        deserialize_seq: Tree::List(items) => visit_seq(Items(items.into_iter()));
        deserialize_map: Tree::Object(fields) => visit_map(TreeDe::fields(fields));
    }

    integers! { deserialize_u8 deserialize_u16 deserialize_u32 deserialize_u64 deserialize_i8 deserialize_i16 deserialize_i32 deserialize_i64 }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
        match self.0 {
            Tree::Null => visitor.visit_none(),
            other => visitor.visit_some(TreeDe(other)),
        }
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(self, _: &'static str, visitor: V) -> Result<V::Value, DecodeError> {
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _: &'static str,
        _: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, DecodeError> {
        self.deserialize_map(visitor)
    }

    fn deserialize_tuple<V: Visitor<'de>>(self, _: usize, visitor: V) -> Result<V::Value, DecodeError> {
        self.deserialize_seq(visitor)
    }

    /// Unknown fields are skipped without looking inside.
    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DecodeError> {
        visitor.visit_unit()
    }

    /// Externally tagged, as the core's events are: `"unit"` or `{ "variant": content }`.
    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _: &'static str,
        _: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, DecodeError> {
        match self.0 {
            Tree::Text(variant) => visitor.visit_enum(Variant { variant, content: Tree::Null }),
            Tree::Object(mut fields) if fields.len() == 1 => {
                let (variant, content) = fields.remove(0);
                visitor.visit_enum(Variant { variant, content })
            }
            _ => Err(DecodeError("expected a variant name or an object with one key".to_owned())),
        }
    }

    serde::forward_to_deserialize_any! { i128 u128 bytes byte_buf unit_struct tuple_struct }
}

struct Items(std::vec::IntoIter<Tree>);

impl<'de> de::SeqAccess<'de> for Items {
    type Error = DecodeError;

    fn next_element_seed<S: DeserializeSeed<'de>>(&mut self, seed: S) -> Result<Option<S::Value>, DecodeError> {
        self.0.next().map(|item| seed.deserialize(TreeDe(item))).transpose()
    }
}

struct Fields {
    fields: std::vec::IntoIter<(String, Tree)>,
    value: Option<Tree>,
}

impl<'de> de::MapAccess<'de> for Fields {
    type Error = DecodeError;

    fn next_key_seed<S: DeserializeSeed<'de>>(&mut self, seed: S) -> Result<Option<S::Value>, DecodeError> {
        match self.fields.next() {
            Some((key, value)) => {
                self.value = Some(value);
                seed.deserialize(TreeDe(Tree::Text(key))).map(Some)
            }
            None => Ok(None),
        }
    }

    fn next_value_seed<S: DeserializeSeed<'de>>(&mut self, seed: S) -> Result<S::Value, DecodeError> {
        seed.deserialize(TreeDe(self.value.take().unwrap_or(Tree::Null)))
    }
}

struct Variant {
    variant: String,
    content: Tree,
}

impl<'de> de::EnumAccess<'de> for Variant {
    type Error = DecodeError;
    type Variant = TreeDe;

    fn variant_seed<S: DeserializeSeed<'de>>(self, seed: S) -> Result<(S::Value, TreeDe), DecodeError> {
        Ok((seed.deserialize(TreeDe(Tree::Text(self.variant)))?, TreeDe(self.content)))
    }
}

impl<'de> de::VariantAccess<'de> for TreeDe {
    type Error = DecodeError;

    fn unit_variant(self) -> Result<(), DecodeError> {
        match self.0 {
            Tree::Null => Ok(()),
            _ => Err(DecodeError("this variant carries no value".to_owned())),
        }
    }

    fn newtype_variant_seed<S: DeserializeSeed<'de>>(self, seed: S) -> Result<S::Value, DecodeError> {
        seed.deserialize(self)
    }

    fn tuple_variant<V: Visitor<'de>>(self, _: usize, visitor: V) -> Result<V::Value, DecodeError> {
        de::Deserializer::deserialize_seq(self, visitor)
    }

    fn struct_variant<V: Visitor<'de>>(self, _: &'static [&'static str], visitor: V) -> Result<V::Value, DecodeError> {
        de::Deserializer::deserialize_map(self, visitor)
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;
    use serde_json::Value;

    use super::*;
    use crate::contract::booking::{
        BusBooking, PaymentPendingRequest, PromoResponse, SeatLockRequest, SurpriseDeal, UpdateGatewayResponse,
    };
    use crate::contract::reservation::ReservationForm;
    use crate::contract::seats::{BusSeatPlan, LaunchSeatPlan};
    use crate::contract::tickets::Ticket;
    use crate::contract::trips::Trip;
    use crate::deal::DealEvent;
    use crate::otp::OtpEvent;
    use crate::seats::SeatEvent;
    use crate::trips::Filters;

    /// Any data a page could pass: Unicode text, every kind of number (NaN, infinities, huge,
    /// fractions), nested lists and objects with arbitrary keys.
    fn tree() -> impl Strategy<Value = Tree> {
        let leaf = prop_oneof![
            Just(Tree::Null),
            any::<bool>().prop_map(Tree::Bool),
            any::<f64>().prop_map(Tree::Number),
            (-1e6f64..1e6).prop_map(|n| Tree::Number(n.round())),
            any::<String>().prop_map(Tree::Text),
            "[a-zA-Z_]{0,12}".prop_map(Tree::Text),
        ];
        leaf.prop_recursive(4, 48, 6, |inner| {
            prop_oneof![
                prop::collection::vec(inner.clone(), 0..6).prop_map(Tree::List),
                prop::collection::vec(("[a-zA-Z_]{1,16}|\\PC{0,6}", inner), 0..8).prop_map(Tree::Object),
            ]
        })
    }

    fn from_json(v: &Value) -> Tree {
        match v {
            Value::Null => Tree::Null,
            Value::Bool(b) => Tree::Bool(*b),
            Value::Number(n) => Tree::Number(n.as_f64().unwrap_or(f64::NAN)),
            Value::String(s) => Tree::Text(s.clone()),
            Value::Array(items) => Tree::List(items.iter().map(from_json).collect()),
            Value::Object(map) => Tree::Object(map.iter().map(|(k, v)| (k.clone(), from_json(v))).collect()),
        }
    }

    /// Every input type of the bindings, decoded from one tree: errors are fine, panics are not.
    fn decode_all(t: &Tree) {
        macro_rules! each {
            ($($ty:ty),*) => {$(let _ = decode::<$ty>(t.clone());)*};
        }
        each!(
            SeatLockRequest,
            PaymentPendingRequest,
            ReservationForm,
            BusBooking,
            PromoResponse,
            SurpriseDeal,
            UpdateGatewayResponse,
            BusSeatPlan,
            LaunchSeatPlan,
            Ticket,
            Vec<Trip>,
            Filters,
            OtpEvent,
            DealEvent,
            SeatEvent,
            Option<String>,
            Vec<String>,
            f64,
            u32,
            bool,
            Value
        );
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 1000, ..ProptestConfig::default() })]

        #[test]
        fn any_data_decodes_or_says_why(t in tree()) {
            decode_all(&t);
        }

        #[test]
        fn a_seat_lock_decodes_as_serde_json_decodes_it(
            trip in "\\PC{0,20}",
            seats in prop::collection::vec("\\PC{0,4}", 0..5),
            boarding in prop::option::of("\\PC{0,10}"),
        ) {
            let json = serde_json::json!({"tripId": trip, "seats": seats, "boardingPoint": boarding});
            let ours: Result<SeatLockRequest, _> = decode(from_json(&json));
            let theirs: Result<SeatLockRequest, _> = serde_json::from_value(json);
            prop_assert_eq!(ours.ok(), theirs.ok());
        }
    }

    #[test]
    fn nothing_but_an_error_for_a_wrong_kind_of_value() {
        let err = decode::<SeatLockRequest>(Tree::Text("x".into())).err().map(|e| e.to_string());
        assert!(err.is_some_and(|e| e.contains("found a text")));
    }
}
