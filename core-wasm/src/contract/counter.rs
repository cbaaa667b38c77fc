//! The counter's calls (issue 41), under `/v1/api/staff/...` beside the back office's: a
//! seller's trips and seat map, a sale, its receipt and cancellation, the seller's shift; a
//! manager's counters, seat blocks, online quotas and the sales reports. Their rows are in
//! `staff::STAFF_CALLS`.

use super::booking::Gender;
use super::contract;
use super::seats::Point;
use super::tickets::TicketStatus;
use crate::pricing::Taka;
use crate::service::Service;
use crate::staff::counter::{BlockChannel, PayMethod};
use crate::staff::shift::{Closing, NoteCount, ShiftCash};

contract! {
    /// `GET staff/counters`: the counters of the caller's operators.
    #[serde(rename_all = "camelCase")]
    pub struct Counters {
        pub counters: Vec<StaffCounter>,
    }

    /// A place an operator sells at (a seller opens their shift at one).
    #[serde(rename_all = "camelCase", deny_unknown_fields)]
    pub struct StaffCounter {
        /// `operator:code`; answered, ignored in a save.
        #[serde(default)]
        pub id: String,
        pub code: String,
        #[serde(default)]
        pub operator_id: Option<String>,
        pub name: String,
        #[serde(default)]
        pub name_bn: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub revision: Option<i64>,
    }

    /// `GET staff/counter/trips`: the trips a counter sells now, today's and tomorrow's first.
    #[serde(rename_all = "camelCase")]
    pub struct CounterTrips {
        pub trips: Vec<CounterTrip>,
    }

    #[serde(rename_all = "camelCase")]
    pub struct CounterTrip {
        pub id: String,
        pub service: Service,
        pub operator_id: String,
        pub operator_name: String,
        pub route_name: String,
        /// Dhaka wall clock, `YYYY-MM-DD HH:MM`.
        pub departs: String,
        pub vehicle: String,
        pub seats: i64,
        /// Seats free over the whole trip, for the counter (held-back seats of the counter's
        /// channel count as free here).
        pub free: i64,
        /// What the website may still sell of them.
        pub online_free: i64,
        pub online_quota: Option<i64>,
    }

    /// `GET staff/counter/trips/{id}` (`?boardingPoint=&droppingPoint=` for a part of the
    /// route): the seat map as a counter sells it.
    #[serde(rename_all = "camelCase")]
    pub struct CounterSeatMap {
        pub trip: CounterTrip,
        pub seats: Vec<CounterSeat>,
        pub boarding_points: Vec<Point>,
        pub dropping_points: Vec<Point>,
    }

    #[serde(rename_all = "camelCase")]
    pub struct CounterSeat {
        pub seat_no: String,
        pub deck: String,
        pub deck_name: String,
        pub row: i64,
        pub col: i64,
        pub class_name: String,
        pub fare: Option<Taka>,
        pub is_ladies: bool,
        pub state: CounterSeatState,
    }

    /// A seat as a counter sees it: `counter` is held back for counters (theirs to sell).
    #[serde(rename_all = "lowercase")]
    #[derive(Copy, Eq)]
    pub enum CounterSeatState {
        Free,
        Held,
        Sold,
        Blocked,
        Counter,
    }

    /// `POST staff/counter/sell`: seats sold at once, paid at the counter.
    #[serde(rename_all = "camelCase", deny_unknown_fields)]
    pub struct CounterSell {
        pub trip_id: String,
        pub seats: Vec<String>,
        /// Point ids; none: from the first stop to the last.
        #[serde(default)]
        pub boarding_point: Option<String>,
        #[serde(default)]
        pub dropping_point: Option<String>,
        #[serde(default)]
        pub passenger: Option<CounterPassenger>,
        pub payment: CounterPayment,
    }

    #[serde(rename_all = "camelCase", deny_unknown_fields)]
    pub struct CounterPassenger {
        #[serde(default)]
        pub name: String,
        #[serde(default)]
        pub phone: String,
        pub gender: Gender,
    }

    #[serde(rename_all = "camelCase", deny_unknown_fields)]
    pub struct CounterPayment {
        pub method: PayMethod,
        /// bKash: the transaction id the traveller's app shows.
        #[serde(default)]
        pub reference: Option<String>,
    }

    /// `POST staff/counter/cancel` and `staff/counter/reprint`.
    #[serde(rename_all = "camelCase", deny_unknown_fields)]
    pub struct ByPnr {
        pub pnr: String,
    }

    /// A ticket sold at a counter, as its receipt prints it.
    #[serde(rename_all = "camelCase")]
    pub struct CounterTicket {
        pub pnr: String,
        pub status: TicketStatus,
        pub trip_id: String,
        pub service: Service,
        pub operator_name: String,
        pub route_name: String,
        pub from: String,
        pub to: String,
        /// Dhaka wall clock, `YYYY-MM-DD HH:MM`.
        pub departs: String,
        pub vehicle: String,
        pub seats: Vec<String>,
        pub boarding_point: Option<String>,
        pub boarding_point_bn: Option<String>,
        pub passenger_name: Option<String>,
        pub fare: Taka,
        pub method: PayMethod,
        pub reference: Option<String>,
        pub counter_name: String,
        pub seller: String,
        /// Unix ms.
        pub sold_at: i64,
        /// Cash handed back when it was cancelled.
        pub refund: Option<Taka>,
        /// The signed boarding code (none once cancelled), and the receipt's QR of it as SVG
        /// (of the PNR when there is no code).
        #[serde(default)]
        pub boarding_code: Option<String>,
        pub qr_svg: String,
    }

    /// `POST staff/shifts/open`.
    #[serde(rename_all = "camelCase", deny_unknown_fields)]
    pub struct ShiftOpen {
        pub counter_id: String,
        pub float: Taka,
    }

    /// `POST staff/shifts/close`: the drawer counted note by note.
    #[serde(rename_all = "camelCase", deny_unknown_fields)]
    pub struct ShiftClose {
        pub notes: Vec<NoteCount>,
        #[serde(default)]
        pub reason: Option<String>,
    }

    /// `GET staff/shifts/current`: the caller's open shift, if any, with its sales newest first
    /// (a sale whose answer was lost is found here, to print or cancel).
    #[serde(rename_all = "camelCase")]
    pub struct CurrentShift {
        pub shift: Option<StaffShift>,
        #[serde(default)]
        pub sales: Vec<ShiftSale>,
    }

    #[serde(rename_all = "camelCase")]
    pub struct ShiftSale {
        pub pnr: String,
        pub status: TicketStatus,
        pub trip_id: String,
        /// Dhaka wall clock, `YYYY-MM-DD HH:MM`.
        pub departs: String,
        pub seats: Vec<String>,
        pub fare: Taka,
        pub method: PayMethod,
        /// Unix ms.
        pub sold_at: i64,
    }

    /// `GET staff/shifts`: a manager's counters' shifts, newest first.
    #[serde(rename_all = "camelCase")]
    pub struct Shifts {
        pub shifts: Vec<StaffShift>,
    }

    #[serde(rename_all = "camelCase")]
    pub struct StaffShift {
        pub id: String,
        pub operator_id: String,
        pub counter_id: String,
        pub counter_name: String,
        pub seller: String,
        /// Unix ms.
        pub opened_at: i64,
        pub closed_at: Option<i64>,
        pub cash: ShiftCash,
        /// Taken by bKash at the counter (not in the drawer).
        pub bkash_sales: Taka,
        pub tickets: i64,
        pub cancelled: i64,
        pub closing: Option<Closing>,
        pub reason: Option<String>,
    }

    /// `GET staff/blocks`: seats held back on the caller's operators' coming trips.
    #[serde(rename_all = "camelCase")]
    pub struct SeatBlocks {
        pub blocks: Vec<SeatBlock>,
        pub quotas: Vec<OnlineQuota>,
    }

    /// `POST staff/blocks`: seats of a trip, or of every coming trip of a schedule, held back.
    #[serde(rename_all = "camelCase", deny_unknown_fields)]
    pub struct SeatBlock {
        /// Answered; ignored in a save.
        #[serde(default)]
        pub id: String,
        #[serde(default)]
        pub trip_id: Option<String>,
        #[serde(default)]
        pub schedule_id: Option<String>,
        pub seats: Vec<String>,
        pub channel: BlockChannel,
        /// To sale online this long before departure; none: until removed.
        #[serde(default)]
        pub release_minutes_before: Option<i64>,
        /// Answered: the seats that could not be held back (sold or held already), per trip.
        #[serde(default)]
        pub skipped: Vec<String>,
        /// Answered: trips it holds seats on.
        #[serde(default)]
        pub trips: i64,
    }

    /// `POST staff/blocks/remove`.
    #[serde(rename_all = "camelCase", deny_unknown_fields)]
    pub struct BlockRemove {
        pub id: String,
    }

    /// `POST staff/quotas`: the website stops selling a trip (or every trip of a schedule) when
    /// its free seats fall to `quota`; counters sell to zero. None lifts it.
    #[serde(rename_all = "camelCase", deny_unknown_fields)]
    pub struct OnlineQuota {
        #[serde(default)]
        pub trip_id: Option<String>,
        #[serde(default)]
        pub schedule_id: Option<String>,
        pub quota: Option<i64>,
        /// Answered: trips it now applies to.
        #[serde(default)]
        pub trips: i64,
    }

    /// `GET staff/reports/sales?from=&to=` (Dhaka dates; `&format=csv` for a file).
    #[serde(rename_all = "camelCase")]
    pub struct ReportQuery {
        pub from: String,
        pub to: String,
        #[serde(default)]
        pub operator_id: Option<String>,
        #[serde(default)]
        pub format: Option<String>,
    }

    /// Tickets and taka per trip, day and channel (`web`, or a counter's id).
    #[serde(rename_all = "camelCase")]
    pub struct SalesReport {
        pub rows: Vec<SalesRow>,
    }

    #[serde(rename_all = "camelCase")]
    pub struct SalesRow {
        /// Dhaka date of the sale.
        pub day: String,
        pub trip_id: String,
        pub departs: String,
        pub channel: String,
        pub tickets: i64,
        pub seats: i64,
        pub amount: Taka,
        pub refunded: Taka,
    }

    /// `GET staff/reports/settlement?from=&to=`: what the site owes each operator.
    #[serde(rename_all = "camelCase")]
    pub struct Settlement {
        pub operators: Vec<SettlementRow>,
    }

    #[serde(rename_all = "camelCase")]
    pub struct SettlementRow {
        pub operator_id: String,
        /// What travellers paid online (fares, the site's service charges and gateway fees).
        pub web_sales: Taka,
        pub gateway_fees: Taka,
        pub service_charges: Taka,
        /// The site's commission, at `commissionPercent` of the fares sold online.
        pub commission: Taka,
        pub commission_percent: f64,
        pub refunds: Taka,
        /// Owed to the operator: the sales less the fees, the service charges, the commission
        /// and the refunds.
        pub net: Taka,
    }
}
