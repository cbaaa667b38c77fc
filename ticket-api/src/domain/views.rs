//! Bookings and tickets as the site and the PDF show them, assembled from the store's rows and
//! the timetable.

use core_wasm::cities::display_name;
use core_wasm::contract::booking::{
    BookingChange, BookingStatus, BusBooking, BusInvoice, LaunchBooking, LaunchInvoice, Promo,
};
use core_wasm::contract::tickets::{
    BoardingStatus, CancelledBy, FareLine, PaymentHistory, RefundStatus, Ticket, TicketStatus,
};
use core_wasm::contract::trips::CoachType;
use core_wasm::pricing::{self, LineKind};
use core_wasm::server_messages as say;
use core_wasm::service::Service;
use serde::Serialize;

use crate::AppState;
use crate::clock::{now_unix_ms, wire_time};
use crate::domain::network::Network;
use crate::domain::trip::TripInfo;
use crate::domain::{boarding, policies};
use crate::error::ApiError;
use crate::store::bookings::{self, BookingRow};
use crate::store::{holds, payments, tickets, trips};

/// A booking as either service shows it.
#[derive(Debug, Serialize)]
#[serde(untagged)]
pub enum BookingAnswer {
    Bus(BusBooking),
    Launch(LaunchBooking),
}

/// A booking (found by the caller's access rights, `domain::access`) with what the site shows
/// of it. The trip comes from the timetable in memory (the store only for a trip newer than it):
/// this answer is on every payment step's path.
pub async fn booking(state: &AppState, row: BookingRow) -> Result<BookingAnswer, ApiError> {
    let pool = &state.pool;
    let seats = bookings::seats(pool, &row.id).await?;
    let hold_ends = match row.status {
        BookingStatus::Pending => holds::expires_at(pool, &row.hold_id).await?,
        _ => None,
    };
    let paying = Paying {
        redirect_url: payments::latest_open(pool, &row.tnx_id).await?.and_then(|s| s.redirect_url),
        gateway: payments::gateway_of(pool, &row.tnx_id).await?,
        refund_status: payments::refund_status_of(pool, &row.tnx_id).await?,
    };
    answer(state, row, seats, hold_ends, paying).await
}

/// The answer for a booking `payment-pending` has just written: no second read, and no gateway
/// session or refund yet.
pub async fn new_booking(
    state: &AppState,
    row: BookingRow,
    seats: Vec<String>,
    hold_ends: i64,
) -> Result<BookingAnswer, ApiError> {
    answer(state, row, seats, Some(hold_ends), Paying::default()).await
}

/// Where a booking's payment stands: the open session's page, the gateway (`gateway_of`), and a
/// refund's state.
#[derive(Default)]
struct Paying {
    redirect_url: Option<String>,
    gateway: Option<String>,
    refund_status: Option<RefundStatus>,
}

