//! A pending booking's invoice as calls change it (SPEC §4): promo apply/remove, gateway update,
//! launch seat removal. Pure reducers `(booking, event) -> booking`.

use serde::{Deserialize, Serialize};

use crate::contract::booking::{
    BusBooking, LaunchBooking, PromoResponse, SeatRemoveResponse, UpdateGatewayResponse,
};
use crate::message::Message;

/// SPEC §8: a promo call whose response has no data.
pub const INVALID_PROMO: Message = Message::new("promo.invalid", "Invalid promo applied!");
/// SPEC §8: the launch promo success toast.
pub const PROMO_APPLIED: Message = Message::new("promo.applied", "Promo applied successfully");

/// A promo call's `data`: null means the code is unknown or not eligible.
pub fn promo_result(data: Option<PromoResponse>) -> Result<PromoResponse, Message> {
    data.ok_or(INVALID_PROMO)
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub enum BusBookingEvent {
    PromoApplied(PromoResponse),
    PromoRemoved(PromoResponse),
    GatewayUpdated(UpdateGatewayResponse),
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub enum LaunchBookingEvent {
    PromoApplied(PromoResponse),
    PromoRemoved(PromoResponse),
    GatewayUpdated(UpdateGatewayResponse),
    SeatRemoved(SeatRemoveResponse),
}

/// The bus booking reducer. Promo apply/remove replaces amount, discount and promo (promo
/// becomes null on remove). A gateway update merges the response into the booking and, when a
/// promo is present, sets the invoice discount and the promo's amount to `promoDiscount`.
pub fn apply_bus(mut booking: BusBooking, event: BusBookingEvent) -> BusBooking {
    match event {
        BusBookingEvent::PromoApplied(r) => {
            booking.amount = r.amount;
            booking.invoice.discount = r.discount;
            booking.invoice.promo = r.promo;
        }
        BusBookingEvent::PromoRemoved(r) => {
            booking.amount = r.amount;
            booking.invoice.discount = r.discount;
            booking.invoice.promo = None;
        }
        BusBookingEvent::GatewayUpdated(r) => {
            booking.redirect_url = Some(r.redirect_url);
            booking.gateway = Some(r.gateway);
            if let Some(amount) = r.amount {
                booking.amount = amount;
            }
            if let (Some(promo), Some(discount)) = (booking.invoice.promo.as_mut(), r.promo_discount) {
                promo.amount = discount;
                booking.invoice.discount = discount;
            }
        }
    }
    booking
}

/// The launch booking reducer: as the bus one, plus seat removal, which refreshes the seat
/// numbers, amount, service charge and gateway commission.
pub fn apply_launch(mut booking: LaunchBooking, event: LaunchBookingEvent) -> LaunchBooking {
    match event {
        LaunchBookingEvent::PromoApplied(r) => {
            booking.amount = r.amount;
            booking.invoice.discount = r.discount;
            booking.invoice.promo = r.promo;
        }
        LaunchBookingEvent::PromoRemoved(r) => {
            booking.amount = r.amount;
            booking.invoice.discount = r.discount;
            booking.invoice.promo = None;
        }
        LaunchBookingEvent::GatewayUpdated(r) => {
            booking.redirect_url = Some(r.redirect_url);
            booking.gateway = Some(r.gateway);
            if let Some(amount) = r.amount {
                booking.amount = amount;
            }
            if let (Some(promo), Some(discount)) = (booking.invoice.promo.as_mut(), r.promo_discount) {
                promo.amount = discount;
                booking.invoice.discount = discount;
            }
        }
        LaunchBookingEvent::SeatRemoved(r) => {
            booking.invoice.seat_no = r.seat_no;
            booking.amount = r.amount;
            booking.service_charge = r.service_charge;
            booking.payment_gateway_commission = r.payment_gateway_commission;
        }
    }
    booking
}
