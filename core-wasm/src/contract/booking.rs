//! The booking calls (SPEC §7 "Booking calls"): seat-lock, payment-pending, promos,
//! update-gateway, surprise deal, launch seat removal. The server fills these in (ticket-api);
//! the site's reducers (`crate::invoice`) apply them.

use super::contract;
use super::trips::CoachType;

contract! {
    /// Hold seats for the visitor (bus: for a boarding/dropping pair, per leg). The segment is
    /// the chosen points, else the searched cities (`from`, `to`), else the whole route.
    #[serde(rename_all = "camelCase")]
    pub struct SeatLockRequest {
        pub trip_id: String,
        /// 1 to 4 seats (`seats::MAX_SEATS`), the server's limit.
        #[cfg_attr(feature = "schema", schemars(length(min = 1, max = crate::seats::MAX_SEATS)))]
        pub seats: Vec<String>,
        #[serde(default)]
        pub from: Option<String>,
        #[serde(default)]
        pub to: Option<String>,
        #[serde(default)]
        pub boarding_point: Option<String>,
        #[serde(default)]
        pub dropping_point: Option<String>,
        #[serde(default)]
        pub user_id: Option<String>,
        #[serde(default)]
        pub anonymous_id: Option<String>,
        /// While a sale window covers the trip, the visitor's queue admission
        /// (`QueueAdmission::token`, issue 16).
        #[serde(default)]
        pub admission: Option<String>,
    }

    #[serde(rename_all = "camelCase")]
    pub struct SeatLockResponse {
        pub trip_id: String,
        pub seats: Vec<String>,
        /// Wire time when the hold ends.
        pub expires_at: String,
        pub hold_seconds: u32,
    }

    #[serde(rename_all = "lowercase")]
    #[derive(Copy, Eq)]
    pub enum Gender {
        Male,
        Female,
        Other,
    }

    /// Passenger details for the visitor's current hold on the trip.
    #[serde(rename_all = "camelCase")]
    pub struct PaymentPendingRequest {
        pub trip_id: String,
        #[cfg_attr(feature = "schema", schemars(length(min = 1, max = crate::seats::MAX_SEATS)))]
        pub seats: Vec<String>,
        #[serde(default)]
        pub boarding_point: Option<String>,
        #[serde(default)]
        pub dropping_point: Option<String>,
        #[cfg_attr(feature = "schema", schemars(length(min = 1, max = 100)))]
        pub name: String,
        /// A Bangladeshi mobile number, 11 digits (`phone::validate`).
        pub phone: String,
        #[serde(default)]
        pub email: Option<String>,
        pub gender: Gender,
        #[serde(default)]
        pub user_id: Option<String>,
        #[serde(default)]
        pub anonymous_id: Option<String>,
    }

    #[serde(rename_all = "camelCase")]
    pub struct Promo {
        pub code: String,
        /// The discount the promo gives, in TK.
        pub amount: f64,
    }

    #[serde(rename_all = "camelCase")]
    pub struct BusInvoice {
        pub company_id: String,
        #[serde(default)]
        pub trip_date_time: Option<String>,
        #[serde(default)]
        pub boarding_date_time: Option<String>,
        pub coach_type: CoachType,
        pub seats: Vec<String>,
        /// Fare of the seats before discount.
        pub sub_total: f64,
        pub discount: f64,
        pub promo: Option<Promo>,
    }

    /// Where a booking stands: waiting for payment, or how its payment ended.
    #[serde(rename_all = "lowercase")]
    #[derive(Copy, Eq)]
    pub enum BookingStatus {
        /// Waiting for payment: promos, seat removal and the gateway may still change it.
        Pending,
        /// Paid and ticketed.
        Ticketed,
        /// The gateway reported a failed payment; the seats were released.
        Failed,
        /// The traveller cancelled at the gateway; the seats were released.
        Cancelled,
        /// Paid, but the seats were lost meanwhile (the hold had run out): refunded, no ticket.
        Refunded,
    }

    /// A bus booking: `amount` is what the traveller pays.
    #[serde(rename_all = "camelCase")]
    pub struct BusBooking {
        #[serde(rename = "_id")]
        pub id: String,
        pub tnx_id: String,
        pub status: BookingStatus,
        pub amount: f64,
        pub invoice: BusInvoice,
        #[serde(default)]
        pub redirect_url: Option<String>,
        #[serde(default)]
        pub gateway: Option<String>,
        /// Seconds the seats stay held for this booking, counted when the answer was made (a
        /// duration, not a time: phones' clocks are often wrong); null once it no longer waits.
        #[serde(default)]
        pub hold_seconds_left: Option<u32>,
        /// The gateways this site takes payment through, in the order offered; empty when online
        /// payment is not available (the payment step says so instead of offering Pay).
        #[serde(default)]
        pub payment_gateways: Vec<String>,
        /// Money on its way back (the seats were lost while paying), as the gateway has it.
        #[serde(default)]
        pub refund_status: Option<crate::contract::tickets::RefundStatus>,
        /// The operator's cancellation and date-change policy the ticket will keep (issue 37),
        /// shown in words before paying.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub policy: Option<crate::policy::Policy>,
        /// The ticket whose date this booking changes, once the change waits for its
        /// difference (issue 37): the gateway is asked for `pay` only.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub change: Option<BookingChange>,
    }

    /// A dearer date change waiting for its difference, as the booking tells it.
    #[serde(rename_all = "camelCase")]
    pub struct BookingChange {
        pub ticket_id: String,
        /// The date change's fee, kept of the old ticket.
        pub fee: f64,
        /// What the old ticket brings (paid less the fee).
        pub credit: f64,
        /// What is left to pay through the gateway.
        pub pay: f64,
    }

    #[serde(rename_all = "camelCase")]
    pub struct LaunchInvoice {
        pub trip: String,
        pub ship_id: String,
        pub company_id: String,
        pub seat_no: Vec<String>,
        pub sub_total: f64,
        pub discount: f64,
        #[serde(default)]
        pub promo: Option<Promo>,
    }

    #[serde(rename_all = "camelCase")]
    pub struct LaunchBooking {
        #[serde(rename = "_id")]
        pub id: String,
        pub tnx_id: String,
        pub status: BookingStatus,
        pub amount: f64,
        pub service_charge: f64,
        pub payment_gateway_commission: f64,
        pub invoice: LaunchInvoice,
        #[serde(default)]
        pub redirect_url: Option<String>,
        #[serde(default)]
        pub gateway: Option<String>,
        /// Seconds the seats stay held for this booking, counted when the answer was made (a
        /// duration, not a time: phones' clocks are often wrong); null once it no longer waits.
        #[serde(default)]
        pub hold_seconds_left: Option<u32>,
        /// The gateways this site takes payment through, in the order offered; empty when online
        /// payment is not available (the payment step says so instead of offering Pay).
        #[serde(default)]
        pub payment_gateways: Vec<String>,
        /// Money on its way back (the seats were lost while paying), as the gateway has it.
        #[serde(default)]
        pub refund_status: Option<crate::contract::tickets::RefundStatus>,
        /// The operator's cancellation and date-change policy the ticket will keep (issue 37),
        /// shown in words before paying.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub policy: Option<crate::policy::Policy>,
    }

    #[serde(rename_all = "camelCase")]
    pub struct PromoRequest {
        pub tnx_id: String,
        pub promo_code: String,
    }

    /// A promo applied to (or removed from) a booking; the call's `data` is null when the code
    /// is unknown or not eligible.
    #[serde(rename_all = "camelCase")]
    pub struct PromoResponse {
        pub amount: f64,
        pub discount: f64,
        pub promo: Option<Promo>,
    }

    #[serde(rename_all = "camelCase")]
    pub struct UpdateGatewayRequest {
        pub tnx_id: String,
        pub gateway: String,
    }

    #[serde(rename_all = "camelCase")]
    pub struct UpdateGatewayResponse {
        pub redirect_url: String,
        pub gateway: String,
        #[serde(default)]
        pub amount: Option<f64>,
        /// The promo's discount as the gateway session was priced, when a promo applies.
        #[serde(default)]
        pub promo_discount: Option<f64>,
    }

    #[serde(rename_all = "camelCase")]
    pub struct TxnRequest {
        pub tnx_id: String,
    }

    /// Launch: drop one seat from a pending booking.
    #[serde(rename_all = "camelCase")]
    pub struct SeatRemoveRequest {
        pub tnx_id: String,
        pub seat_no: String,
    }

    #[serde(rename_all = "camelCase")]
    pub struct SeatRemoveResponse {
        pub seat_no: Vec<String>,
        /// Fare of the remaining seats before discount.
        pub sub_total: f64,
        /// A promo's discount, never more than the remaining fare.
        pub discount: f64,
        pub amount: f64,
        pub service_charge: f64,
        pub payment_gateway_commission: f64,
    }

    /// A surprise deal offered for the current booking, claimable for 120 s.
    #[serde(rename_all = "camelCase")]
    pub struct SurpriseDeal {
        pub promo_code: String,
        /// The deal's value in TK.
        pub amount: f64,
        pub claim_seconds: u32,
    }

    /// SPEC §3 "Surprise-deal claim".
    #[serde(rename_all = "camelCase")]
    pub struct DealClaim {
        pub promo_code: String,
        pub company_id: String,
        pub trip_date_time: Option<String>,
        pub coach_type: CoachType,
        /// The booking's id.
        pub payment_id: String,
        pub tnx_id: String,
    }
}

crate::names!(BookingStatus {
    Pending = "pending",
    Ticketed = "ticketed",
    Failed = "failed",
    Cancelled = "cancelled",
    Refunded = "refunded",
});

crate::names!(Gender { Male = "male", Female = "female", Other = "other" });

/// A promo call's `data`: the booking's new amounts, or null when the code does not apply (the
/// site then says 'Invalid promo applied!').
pub type MaybePromo = Option<PromoResponse>;
