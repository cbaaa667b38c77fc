//! Bindings for the booking pages: seat plans and seat choice, the booking invoice, promos and
//! the surprise deal, the OTP modal and found tickets. Built as its own wasm module (feature
//! `booking`) so that the first page load does not carry it.

use wasm_bindgen::prelude::*;

use super::{from_js, optional, to_js};
use crate::contract::booking::{BusBooking, LaunchBooking, PromoResponse, SurpriseDeal};
use crate::contract::reservation::ReservationForm;
use crate::contract::seats::{BusSeat, BusSeatPlan, LaunchSeatPlan};
use crate::contract::tickets::{CancelTicketResponse, Ticket};
use crate::contract::trips::Trip;
use crate::deal::{DealEvent, DealState};
use crate::invoice::{BusBookingEvent, LaunchBookingEvent};
use crate::otp::{OtpEvent, OtpState};
use crate::pricing::{self, PromoRule};
use crate::seats::{SeatChoice, SeatEvent};
use crate::service::Service;
use crate::trips::PriceSort;
use crate::{deal, invoice, otp, seats, tickets};
use crate::{phone, reservation, routes, time, trips};

#[wasm_bindgen(js_name = markSeatBooked, unchecked_return_type = "BusSeatPlan")]
pub fn mark_seat_booked(
    #[wasm_bindgen(unchecked_param_type = "BusSeatPlan")] plan: JsValue,
    seat_no: &str,
    boarding_point: Option<String>,
    dropping_point: Option<String>,
) -> Result<JsValue, JsError> {
    let plan: BusSeatPlan = from_js(plan, "seat plan")?;
    to_js(&seats::mark_booked(plan, seat_no, boarding_point.as_deref(), dropping_point.as_deref()))
}

#[wasm_bindgen(js_name = markLaunchSeatBooked, unchecked_return_type = "LaunchSeatPlan")]
pub fn mark_launch_seat_booked(
    #[wasm_bindgen(unchecked_param_type = "LaunchSeatPlan")] plan: JsValue,
    seat_no: &str,
) -> Result<JsValue, JsError> {
    let plan: LaunchSeatPlan = from_js(plan, "seat plan")?;
    to_js(&seats::mark_launch_booked(plan, seat_no))
}

#[derive(serde::Serialize)]
struct Offer {
    status: crate::contract::seats::SeatStatus,
    fare: Option<f64>,
}

/// A bus seat's status and fare for the chosen points.
#[wasm_bindgen(js_name = seatOffer, unchecked_return_type = "{ status: SeatStatus, fare: number | null }")]
pub fn seat_offer(
    #[wasm_bindgen(unchecked_param_type = "BusSeat")] seat: JsValue,
    boarding_point: Option<String>,
    dropping_point: Option<String>,
) -> Result<JsValue, JsError> {
    let seat: BusSeat = from_js(seat, "seat")?;
    let (status, fare) = seats::seat_offer(&seat, boarding_point.as_deref(), dropping_point.as_deref());
    to_js(&Offer { status, fare })
}

/// The ladies-seat rule: a message when the chosen seats include a ladies seat and the passenger
/// is not female, else `null`.
#[wasm_bindgen(js_name = ladiesProblem, unchecked_return_type = "Message | null")]
pub fn ladies_problem(
    has_ladies_seat: bool,
    #[wasm_bindgen(unchecked_param_type = "Gender")] gender: JsValue,
) -> Result<JsValue, JsError> {
    let gender: crate::contract::booking::Gender = from_js(gender, "gender")?;
    to_js(&seats::ladies_problem(has_ladies_seat, gender))
}

/// `null` when a promo call returned data, else 'Invalid promo applied!'.
#[wasm_bindgen(js_name = promoProblem, unchecked_return_type = "Message | null")]
pub fn promo_problem(
    #[wasm_bindgen(unchecked_param_type = "PromoResponse | null | undefined")] data: JsValue,
) -> Result<JsValue, JsError> {
    let data: Option<PromoResponse> = optional(data, "promo response")?;
    to_js(&invoice::promo_result(data).err())
}

#[wasm_bindgen(js_name = dealClaim, unchecked_return_type = "DealClaim")]
pub fn deal_claim(
    #[wasm_bindgen(unchecked_param_type = "SurpriseDeal")] offered: JsValue,
    #[wasm_bindgen(unchecked_param_type = "BusBooking")] booking: JsValue,
    tnx_id: &str,
) -> Result<JsValue, JsError> {
    let offered: SurpriseDeal = from_js(offered, "deal")?;
    let booking: BusBooking = from_js(booking, "booking")?;
    to_js(&deal::claim(&offered, &booking, tnx_id))
}

#[wasm_bindgen(js_name = initialOtpState, unchecked_return_type = "OtpState")]
pub fn initial_otp_state() -> Result<JsValue, JsError> {
    to_js(&OtpState::default())
}