async fn answer(
    state: &AppState,
    row: BookingRow,
    seats: Vec<String>,
    hold_ends: Option<i64>,
    Paying { redirect_url, gateway, refund_status }: Paying,
) -> Result<BookingAnswer, ApiError> {
    let pool = &state.pool;
    let network = state.network.get(pool).await?;
    let trip = TripInfo::find(pool, &network, &row.trip_id).await?;
    let vehicle = match network.trip_vehicle(&trip.id) {
        Some((id, v)) => trips::VehicleRow { id: id.to_owned(), coach_type: v.coach_type.clone() },
        None => trips::vehicle(pool, &trip.id).await?,
    };
    let discount = row.discount as f64;
    let promo = row.promo_code.clone().map(|code| Promo { code, amount: discount });
    let payment_gateways = state.gateways.names();
    let policy = Some(policies::read(&state.config, row.policy.as_deref()));
    let change = row.changes_ticket.clone().map(|ticket_id| BookingChange {
        ticket_id,
        fee: row.change_fee as f64,
        credit: row.credit as f64,
        pay: row.payable() as f64,
    });
    let hold_seconds_left = match row.status {
        BookingStatus::Pending => Some(((hold_ends.unwrap_or(0) - now_unix_ms()).max(0) / 1000) as u32),
        _ => None,
    };
    Ok(match row.service {
        Service::Launch => BookingAnswer::Launch(LaunchBooking {
            id: row.id,
            tnx_id: row.tnx_id,
            status: row.status,
            amount: row.amount as f64,
            service_charge: row.service_charge as f64,
            payment_gateway_commission: row.gateway_commission as f64,
            invoice: LaunchInvoice {
                trip: trip.id.clone(),
                ship_id: vehicle.id,
                company_id: trip.operator_id.clone(),
                seat_no: seats,
                sub_total: row.sub_total as f64,
                discount,
                promo,
            },
            redirect_url,
            gateway,
            hold_seconds_left,
            payment_gateways,
            refund_status,
            policy,
        }),
        Service::Bus => BookingAnswer::Bus(BusBooking {
            id: row.id,
            tnx_id: row.tnx_id,
            status: row.status,
            amount: row.amount as f64,
            invoice: BusInvoice {
                company_id: trip.operator_id.clone(),
                trip_date_time: Some(wire_time(trip.departs_at)),
                boarding_date_time: Some(wire_time(trip.departs_at + trip.stop_offset(row.from_stop))),
                coach_type: match vehicle.coach_type.as_deref() {
                    Some("ac") => CoachType::Ac,
                    _ => CoachType::NonAc,
                },
                seats,
                sub_total: row.sub_total as f64,
                discount,
                promo,
            },
            redirect_url,
            gateway,
            hold_seconds_left,
            payment_gateways,
            refund_status,
            policy,
            change,
        }),
    })
}

/// The names a ticket (and a gateway's charge) prints: from the timetable in memory, the store
/// only for a trip newer than it.
pub(crate) async fn trip_names(
    state: &AppState,
    network: &Network,
    trip: &TripInfo,
    from: i64,
    to: i64,
) -> Result<tickets::TripNamesRow, ApiError> {
    Ok(match names_in_memory(network, trip, from, to) {
        Some(names) => names,
        None => tickets::trip_names(&state.pool, &trip.id, from, to).await?,
    })
}

fn names_in_memory(network: &Network, trip: &TripInfo, from: i64, to: i64) -> Option<tickets::TripNamesRow> {
    let (_, vehicle) = network.trip_vehicle(&trip.id)?;
    let city = |stop: i64| trip.stops.get(usize::try_from(stop).ok()?).and_then(|id| network.city_names.get(id));
    let city_bn = |stop: i64| trip.stops.get(usize::try_from(stop).ok()?).and_then(|id| network.city_names_bn.get(id));
    let operator = network.operators.get(&trip.operator_id)?;
    Some(tickets::TripNamesRow {
        operator: operator.title.clone(),
        operator_bn: operator.title_bn.clone(),
        vehicle: vehicle.name.clone(),
        vehicle_bn: vehicle.name_bn.clone(),
        bus_class: vehicle.bus_class.clone(),
        bus_class_bn: vehicle.bus_class_bn.clone(),
        from_name: city(from)?.clone(),
        from_name_bn: city_bn(from).cloned(),
        to_name: city(to)?.clone(),
        to_name_bn: city_bn(to).cloned(),
    })
}

/// The ticket as the site and the PDF show it.
pub async fn ticket(state: &AppState, ticket_id: &str) -> Result<Ticket, ApiError> {
    let row =
        tickets::by_id(&state.pool, ticket_id).await?.ok_or_else(|| ApiError::not_found(say::TICKET_NOT_FOUND))?;
    ticket_of(state, row).await
}

