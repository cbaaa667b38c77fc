//! `tickets`: issued once per paid booking; cancelled or refunded later.

use core_wasm::contract::tickets::TicketStatus;
use core_wasm::service::Service;

use super::Exec;
use super::pool::Writes;

/// A ticket with the booking it was issued for: what the site and the PDF show.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct TicketRow {
    pub id: String,
    pub pnr: String,
    #[sqlx(try_from = "String")]
    pub status: TicketStatus,
    pub refund_amount: Option<i64>,
    pub booking_id: String,
    pub tnx_id: String,
    #[sqlx(try_from = "String")]
    pub service: Service,
    pub trip_id: String,
    pub from_stop: i64,
    pub to_stop: i64,
    pub boarding_point: Option<String>,
    pub dropping_point: Option<String>,
    /// The booking's owner (DESIGN §3 "Identity and ownership").
    pub visitor: String,
    pub passenger_name: String,
    pub phone: String,
    pub sub_total: i64,
    pub discount: i64,
    pub service_charge: i64,
    pub gateway_commission: i64,
    pub amount: i64,
    pub gateway: Option<String>,
    /// The state of the booking's latest refund, if any (read with the ticket: every view of a
    /// ticket shows it).
    pub refund_state: Option<String>,
    /// Set when boarding closed without it (issue 36).
    pub no_show_at: Option<i64>,
    /// The earliest scan that admitted it, if one did.
    pub boarded_at: Option<i64>,
    pub issued_at: i64,
    /// The policy it was sold under, as JSON (issue 37); none: sold before policies.
    pub policy: Option<String>,
    /// The language the traveller booked in (`bn`, `en`).
    pub language: Option<String>,
    /// `traveller`, `counter` or `operator` (`CancelledBy`), once cancelled.
    pub cancelled_by: Option<String>,
    /// The operator's reason, when it cancelled the trip.
    pub trip_cancel_reason: Option<String>,
    /// When the trip's departure last changed after sales.
    pub trip_changed_at: Option<i64>,
    /// When the booking's boarding point last moved to another place.
    pub point_moved_at: Option<i64>,
    /// The PNR of the ticket this one became (a date change), and the fee the change kept.
    pub changed_to_pnr: Option<String>,
    pub change_fee: Option<i64>,
    /// The booking's seats in the order chosen (read with the ticket too, a row per seat).
    #[sqlx(skip)]
    pub seats: Vec<String>,
}

/// One row of a ticket's read: the ticket with one seat of its booking.
#[derive(sqlx::FromRow)]
struct TicketSeat {
    #[sqlx(flatten)]
    ticket: TicketRow,
    seat_no: Option<String>,
}

/// A ticket's rows, one per seat in the order chosen, as the ticket with its seats.
fn with_seats(rows: Vec<TicketSeat>) -> Option<TicketRow> {
    let (mut ticket, seats) = super::gather_seats(rows.into_iter().map(|row| (row.ticket, row.seat_no)))?;
    ticket.seats = seats;
    Some(ticket)
}

impl TicketRow {
    /// Whether the trip changed after this ticket was sold: it may then be cancelled free.
    pub fn changed_since_sale(&self) -> bool {
        [self.trip_changed_at, self.point_moved_at].into_iter().flatten().any(|at| at > self.issued_at)
    }

    /// The amounts paid, as stored (computed by the core's pricing when they were written).
    pub fn quote(&self) -> core_wasm::pricing::Quote {
        core_wasm::pricing::Quote {
            sub_total: self.sub_total,
            discount: self.discount,
            service_charge: self.service_charge,
            commission: self.gateway_commission,
            amount: self.amount,
        }
    }
}