#[wasm_bindgen(js_name = otpReducer, unchecked_return_type = "OtpState")]
pub fn otp_reducer(
    #[wasm_bindgen(unchecked_param_type = "OtpState")] state: JsValue,
    #[wasm_bindgen(unchecked_param_type = "OtpEvent")] event: JsValue,
) -> Result<JsValue, JsError> {
    let state: OtpState = from_js(state, "OTP state")?;
    let event: OtpEvent = from_js(event, "OTP event")?;
    to_js(&otp::reduce(state, event))
}

#[wasm_bindgen(js_name = initialDealState, unchecked_return_type = "DealState")]
pub fn initial_deal_state() -> Result<JsValue, JsError> {
    to_js(&DealState::default())
}

#[wasm_bindgen(js_name = dealReducer, unchecked_return_type = "DealState")]
pub fn deal_reducer(
    #[wasm_bindgen(unchecked_param_type = "DealState")] state: JsValue,
    #[wasm_bindgen(unchecked_param_type = "DealEvent")] event: JsValue,
) -> Result<JsValue, JsError> {
    let state: DealState = from_js(state, "deal state")?;
    let event: DealEvent = from_js(event, "deal event")?;
    to_js(&deal::reduce(state, event))
}

#[wasm_bindgen(js_name = initialSeatChoice, unchecked_return_type = "SeatChoice")]
pub fn initial_seat_choice() -> Result<JsValue, JsError> {
    to_js(&SeatChoice::default())
}

#[wasm_bindgen(js_name = seatChoiceReducer, unchecked_return_type = "SeatChoice")]
pub fn seat_choice_reducer(
    #[wasm_bindgen(unchecked_param_type = "SeatChoice")] state: JsValue,
    #[wasm_bindgen(unchecked_param_type = "SeatEvent")] event: JsValue,
) -> Result<JsValue, JsError> {
    let state: SeatChoice = from_js(state, "seat choice")?;
    let event: SeatEvent = from_js(event, "seat event")?;
    to_js(&seats::choose(state, event))
}

#[wasm_bindgen(js_name = busBookingReducer, unchecked_return_type = "BusBooking")]
pub fn bus_booking_reducer(
    #[wasm_bindgen(unchecked_param_type = "BusBooking")] booking: JsValue,
    #[wasm_bindgen(unchecked_param_type = "BusBookingEvent")] event: JsValue,
) -> Result<JsValue, JsError> {
    let booking: BusBooking = from_js(booking, "booking")?;
    let event: BusBookingEvent = from_js(event, "booking event")?;
    to_js(&invoice::apply_bus(booking, event))
}

#[wasm_bindgen(js_name = launchBookingReducer, unchecked_return_type = "LaunchBooking")]
pub fn launch_booking_reducer(
    #[wasm_bindgen(unchecked_param_type = "LaunchBooking")] booking: JsValue,
    #[wasm_bindgen(unchecked_param_type = "LaunchBookingEvent")] event: JsValue,
) -> Result<JsValue, JsError> {
    let booking: LaunchBooking = from_js(booking, "booking")?;
    let event: LaunchBookingEvent = from_js(event, "booking event")?;
    to_js(&invoice::apply_launch(booking, event))
}

/// The found tickets after a successful cancel of `ticketId`.
#[wasm_bindgen(js_name = applyCancel, unchecked_return_type = "Ticket[]")]
pub fn apply_cancel(
    #[wasm_bindgen(unchecked_param_type = "Ticket[]")] list: JsValue,
    ticket_id: &str,
    #[wasm_bindgen(unchecked_param_type = "CancelTicketResponse")] response: JsValue,
) -> Result<JsValue, JsError> {
    let list: Vec<Ticket> = from_js(list, "tickets")?;
    let response: CancelTicketResponse = from_js(response, "cancel response")?;
    to_js(&tickets::apply_cancel(list, ticket_id, &response))
}

/// A booking's amounts for seats of these fares (SPEC §3), as the server will compute them.
#[wasm_bindgen(js_name = quote, unchecked_return_type = "Quote")]
pub fn quote(
    #[wasm_bindgen(unchecked_param_type = "Service")] service: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number[]")] fares: JsValue,
    discount: Option<f64>,
) -> Result<JsValue, JsError> {
    let service: Service = from_js(service, "service")?;
    // Fares are whole taka; a fraction from a page is rounded, not refused.
    let fares: Vec<pricing::Taka> =
        from_js::<Vec<f64>>(fares, "fares")?.into_iter().map(|f| f.round() as pricing::Taka).collect();
    to_js(&pricing::quote(service, &fares, discount.map_or(0, |d| d as pricing::Taka)))
}

