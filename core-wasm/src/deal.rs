//! The surprise deal (SPEC §4 "Surprise-deal modal", §3 "Surprise-deal claim").

use serde::{Deserialize, Serialize};

use crate::contract::booking::{BusBooking, DealClaim, SurpriseDeal};
use crate::message::Message;

/// Seconds a deal can be claimed (SPEC §9); the server enforces it too.
pub const CLAIM_SECONDS: u32 = 120;

/// SPEC §8: no deal.
pub const NO_DEAL: Message = Message::new("deal.none", "Sorry!! No deal found now.");

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct DealState {
    /// The deal on offer; the modal is open while there is one.
    pub deal: Option<SurpriseDeal>,
    pub seconds_left: u32,
    /// 'Claim deal' is enabled while time is left; at zero it is dimmed.
    pub can_claim: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub enum DealEvent {
    /// A deal was returned: the modal opens with the window the server gave (at most 120 s).
    Offered {
        deal: SurpriseDeal,
    },
    Tick,
    /// Claimed or dismissed: the modal closes.
    Closed,
}

pub fn reduce(state: DealState, event: DealEvent) -> DealState {
    let mut s = state;
    match event {
        DealEvent::Offered { deal } => {
            s.seconds_left = deal.claim_seconds.min(CLAIM_SECONDS);
            s.deal = Some(deal);
        }
        DealEvent::Tick => s.seconds_left = s.seconds_left.saturating_sub(1),
        DealEvent::Closed => s = DealState::default(),
    }
    s.can_claim = s.deal.is_some() && s.seconds_left > 0;
    s
}

/// The claim for a deal on a booking: company, trip time (falling back to the boarding time)
/// and coach type from the invoice, the booking's id as paymentId, and the transaction id.
pub fn claim(deal: &SurpriseDeal, booking: &BusBooking, tnx_id: &str) -> DealClaim {
    let invoice = &booking.invoice;
    DealClaim {
        promo_code: deal.promo_code.clone(),
        company_id: invoice.company_id.clone(),
        trip_date_time: invoice.trip_date_time.clone().or_else(|| invoice.boarding_date_time.clone()),
        coach_type: invoice.coach_type,
        payment_id: booking.id.clone(),
        tnx_id: tnx_id.to_owned(),
    }
}
