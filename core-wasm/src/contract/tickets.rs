//! Tickets and ticket management (SPEC §3 "Ticket", §7 "Ticket management").

use super::contract;
use crate::service::Service;

contract! {
    #[serde(rename_all = "lowercase")]
    #[derive(Copy, Eq)]
    pub enum TicketStatus {
        Pending,
        Confirmed,
        Cancelled,
        Refunded,
    }

    /// A refund as the gateway has it: asked for (sent, or to be retried), accepted and on its
    /// way, done, or given up (an operator takes it from there).
    #[serde(rename_all = "lowercase")]
    #[derive(Copy, Eq)]
    pub enum RefundStatus {
        Requested,
        Processing,
        Done,
        Failed,
    }

    #[serde(rename_all = "camelCase")]
    pub struct PaymentHistory {
        pub ticket_status: TicketStatus,
        #[serde(default)]
        pub paid_amount: Option<f64>,
        #[serde(default)]
        pub refund_amount: Option<f64>,
        /// What cancelling kept back (SPEC §7's fee): paid = fee + refund.
        #[serde(default)]
        pub cancellation_fee: Option<f64>,
        #[serde(default)]
        pub refund_status: Option<RefundStatus>,
        #[serde(default)]
        pub gateway: Option<String>,
    }

    #[serde(rename_all = "camelCase")]
    pub struct FareLine {
        pub label: String,
        /// The label in Bangla.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub label_bn: Option<String>,
        pub amount: f64,
    }

    #[serde(rename_all = "camelCase")]
    pub struct Ticket {
        #[serde(rename = "_id")]
        pub id: String,
        #[serde(default)]
        pub pnr: Option<String>,
        #[serde(default)]
        pub tnx_id: Option<String>,
        #[serde(default)]
        pub service: Option<Service>,
        #[serde(default)]
        pub company_name: Option<String>,
        #[serde(default)]
        pub vehicle: Option<String>,
        #[serde(default)]
        pub from: Option<String>,
        #[serde(default)]
        pub to: Option<String>,
        #[serde(default)]
        pub departure_date_time: Option<String>,
        #[serde(default)]
        pub boarding_point: Option<String>,
        #[serde(default)]
        pub dropping_point: Option<String>,
        #[serde(default)]
        pub seats: Vec<String>,
        #[serde(default)]
        pub passenger_name: Option<String>,
        #[serde(default)]
        pub phone: Option<String>,
        #[serde(default)]
        pub fare_lines: Vec<FareLine>,
        pub payment_history: PaymentHistory,
        /// Names in Bangla where the data has them: `companyName`, `vehicle`, `from`, `to`,
        /// `boardingPoint`, `droppingPoint` (app/src/i18n/names.ts).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub company_name_bn: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub vehicle_bn: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub from_bn: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub to_bn: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub boarding_point_bn: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub dropping_point_bn: Option<String>,
        /// The signed code a supervisor's phone verifies offline (issue 36), printed as the QR;
        /// none once the ticket is cancelled, refunded or a no-show.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub boarding_code: Option<String>,
        /// Boarded, or a no-show once boarding closed without it; none before.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub boarding_status: Option<BoardingStatus>,
        /// The cancellation and date-change policy the ticket was sold under (issue 37): the
        /// site shows it in words and quotes a cancellation with the core before asking.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub policy: Option<crate::policy::Policy>,
        /// The operator changed the trip's time or boarding point after the sale: the ticket
        /// may be cancelled free of charge until departure.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        pub cancel_free: bool,
        /// Who cancelled it, once cancelled.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub cancelled_by: Option<CancelledBy>,
        /// Why, when the operator cancelled the trip.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub cancel_reason: Option<String>,
        /// The PNR of the ticket this one became, once the traveller changed its date.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub changed_to: Option<String>,
        /// Where the ticket's route runs and whose it is, as the search knows them (city ids,
        /// the operator's id): a date change looks for the other trips of the same.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub from_city_id: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub to_city_id: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub operator_id: Option<String>,
    }

    #[serde(rename_all = "camelCase")]
    #[derive(Copy, Eq)]
    pub enum CancelledBy {
        /// The traveller, on the site.
        Traveller,
        /// At a counter.
        Counter,
        /// The operator cancelled the trip: the whole amount comes back.
        Operator,
        /// The traveller changed the date: the ticket became another (`changedTo`).
        Changed,
    }

    #[serde(rename_all = "camelCase")]
    #[derive(Copy, Eq)]
    pub enum BoardingStatus {
        Boarded,
        NoShow,
    }

    /// SPEC §3: pnr and transactionId are sent empty by the site.
    #[serde(rename_all = "camelCase")]
    pub struct SearchTicketRequest {
        /// The 4 digits sent by SMS.
        #[cfg_attr(feature = "schema", schemars(regex(pattern = r"^[0-9]{4}$")))]
        pub otp_code: String,
        pub phone: String,
        #[serde(default)]
        pub pnr: String,
        #[serde(default)]
        pub transaction_id: String,
        #[serde(default)]
        pub anonymous_id: Option<String>,
    }

    #[serde(rename_all = "camelCase")]
    pub struct SearchTicketResponse {
        pub tickets: Vec<Ticket>,
    }

    #[serde(rename_all = "camelCase")]
    pub struct SendOtpRequest {
        pub ticket_id: String,
        pub service: Service,
        /// What the code is for (the SMS says it): cancelling, unless told.
        #[serde(default)]
        pub action: TicketAction,
    }

    #[serde(rename_all = "camelCase")]
    #[derive(Copy, Eq, Default)]
    pub enum TicketAction {
        #[default]
        Cancel,
        Change,
    }

    #[serde(rename_all = "camelCase")]
    pub struct SendOtpByPhoneRequest {
        pub phone: String,
    }

    #[serde(rename_all = "camelCase")]
    pub struct SendOtpResponse {
        /// Seconds until another code may be sent.
        pub resend_after_seconds: u32,
    }

    #[serde(rename_all = "camelCase")]
    pub struct CancelTicketRequest {
        pub ticket_id: String,
        /// The 4 digits sent by SMS.
        #[cfg_attr(feature = "schema", schemars(regex(pattern = r"^[0-9]{4}$")))]
        pub otp_code: String,
        pub phone: String,
    }

    #[serde(rename_all = "camelCase")]
    pub struct CancelTicketResponse {
        pub ticket_status: TicketStatus,
        pub refund_amount: f64,
        /// The fee kept back, so the site shows fare, fee and refund as the server counted them.
        pub cancellation_fee: f64,
        /// The refund as requested from the gateway (done at once by the demo's sandbox).
        #[serde(default)]
        pub refund_status: Option<RefundStatus>,
    }
}

