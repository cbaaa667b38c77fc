//! Bindings for the state transitions `(state, event) -> state`, for React's `useReducer`.

use wasm_bindgen::prelude::*;

use super::{from_js, to_js};
use crate::contract::booking::{BusBooking, LaunchBooking};
use crate::contract::tickets::{CancelTicketResponse, Ticket};
use crate::deal::{DealEvent, DealState};
use crate::invoice::{BusBookingEvent, LaunchBookingEvent};
use crate::otp::{OtpEvent, OtpState};
use crate::seats::{SeatChoice, SeatEvent};
use crate::{deal, invoice, otp, seats, tickets};

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