/// A ticket's row and its booking's, joined, a row per seat of the booking (the callers add
/// `ORDER BY s.ordinal`): one read for everything a view of the ticket shows.
const TICKET_ROWS: &str = "SELECT t.id, t.pnr, t.status, t.refund_amount, b.id AS booking_id, b.tnx_id, b.service, \
     b.trip_id, b.from_stop, b.to_stop, b.boarding_point, b.dropping_point, b.visitor, b.passenger_name, b.phone, \
     b.sub_total, b.discount, b.service_charge, b.gateway_commission, b.amount, p.gateway, \
     (SELECT r.state FROM refunds r WHERE r.tnx_id = b.tnx_id ORDER BY r.requested_at DESC LIMIT 1) AS refund_state, \
     t.no_show_at, t.issued_at, b.policy, b.language, t.cancelled_by, \
     (SELECT tc.reason FROM trip_cancellations tc WHERE tc.trip_id = b.trip_id) AS trip_cancel_reason, \
     (SELECT tr.changed_at FROM trips tr WHERE tr.id = b.trip_id) AS trip_changed_at, b.point_moved_at, \
     (SELECT t2.pnr FROM tickets t2 WHERE t2.id = t.changed_to) AS changed_to_pnr, \
     (SELECT b2.change_fee FROM tickets t2 JOIN bookings b2 ON b2.id = t2.booking_id WHERE t2.id = t.changed_to) \
     AS change_fee, (SELECT MIN(sc.scanned_at) FROM boarding_scans sc WHERE sc.trip_id = b.trip_id AND sc.pnr = t.pnr \
     AND sc.outcome = 'admitted') AS boarded_at, s.seat_no FROM tickets t JOIN bookings b ON b.id = t.booking_id \
     LEFT JOIN payments p ON p.tnx_id = b.tnx_id LEFT JOIN booking_seats s ON s.booking_id = b.id";

pub async fn by_id<'c>(e: impl Exec<'c>, ticket_id: &str) -> Result<Option<TicketRow>, sqlx::Error> {
    let rows = sqlx::query_as(sqlx::AssertSqlSafe(format!("{TICKET_ROWS} WHERE t.id = $1 ORDER BY s.ordinal")))
        .bind(ticket_id)
        .fetch_all(e)
        .await?;
    Ok(with_seats(rows))
}

/// The ticket of a booking (a booking has at most one).
pub async fn of_booking<'c>(e: impl Exec<'c>, booking_id: &str) -> Result<Option<TicketRow>, sqlx::Error> {
    let rows = sqlx::query_as(sqlx::AssertSqlSafe(format!("{TICKET_ROWS} WHERE t.booking_id = $1 ORDER BY s.ordinal")))
        .bind(booking_id)
        .fetch_all(e)
        .await?;
    Ok(with_seats(rows))
}

/// The ticket issued for the booking of `tnx_id`, if one was. The booking is found by a query of
/// its own: compared in the join, the id made a plan for each id look cheaper to PostgreSQL
/// than the one it keeps, and every call was planned afresh (a tenth of the statement's time).
pub async fn of_tnx<'c>(e: impl Exec<'c>, tnx_id: &str) -> Result<Option<TicketRow>, sqlx::Error> {
    let rows = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "{TICKET_ROWS} WHERE t.booking_id = (SELECT id FROM bookings WHERE tnx_id = $1) ORDER BY s.ordinal"
    )))
    .bind(tnx_id)
    .fetch_all(e)
    .await?;
    Ok(with_seats(rows))
}

/// The names a ticket prints: operator, vehicle and class, and the cities of its two stops.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct TripNamesRow {
    pub operator: String,
    pub operator_bn: Option<String>,
    pub vehicle: String,
    pub vehicle_bn: Option<String>,
    pub bus_class: String,
    pub bus_class_bn: Option<String>,
    pub from_name: String,
    pub from_name_bn: Option<String>,
    pub to_name: String,
    pub to_name_bn: Option<String>,
}