contract! {
    /// `change-ticket` (issue 37): the ticket `ticketId` of the phone that proved itself with the
    /// OTP (sent with `action: change`) becomes the caller's pending booking `tnxId` on another
    /// trip of the same operator and route, with as many seats. A cheaper or equal trip is
    /// ticketed at once (the difference refunded); a dearer one is paid for through the gateway
    /// for `pay` only, and the ticket changes when that payment arrives.
    #[serde(rename_all = "camelCase")]
    pub struct ChangeTicketRequest {
        pub ticket_id: String,
        #[cfg_attr(feature = "schema", schemars(regex(pattern = r"^[0-9]{4}$")))]
        pub otp_code: String,
        pub phone: String,
        pub tnx_id: String,
    }

    #[serde(rename_all = "camelCase")]
    pub struct ChangeTicketResponse {
        /// Kept of what the old ticket cost.
        pub fee: f64,
        /// What the old ticket brings to the new one.
        pub credit: f64,
        /// Still to pay for the new booking through the gateway (0: changed already).
        pub pay: f64,
        /// Back to the traveller (a cheaper trip).
        pub refund: f64,
        /// The new ticket, when the change is done (nothing to pay).
        #[serde(default)]
        pub ticket_id: Option<String>,
        #[serde(default)]
        pub refund_status: Option<RefundStatus>,
    }
}

contract! {
    /// The path of `download-ticket-pdf/{id}`: the ticket's `_id`.
    pub struct TicketById {
        pub id: String,
    }
}

/// A PDF document (`application/pdf`), not JSON: the e-ticket. TypeScript: `Blob`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pdf;

#[cfg(feature = "schema")]
impl schemars::JsonSchema for Pdf {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Pdf".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({"type": "string", "format": "binary", "contentMediaType": "application/pdf"})
    }
}

crate::names!(RefundStatus { Requested = "requested", Processing = "processing", Done = "done", Failed = "failed" });
crate::names!(TicketStatus { Pending = "pending", Confirmed = "confirmed", Cancelled = "cancelled", Refunded = "refunded" });
crate::names!(BoardingStatus { Boarded = "boarded", NoShow = "noShow" });
crate::names!(CancelledBy { Traveller = "traveller", Counter = "counter", Operator = "operator", Changed = "changed" });
