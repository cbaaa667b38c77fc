//! `bus-reservation`: the full-bus request form (SPEC §3 "Full bus reservation request").

use super::{contract, number_or_text};

number_or_text! {
    /// A number field as the form holds it: the text typed (digits only after the input's
    /// filter) or a number.
    NumberInput
}

contract! {
    /// The form as submitted; every field optional on the way in so that a missing field is a
    /// validation error naming it, not a decoding failure. Keys as SPEC spells them.
    #[serde(rename_all = "camelCase", default)]
    #[derive(Default)]
    pub struct ReservationForm {
        pub journey_date: Option<String>,
        pub return_date: Option<String>,
        pub bus_type: Option<String>,
        pub boarding_place: Option<String>,
        pub dropping_place: Option<String>,
        pub number_of_seats: Option<NumberInput>,
        pub number_of_buses: Option<NumberInput>,
        #[serde(rename = "prefferredBus")]
        pub preferred_bus: Option<String>,
        pub comment: Option<String>,
        pub contact_name: Option<String>,
        pub contact_phone: Option<String>,
        pub contact_email: Option<String>,
        pub approximate_budget: Option<NumberInput>,
    }
}

contract! {
    /// A full-bus request received: its id (the message says 'Request submitted successfully').
    pub struct ReservationAck {
        #[serde(rename = "_id")]
        pub id: String,
    }
}
