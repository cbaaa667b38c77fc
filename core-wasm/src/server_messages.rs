//! Every message the servers answer with: a stable code and SPEC's (or our) English text, with
//! `{name}` where a value goes. The envelope of an error carries each message's code and values
//! beside its text (`ErrorBody::details`), so the site shows a message from its own catalog by
//! code (a Bangla catalog needs no server change) and falls back to the English text.
//!
//! Texts are exactly what travellers have always been shown; `every OTP message mentions OTP`
//! (SPEC §8's 'mentions otp' rule depends on it) is checked below.

use serde::{Deserialize, Serialize};

/// A message with `{name}` placeholders.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Template {
    pub code: &'static str,
    pub text: &'static str,
}

/// A value a message names: `{seat}` -> `A1`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Param {
    pub name: String,
    pub value: String,
}

/// A message as said: its code, its English text with the values filled in, and the values.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Said {
    pub code: String,
    pub text: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub params: Vec<Param>,
}

impl Template {
    pub const fn new(code: &'static str, text: &'static str) -> Template {
        Template { code, text }
    }

    /// The message with its values: each `{name}` replaced by the value given for it.
    pub fn with(self, params: &[(&str, &str)]) -> Said {
        let mut text = self.text.to_owned();
        for (name, value) in params {
            text = text.replace(&format!("{{{name}}}"), value);
        }
        Said {
            code: self.code.to_owned(),
            text,
            params: params.iter().map(|(n, v)| Param { name: (*n).to_owned(), value: (*v).to_owned() }).collect(),
        }
    }
}

impl From<Template> for Said {
    fn from(t: Template) -> Said {
        t.with(&[])
    }
}

/// The core's own validation messages (phone, e-mail, seats) keep their codes on the wire.
impl From<crate::message::Message> for Said {
    fn from(m: crate::message::Message) -> Said {
        Said { code: m.code.to_owned(), text: m.text.to_owned(), params: Vec::new() }
    }
}