pub async fn trip_names<'c>(e: impl Exec<'c>, trip_id: &str, from: i64, to: i64) -> Result<TripNamesRow, sqlx::Error> {
    sqlx::query_as(
        "SELECT o.title AS operator, o.title_bn AS operator_bn, v.name AS vehicle, v.name_bn AS vehicle_bn, \
         v.bus_class, v.bus_class_bn, f.name AS from_name, f.name_bn AS from_name_bn, d.name AS to_name, \
         d.name_bn AS to_name_bn FROM trips t \
         JOIN operators o ON o.id = t.operator_id JOIN vehicles v ON v.id = t.vehicle_id \
         JOIN route_stops a ON a.route_id = t.route_id AND a.stop_index = $2 JOIN cities f ON f.id = a.city_id \
         JOIN route_stops b ON b.route_id = t.route_id AND b.stop_index = $3 JOIN cities d ON d.id = b.city_id \
         WHERE t.id = $1",
    )
    .bind(trip_id)
    .bind(from)
    .bind(to)
    .fetch_one(e)
    .await
}

/// The ticket of a booking's transaction, if one was issued.
pub async fn id_of_tnx<'c>(e: impl Exec<'c>, tnx_id: &str) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar("SELECT t.id FROM tickets t JOIN bookings b ON b.id = t.booking_id WHERE b.tnx_id = $1")
        .bind(tnx_id)
        .fetch_optional(e)
        .await
}

pub async fn id_of_booking<'c>(e: impl Exec<'c>, booking_id: &str) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar("SELECT id FROM tickets WHERE booking_id = $1").bind(booking_id).fetch_optional(e).await
}

/// The phone's tickets of the service, newest first.
pub async fn ids_of_phone<'c>(e: impl Exec<'c>, phone: &str, service: Service) -> Result<Vec<String>, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT t.id FROM tickets t JOIN bookings b ON b.id = t.booking_id WHERE b.phone = $1 AND b.service = $2 \
         ORDER BY t.issued_at DESC, t.id",
    )
    .bind(phone)
    .bind(service.as_str())
    .fetch_all(e)
    .await
}

/// The tickets of a user, both services, newest first, at most `limit`: those they own and
/// those of their phone (proved at login).
pub async fn ids_of_user<'c>(
    e: impl Exec<'c>,
    owner: &str,
    phone: &str,
    limit: i64,
) -> Result<Vec<String>, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT t.id FROM tickets t JOIN bookings b ON b.id = t.booking_id WHERE b.visitor = $1 OR b.phone = $2 \
         ORDER BY t.issued_at DESC, t.id LIMIT $3",
    )
    .bind(owner)
    .bind(phone)
    .bind(limit)
    .fetch_all(e)
    .await
}

/// Writes a ticket, with the other writes of its issue.
pub fn insert(
    writes: &mut Writes,
    ticket_id: &str,
    pnr: &str,
    booking_id: &str,
    now_ms: i64,
) -> Result<(), sqlx::Error> {
    writes.push(
        sqlx::query("INSERT INTO tickets (id, pnr, booking_id, status, issued_at) VALUES ($1, $2, $3, $4, $5)")
            .bind(ticket_id)
            .bind(pnr)
            .bind(booking_id)
            .bind(TicketStatus::Confirmed.as_str())
            .bind(now_ms),
    )
}

/// Cancels a confirmed ticket with its refund; false when it was no longer confirmed (another
/// cancel won the race).
pub async fn cancel<'c>(
    e: impl Exec<'c>,
    ticket_id: &str,
    refund: i64,
    by: core_wasm::contract::tickets::CancelledBy,
    now_ms: i64,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE tickets SET status = $1, cancelled_at = $2, refund_amount = $3, cancelled_by = $4 \
         WHERE id = $5 AND status = $6",
    )
    .bind(TicketStatus::Cancelled.as_str())
    .bind(now_ms)
    .bind(refund)
    .bind(by.as_str())
    .bind(ticket_id)
    .bind(TicketStatus::Confirmed.as_str())
    .execute(e)
    .await?;
    Ok(done.rows_affected() == 1)
}