/// The ticket of a row already read.
pub async fn ticket_of(state: &AppState, mut row: tickets::TicketRow) -> Result<Ticket, ApiError> {
    let pool = &state.pool;
    let network = state.network.get(pool).await?;
    let trip = TripInfo::find(pool, &network, &row.trip_id).await?;
    let names = trip_names(state, &network, &trip, row.from_stop, row.to_stop).await?;
    let seats = std::mem::take(&mut row.seats);
    let cancel_free = row.changed_since_sale() && row.status == TicketStatus::Confirmed;
    let cancelled_by = row.cancelled_by.as_deref().and_then(CancelledBy::parse);
    let cancel_reason = row.trip_cancel_reason.take().filter(|_| cancelled_by == Some(CancelledBy::Operator));
    let policy = Some(policies::read(&state.config, row.policy.as_deref()));
    let fare_lines = pricing::lines(&row.quote())
        .into_iter()
        .map(|(kind, amount)| {
            let (label, label_bn) = match kind {
                LineKind::Fare => ("Fare", "ভাড়া"),
                LineKind::Discount => ("Discount", "ছাড়"),
                LineKind::ServiceCharge => ("Service charge", "সার্ভিস চার্জ"),
                LineKind::Commission => ("Gateway commission", "পেমেন্ট গেটওয়ে চার্জ"),
            };
            FareLine { label: label.into(), label_bn: Some(label_bn.into()), amount: amount as f64 }
        })
        .collect();
    let first_point = |stop: i64| trip.points.iter().find(|p| p.stop == stop).map(|p| p.name.clone());
    let boarding_point = row.boarding_point.or_else(|| first_point(row.from_stop));
    let dropping_point = row.dropping_point.or_else(|| first_point(row.to_stop));
    // A chosen point is stored by its English name: its Bangla is the route's point of that name.
    let point_bn = |name: &Option<String>| {
        let name = name.as_deref()?;
        trip.points.iter().find(|p| p.name == name).and_then(|p| p.name_bn.clone())
    };
    let vehicle_bn = match (&names.vehicle_bn, &names.bus_class_bn) {
        (None, None) => None,
        (vehicle, class) => Some(format!(
            "{} ({})",
            vehicle.as_deref().unwrap_or(&names.vehicle),
            class.as_deref().unwrap_or(&names.bus_class)
        )),
    };
    let refund_status = payments::refund_status(row.refund_state)?;
    let pass = boarding::TicketPass {
        pnr: &row.pnr,
        seats: &seats,
        from_stop: row.from_stop,
        to_stop: row.to_stop,
        status: row.status,
        no_show: row.no_show_at.is_some(),
    };
    let boarding_code = boarding::code(state, &network, &trip, &pass).await?;
    let boarding_status = match (row.boarded_at, row.no_show_at) {
        (Some(_), _) => Some(BoardingStatus::Boarded),
        (None, Some(_)) => Some(BoardingStatus::NoShow),
        (None, None) => None,
    };
    Ok(Ticket {
        policy,
        cancel_free,
        cancelled_by,
        cancel_reason,
        changed_to: row.changed_to_pnr.take(),
        from_city_id: usize::try_from(row.from_stop).ok().and_then(|i| trip.stops.get(i)).cloned(),
        to_city_id: usize::try_from(row.to_stop).ok().and_then(|i| trip.stops.get(i)).cloned(),
        operator_id: Some(trip.operator_id.clone()),
        boarding_code,
        boarding_status,
        id: row.id,
        pnr: Some(row.pnr),
        tnx_id: Some(row.tnx_id),
        service: Some(row.service),
        company_name_bn: names.operator_bn,
        vehicle_bn,
        from_bn: names.from_name_bn,
        to_bn: names.to_name_bn,
        boarding_point_bn: point_bn(&boarding_point),
        dropping_point_bn: point_bn(&dropping_point),
        company_name: Some(names.operator),
        vehicle: Some(format!("{} ({})", names.vehicle, names.bus_class)),
        // SPEC §5's display names wherever a city or point is shown: 'Chittagong', 'Gabtoli'.
        from: Some(display_name(&names.from_name).to_owned()),
        to: Some(display_name(&names.to_name).to_owned()),
        departure_date_time: Some(wire_time(trip.departs_at + trip.stop_offset(row.from_stop))),
        boarding_point: boarding_point.map(|p| display_name(&p).to_owned()),
        dropping_point: dropping_point.map(|p| display_name(&p).to_owned()),
        seats,
        passenger_name: Some(row.passenger_name),
        phone: Some(row.phone),
        fare_lines,
        payment_history: PaymentHistory {
            ticket_status: row.status,
            paid_amount: Some(row.amount as f64),
            refund_amount: row.refund_amount.map(|v| v as f64),
            // A changed ticket kept only the change's fee: the rest of its money went to the new one.
            cancellation_fee: match row.change_fee {
                Some(fee) => Some(fee as f64),
                None => row.refund_amount.map(|refund| (row.amount - refund) as f64),
            },
            refund_status,
            gateway: row.gateway,
        },
    })
}