/// What a promo takes off fares of `subTotal`; null below its minimum fare.
#[wasm_bindgen(js_name = promoDiscount, unchecked_return_type = "number | null")]
pub fn promo_discount(
    #[wasm_bindgen(unchecked_param_type = "PromoRule")] rule: JsValue,
    sub_total: f64,
) -> Result<JsValue, JsError> {
    let rule: PromoRule = from_js(rule, "promo rule")?;
    to_js(&pricing::promo_discount(&rule, sub_total as pricing::Taka))
}

#[wasm_bindgen(js_name = surpriseDealAmount)]
pub fn surprise_deal_amount(sub_total: f64) -> f64 {
    pricing::surprise_deal_amount(sub_total as pricing::Taka) as f64
}

/// The names of the invalid fields of the full-bus form; `today` (YYYY-MM-DD) defaults to today
/// in Dhaka. In this module, not the first pages' one: the form is a lazily opened modal.
#[wasm_bindgen(js_name = validateReservation, unchecked_return_type = "string[]")]
pub fn validate_reservation(
    #[wasm_bindgen(unchecked_param_type = "ReservationForm")] form: JsValue,
    today: Option<String>,
) -> Result<JsValue, JsError> {
    let form: ReservationForm = from_js(form, "reservation form")?;
    let today = match today {
        Some(t) => time::Date::parse(&t).map_err(|e| JsError::new(&e.to_string()))?,
        None => time::today_in_dhaka(js_sys::Date::now()),
    };
    to_js(&reservation::validate(&form, today))
}

// Rules no page of the site calls (the servers and other frontends do; the shared vectors pin
// them in both worlds): here rather than in the first pages' module.

#[wasm_bindgen(js_name = isLoosePhone)]
pub fn is_loose_phone(input: &str) -> bool {
    phone::is_loose_valid(input)
}

#[wasm_bindgen(js_name = sortTrips, unchecked_return_type = "Trip[]")]
pub fn sort_trips(
    #[wasm_bindgen(unchecked_param_type = "Trip[]")] list: JsValue,
    #[wasm_bindgen(unchecked_param_type = "PriceSort | null | undefined")] price_filter_type: JsValue,
) -> Result<JsValue, JsError> {
    let list: Vec<Trip> = from_js(list, "trips")?;
    let price: Option<PriceSort> = optional(price_filter_type, "priceFilterType")?;
    to_js(&trips::sort(list, price))
}

/// The wire value of a Dhaka date (YYYY-MM-DD) and time (`HH:MM` or `hh:mm AM`).
#[wasm_bindgen(js_name = toWireDateTime)]
pub fn to_wire_date_time(date: &str, clock: &str) -> Result<String, JsError> {
    time::to_wire(date, clock).map_err(|e| JsError::new(&e.to_string()))
}

#[wasm_bindgen(js_name = isAppRoute)]
pub fn is_app_route(path: &str) -> bool {
    routes::is_app_route(path)
}

/// Every call's path under each prefix it answers at, and whether the service worker keeps its
/// answers (the call table's `offline`): the site's build test holds the worker's routes to it.
#[wasm_bindgen(js_name = callPaths, unchecked_return_type = "{ path: string, offline: boolean }[]")]
pub fn call_paths() -> Result<JsValue, JsError> {
    #[derive(serde::Serialize)]
    struct CallPath {
        path: String,
        offline: bool,
    }
    let rows: Vec<CallPath> = crate::contract::calls::CALLS
        .iter()
        .flat_map(|call| {
            call.scope.prefixes().iter().map(|under| CallPath { path: call.path(*under), offline: call.offline })
        })
        .collect();
    to_js(&rows)
}

/// Every message the core can produce, for the site's catalog (its tests hold the catalogs to
/// it; no page needs it, so it is not in the first pages' module).
#[wasm_bindgen(js_name = coreMessages, unchecked_return_type = "Message[]")]
pub fn core_messages() -> Result<JsValue, JsError> {
    to_js(crate::message::ALL)
}

/// The passenger form's e-mail check (SPEC §3): only the booking pages ask for one.
#[wasm_bindgen(js_name = validateEmail, unchecked_return_type = "Message | null")]
pub fn validate_email(input: &str) -> Result<JsValue, JsError> {
    to_js(&crate::email::validate(input))
}

/// What cancelling a ticket that cost `paid` keeps and gives back under an operator's policy
/// (issue 37), asked at `now` for a departure at `departs` (both `YYYY-MM-DD HH:MM`, Dhaka).
#[wasm_bindgen(js_name = cancelQuote, unchecked_return_type = "PolicyQuote")]
pub fn cancel_quote(
    #[wasm_bindgen(unchecked_param_type = "Policy")] policy: JsValue,
    paid: f64,
    now: &str,
    departs: &str,
) -> Result<JsValue, JsError> {
    quote_by(crate::policy::cancel, policy, paid, now, departs)
}