macro_rules! templates {
    ($($(#[$doc:meta])* $name:ident = $code:literal, $text:literal;)*) => {
        $($(#[$doc])* pub const $name: Template = Template::new($code, $text);)*
        /// Every server message (the site's catalog is checked against this list).
        pub const ALL: &[Template] = &[$($name),*];
    };
}

templates! {
    /// SPEC §2: a not-found route's message.
    PAGE_NOT_FOUND = "page.notFound", "This page could not be found";
    UNAUTHORIZED = "auth.unauthorized", "Unauthorized";
    /// A call for logged-in users only (`common/me`, `my-tickets`, `logout`) made with a
    /// visitor's token (issue 13).
    LOGIN_REQUIRED = "auth.loginRequired", "Please log in first";
    /// A user token whose login has ended: logged out, or expired.
    SESSION_ENDED = "auth.sessionEnded", "Your login has ended; please log in again";
    /// `common/login` asked with a service account's token: only the site's visitors log in.
    LOGIN_PUBLIC_ONLY = "auth.loginPublicOnly", "Only the site's visitors can log in";
    METHOD_NOT_ALLOWED = "request.method", "method not allowed on this path";
    TOO_LARGE = "request.tooLarge", "Request body is too large";
    NOT_JSON = "request.notJson", "Send the body as JSON (Content-Type: application/json)";
    MALFORMED_JSON = "request.malformed", "Malformed JSON";
    /// A body or query that does not decode: serde's words name the field.
    INVALID_REQUEST = "request.invalid", "{detail}";
    REQUIRED_FIELD = "request.required", "{field} is required";
    INVALID_FIELD = "request.fieldInvalid", "{field} is invalid";
    INTERNAL = "server.error", "Something went wrong, please try again";
    NUL_CHARACTER = "request.nul", "Text must not contain the NUL character";
    QUERY_NUL = "request.queryNul", "The address must not contain the NUL character";

    VISITOR_REQUIRED = "visitor.required", "userId or anonymousId is required";
    /// A body naming another visitor than the token's (DESIGN §3 "Identity and ownership").
    VISITOR_NOT_YOURS = "visitor.notYours", "This visitor id is not yours: send the one your token was issued with";
    /// Too many requests of a kind from one connection (rate limits).
    SLOW_DOWN = "request.tooMany", "Too many requests; please try again in {seconds} seconds";
    /// The whole site is at its ceiling.
    BUSY = "request.busy", "The site is very busy; please try again in a moment";
    REQUEST_TIMEOUT = "request.timeout", "The request took too long; please try again";
    TRIP_NOT_FOUND = "trip.notFound", "Trip not found";
    CITY_NOT_FOUND = "city.notFound", "City not found: {city}";
    NOT_A_CITY = "city.unknown", "{field} '{city}' is not a city";
    SAME_CITIES = "search.sameCities", "from and to must be different cities";
    DATE_PAST = "search.datePast", "journeyDate cannot be before today";
    DATE_INVALID = "search.dateInvalid", "journeyDate: {detail}";
    COACH_TYPE = "search.coachType", "coachType must be ac, non-ac or all, not '{value}'";
    POINT_NOT_ON_TRIP = "point.notOnTrip", "{field} '{point}' is not on this trip";
    NO_STOP_FROM = "trip.noStopFrom", "this trip does not stop at from";
    NO_STOP_TO = "trip.noStopTo", "this trip does not go on to to";
    POINTS_ORDER = "point.order", "the dropping point must come after the boarding point";

    SEAT_TAKEN = "seat.taken", "Seat {seat} was just taken by another traveller, please choose another";
    NO_SEAT = "seat.none", "Choose at least one seat";
    SEAT_TWICE = "seat.twice", "A seat is chosen twice";
    SEAT_UNKNOWN = "seat.unknown", "There is no seat {seat} on this trip";
    SEAT_NO_FARE = "seat.noFare", "Seat {seat} has no fare for this journey";
    SEAT_NOT_BOOKED = "seat.notInBooking", "Seat {seat} is not in this booking";
    LAST_SEAT = "seat.last", "A booking keeps at least one seat; cancel the payment instead";
    SEATS_NOT_HELD = "seat.notHeld", "These are not the seats you chose; lock the seats first";
    HOLD_EXPIRED = "hold.expired", "Your seat hold has expired, please choose your seats again";
    /// An operator's online quota reached (issue 41): the seats left are sold at its counters.
    COUNTER_ONLY = "seats.counterOnly", "The seats left on this trip are sold at the operator's counters";
    COUNTER_CANCEL = "ticket.counterCancel", "This ticket was bought at a counter: cancel it at one of the operator's counters";
    HOLD_OVER = "hold.over", "Your time to book these seats is over; please choose your seats again";
    HOLD_VISITOR_CAP = "hold.visitorCap", "You can hold at most {seats} seats at a time; book or release some first";
    HOLD_ADDRESS_CAP = "hold.addressCap", "Too many seats are held from this connection; please try again later";
    /// A seat whose hold from this connection or visitor ran to its life cap, asked for again
    /// too soon (issue 39): others get their turn at it first.
    HOLD_COOLING = "hold.cooling", "Seat {seat} was just held for the longest time allowed; other travellers get their turn at it for {minutes} minutes";
    /// A visitor who let several holds run out unpaid (issue 39).
    HOLD_SLOW_DOWN = "hold.slowDown", "Several of your seat holds ran out without payment; please try again in {minutes} minutes";
    /// Seat-lock on a trip of an Eid sale window without an admission (issue 16).
    QUEUE_REQUIRED = "queue.required", "Seats on this trip are sold through the queue: join it, and hold seats when your turn comes";
    /// An admission that has ended, or was never given: the turn is over.
    QUEUE_ADMISSION_ENDED = "queue.admissionEnded", "Your turn to hold seats has ended";
    /// An admission for someone else, another queue, or not signed here.
    QUEUE_ADMISSION_INVALID = "queue.admissionInvalid", "This queue admission is not yours; join the queue to get your own";
    /// `queue/join` for a trip no sale window covers now.
    QUEUE_NONE = "queue.none", "This trip has no queue now: choose your seats";
    /// `queue/status` for a place that is not the caller's, or whose queue has ended.
    QUEUE_NOT_FOUND = "queue.notFound", "This place in the queue was not found";
    TRIP_DEPARTED = "trip.departed", "This trip has already left";
    NAME_TOO_LONG = "passenger.nameLong", "name: at most 100 characters";
    NAME_REQUIRED = "passenger.nameRequired", "name: This field is required";
    /// A name of invisible characters only (zero-width spaces and the like).
    NAME_INVISIBLE = "passenger.nameInvisible", "name: Enter the passenger's name in letters";

    BOOKING_NOT_FOUND = "booking.notFound", "Booking not found";
    NOT_WAITING = "booking.notWaiting", "This booking is no longer waiting for payment";
    GATEWAY_UNKNOWN = "gateway.unknown", "Unknown payment gateway '{gateway}'";
    SEATS_LOST = "payment.seatsLost", "Your seats were taken while you paid; your payment is being refunded";
    PAYMENT_FAILED = "payment.failed", "The payment did not go through";
    PAYMENT_INCOMPLETE = "payment.incomplete", "The payment is not complete yet";
    PAYMENT_UNAVAILABLE = "payment.unavailable", "Online payment is not available right now";
    GATEWAY_DOWN = "payment.gatewayDown", "The payment gateway is not answering. Please try again in a minute.";
    /// update-gateway for a booking that has opened its share of gateway sessions (issue 39).
    PAYMENT_ATTEMPTS = "payment.tooManyAttempts", "Too many payment attempts for this booking; please book your seats again";

    TICKET_NOT_FOUND = "ticket.notFound", "Ticket not found";
    NO_TICKET_FOR_PHONE = "ticket.noneForPhone", "No ticket found for this phone";
    ALREADY_CANCELLED = "ticket.alreadyCancelled", "This ticket is already cancelled";
    /// Less notice than the ticket's policy asks (its smallest slab, in hours of notice counted).
    CANCEL_CUTOFF = "ticket.cancelCutoff", "Too late to cancel: this ticket's policy needs {hours} hours' notice before departure";
    /// The ticket's policy allows no cancelling for travel in a dated period (Eid).
    CANCEL_PERIOD = "ticket.cancelPeriod", "Tickets for travel in {period} cannot be cancelled";
    /// The ticket's trip has left.
    CANCEL_DEPARTED = "ticket.cancelDeparted", "This trip has left: its ticket can no longer be cancelled";
    /// A date change (issue 37) asked too late, in a period without changes, of an operator that
    /// offers none, after departure, of a counter's ticket, or to another kind of trip.
    CHANGE_CUTOFF = "ticket.changeCutoff", "Too late to change the date: this ticket's policy needs {hours} hours' notice before departure";
    CHANGE_PERIOD = "ticket.changePeriod", "Dates of travel in {period} cannot be changed";
    CHANGE_NOT_OFFERED = "ticket.changeNotOffered", "This operator does not change dates; you may cancel the ticket instead";
    CHANGE_DEPARTED = "ticket.changeDeparted", "This trip has left: its ticket can no longer be changed";
    COUNTER_CHANGE = "ticket.counterChange", "This ticket was bought at a counter: change it at one of the operator's counters";
    CHANGE_OTHER_TRIP = "ticket.changeOtherTrip", "A ticket moves only to another trip of its operator and route, between the same stops, with as many seats";
    /// The booking is a ticket's new date: another ticket cannot take it, its price cannot change.
    CHANGE_BOOKING_FIXED = "booking.changeFixed", "This booking is already the new date of a ticket: its seats and price stay as they are";
    /// The operator cancelled the trip: nothing more is sold on it.
    TRIP_CANCELLED = "trip.cancelled", "The operator cancelled this trip; please choose another";

    OTP_WAIT = "otp.wait", "Please wait {seconds} seconds before asking for another OTP";
    OTP_PHONE_HOURLY = "otp.phoneHourly", "Too many OTP requests for this phone; try again in {minutes} minutes";
    OTP_NOT_SENT = "otp.notSent", "We could not send the OTP right now; please try again";
    OTP_FORMAT = "otp.format", "Enter the 4-digit OTP";
    OTP_NONE = "otp.none", "No OTP was sent to this phone; ask for an OTP first";
    OTP_EXPIRED = "otp.expired", "This OTP has expired; ask for a new OTP";
    OTP_LOCKED = "otp.locked", "Too many wrong tries: this OTP is locked; ask for a new OTP";
    OTP_USED = "otp.used", "This OTP was already used; ask for a new OTP";
    OTP_WRONG = "otp.wrong", "Wrong OTP, please check the code and try again";

    ID_REQUIRED = "content.idRequired", "id is required";
    OPERATOR_NOT_FOUND = "content.operatorNotFound", "Operator not found";
    ROUTE_NOT_FOUND = "content.routeNotFound", "Popular route not found";
    MODULE_TYPE = "content.moduleType", "moduleType must be intercity or water, not '{value}'";

    KEY_TOO_LONG = "idempotency.tooLong", "Idempotency-Key is too long";
    KEY_OTHER_BODY = "idempotency.otherBody", "This Idempotency-Key was used with another request; use a new key";
    KEY_FIRST_FAILED = "idempotency.firstFailed", "The first request with this Idempotency-Key failed; try again";
    KEY_RUNNING = "idempotency.running", "A request with this Idempotency-Key is still running";

    BAD_DATE = "visits.date", "{detail}";
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_unique() {
        let mut codes: Vec<&str> = ALL.iter().map(|t| t.code).collect();
        codes.sort_unstable();
        let before = codes.len();
        codes.dedup();
        assert_eq!(before, codes.len());
    }

    #[test]
    fn every_otp_message_mentions_otp() {
        for t in ALL.iter().filter(|t| t.code.starts_with("otp.")) {
            assert!(crate::errors::mentions_otp(t.text), "{}", t.code);
        }
    }

    #[test]
    fn values_fill_their_places() {
        let said = SEAT_TAKEN.with(&[("seat", "A1")]);
        assert_eq!(said.text, "Seat A1 was just taken by another traveller, please choose another");
        assert_eq!((said.code.as_str(), said.params[0].value.as_str()), ("seat.taken", "A1"));
    }
}
