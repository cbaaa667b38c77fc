//! A pending booking's invoice as calls change it (SPEC §4): promo apply/remove, gateway update,
//! launch seat removal. Pure reducers `(booking, event) -> booking`.

use serde::{Deserialize, Serialize};

use crate::contract::booking::{
    BusBooking, LaunchBooking, Promo, PromoResponse, SeatRemoveResponse, UpdateGatewayResponse,
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

/// The parts of a booking that promos and the gateway change, the same for bus and launch.
struct Priced<'a> {
    amount: &'a mut f64,
    discount: &'a mut f64,
    promo: &'a mut Option<Promo>,
    redirect_url: &'a mut Option<String>,
    gateway: &'a mut Option<String>,
}

impl Priced<'_> {
    /// Promo apply/remove replaces amount, discount and promo; promo becomes null on remove.
    fn promo(self, r: PromoResponse, applied: bool) {
        *self.amount = r.amount;
        *self.discount = r.discount;
        *self.promo = if applied { r.promo } else { None };
    }

    /// A gateway update merges the response into the booking and, when a promo is present,
    /// sets the discount and the promo's amount to `promoDiscount`.
    fn gateway(self, r: UpdateGatewayResponse) {
        *self.redirect_url = Some(r.redirect_url);
        *self.gateway = Some(r.gateway);
        if let Some(amount) = r.amount {
            *self.amount = amount;
        }
        if let (Some(promo), Some(discount)) = (self.promo.as_mut(), r.promo_discount) {
            promo.amount = discount;
            *self.discount = discount;
        }
    }
}

/// The bus booking reducer (SPEC §4: promo apply/remove, gateway update).
pub fn apply_bus(mut booking: BusBooking, event: BusBookingEvent) -> BusBooking {
    let priced = Priced {
        amount: &mut booking.amount,
        discount: &mut booking.invoice.discount,
        promo: &mut booking.invoice.promo,
        redirect_url: &mut booking.redirect_url,
        gateway: &mut booking.gateway,
    };
    match event {
        BusBookingEvent::PromoApplied(r) => priced.promo(r, true),
        BusBookingEvent::PromoRemoved(r) => priced.promo(r, false),
        BusBookingEvent::GatewayUpdated(r) => priced.gateway(r),
    }
    booking
}

/// The launch booking reducer: as the bus one, plus seat removal, which refreshes the seat
/// numbers, fare, discount, amount, service charge and gateway commission.
pub fn apply_launch(mut booking: LaunchBooking, event: LaunchBookingEvent) -> LaunchBooking {
    let priced = Priced {
        amount: &mut booking.amount,
        discount: &mut booking.invoice.discount,
        promo: &mut booking.invoice.promo,
        redirect_url: &mut booking.redirect_url,
        gateway: &mut booking.gateway,
    };
    match event {
        LaunchBookingEvent::PromoApplied(r) => priced.promo(r, true),
        LaunchBookingEvent::PromoRemoved(r) => priced.promo(r, false),
        LaunchBookingEvent::GatewayUpdated(r) => priced.gateway(r),
        LaunchBookingEvent::SeatRemoved(r) => {
            booking.invoice.seat_no = r.seat_no;
            booking.invoice.sub_total = r.sub_total;
            booking.invoice.discount = r.discount;
            booking.amount = r.amount;
            booking.service_charge = r.service_charge;
            booking.payment_gateway_commission = r.payment_gateway_commission;
        }
    }
    booking
}