/// What cancelling `ticket` now would keep and give back under the policy it was sold under
/// (`tickets::cancel_quote`, the ticket API's own count), or why not; undefined when the ticket
/// cannot say (not confirmed, or from a server without policies).
#[wasm_bindgen(js_name = ticketCancelQuote, unchecked_return_type = "PolicyQuote | undefined")]
pub fn ticket_cancel_quote(
    #[wasm_bindgen(unchecked_param_type = "Ticket")] ticket: JsValue,
    now_ms: Option<f64>,
) -> Result<JsValue, JsError> {
    let ticket: Ticket = from_js(ticket, "ticket")?;
    let now = time::dhaka_now(now_ms.unwrap_or_else(js_sys::Date::now));
    match crate::tickets::cancel_quote(&ticket, now) {
        Some(quote) => to_js(&quote),
        None => Ok(JsValue::UNDEFINED),
    }
}

/// Whether the ticket's refund is collected at a counter (`tickets::refund_at_counter`).
#[wasm_bindgen(js_name = refundAtCounter)]
pub fn refund_at_counter(#[wasm_bindgen(unchecked_param_type = "Ticket")] ticket: JsValue) -> Result<bool, JsError> {
    let ticket: Ticket = from_js(ticket, "ticket")?;
    Ok(crate::tickets::refund_at_counter(&ticket))
}

/// The same for changing the date ([`cancel_quote`]).
#[wasm_bindgen(js_name = rescheduleQuote, unchecked_return_type = "PolicyQuote")]
pub fn reschedule_quote(
    #[wasm_bindgen(unchecked_param_type = "Policy")] policy: JsValue,
    paid: f64,
    now: &str,
    departs: &str,
) -> Result<JsValue, JsError> {
    quote_by(crate::policy::reschedule, policy, paid, now, departs)
}

/// Changing the date of a ticket that cost `paid` to a trip that costs `newAmount`
/// (`policy::change`): the fee, what the old ticket brings, and what is paid or comes back.
#[wasm_bindgen(js_name = changeQuote, unchecked_return_type = "ChangeQuote")]
pub fn change_quote(
    #[wasm_bindgen(unchecked_param_type = "Policy")] policy: JsValue,
    paid: f64,
    new_amount: f64,
    now: &str,
    departs: &str,
    to_departs: &str,
) -> Result<JsValue, JsError> {
    let policy: crate::policy::Policy = from_js(policy, "policy")?;
    let read = |s: &str| time::parse_local(s).map_err(|e| JsError::new(&e.to_string()));
    to_js(&crate::policy::change(
        &policy,
        paid as i64,
        new_amount as i64,
        read(now)?,
        read(departs)?,
        read(to_departs)?,
    ))
}

/// What changing `ticket` now to a trip leaving at `toDeparts` (wire time) that costs
/// `newAmount` comes to under the policy it was sold under (`tickets::change_quote`, the ticket
/// API's own count); undefined when the ticket cannot say.
#[wasm_bindgen(js_name = ticketChangeQuote, unchecked_return_type = "ChangeQuote | undefined")]
pub fn ticket_change_quote(
    #[wasm_bindgen(unchecked_param_type = "Ticket")] ticket: JsValue,
    new_amount: f64,
    to_departs: &str,
    now_ms: Option<f64>,
) -> Result<JsValue, JsError> {
    let ticket: Ticket = from_js(ticket, "ticket")?;
    let to_departs = time::WireDateTime::parse(to_departs).map_err(|e| JsError::new(&e.to_string()))?.to_dhaka();
    let now = time::dhaka_now(now_ms.unwrap_or_else(js_sys::Date::now));
    match crate::tickets::change_quote(&ticket, new_amount as i64, to_departs, now) {
        Some(quote) => to_js(&quote),
        None => Ok(JsValue::UNDEFINED),
    }
}

type Rule = fn(&crate::policy::Policy, i64, time::DateTime, time::DateTime) -> crate::policy::PolicyQuote;

fn quote_by(rule: Rule, policy: JsValue, paid: f64, now: &str, departs: &str) -> Result<JsValue, JsError> {
    let policy: crate::policy::Policy = from_js(policy, "policy")?;
    let read = |s: &str| time::parse_local(s).map_err(|e| JsError::new(&e.to_string()));
    to_js(&rule(&policy, paid as i64, read(now)?, read(departs)?))
}

/// An operator's policy in plain words, a line each, in `language` (`en` or `bn`).
#[wasm_bindgen(js_name = policyWords, unchecked_return_type = "string[]")]
pub fn policy_words(
    #[wasm_bindgen(unchecked_param_type = "Policy")] policy: JsValue,
    language: &str,
) -> Result<JsValue, JsError> {
    super::policy_words(policy, language)
}
