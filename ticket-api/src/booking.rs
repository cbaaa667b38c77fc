//! The booking calls of both services: seat-lock, payment-pending, update-gateway,
//! confirm-ticket and the booking and ticket look-ups (DESIGN §3).
//!
//! The ticket is issued by the server when it validates the gateway's outcome ([`issue`]), not
//! when the browser reaches the success page: a traveller who closes the tab still has a ticket,
//! and confirm-ticket finds it already issued. Issuing is idempotent per transaction id.

use axum::Json;
use axum::extract::State;
use core_wasm::contract::booking::{
    BookingStatus, BusBooking, BusInvoice, Gender, LaunchBooking, LaunchInvoice, PaymentPendingRequest, Promo,
    SeatLockRequest, SeatLockResponse, TxnRequest, UpdateGatewayRequest, UpdateGatewayResponse,
};
use core_wasm::contract::envelope::Envelope;
use core_wasm::contract::tickets::{FareLine, PaymentHistory, Ticket, TicketStatus};
use core_wasm::contract::trips::CoachType;
use core_wasm::email::Email;
use core_wasm::phone::Phone;
use core_wasm::pricing;
use core_wasm::routes::Service;
use serde::Serialize;
use sqlx::any::AnyRow;
use sqlx::{AnyPool, Row};

use crate::AppState;
use crate::error::ApiError;
use crate::ids::{new_id, new_pnr, new_tnx_id};
use crate::inventory::{self, Claim, ClaimError};
use crate::network::Network;
use crate::seat_view::{TripInfo, trip_info};
use crate::wire::At;
use crate::wire::{Body, now_unix_ms, ok, wire_instant, wire_time};

/// The only gateway today; real ones (SSLCommerz, bKash) are adapters of `gateway::PaymentGateway`.
pub const SANDBOX: &str = "sandbox";

fn visitor(user_id: &Option<String>, anonymous_id: &Option<String>) -> Result<String, ApiError> {
    [user_id, anonymous_id]
        .into_iter()
        .flatten()
        .map(|v| v.trim())
        .find(|v| !v.is_empty())
        .map(str::to_owned)
        .ok_or_else(|| ApiError::bad("userId or anonymousId is required"))
}

fn service_key(service: Service) -> &'static str {
    crate::content::service_key(service)
}

async fn trip_of_service(
    state: &AppState,
    network: &Network,
    service: Service,
    trip_id: &str,
) -> Result<TripInfo, ApiError> {
    let trip = TripInfo::find(&state.pool, network, trip_id).await?;
    if trip.service != service_key(service) {
        return Err(ApiError::not_found("Trip not found"));
    }
    Ok(trip)
}

/// Checks the chosen seats: 1 to 4, no repeats, all on the coach or ship.
fn checked_seats(network: &Network, trip: &TripInfo, seats: &[String]) -> Result<Vec<String>, ApiError> {
    let seats: Vec<String> = seats.iter().map(|s| s.trim().to_owned()).collect();
    if seats.is_empty() {
        return Err(ApiError::bad("Choose at least one seat"));
    }
    if seats.len() > core_wasm::seats::MAX_SEATS {
        return Err(ApiError::bad(core_wasm::seats::TOO_MANY.text));
    }
    let mut unique = seats.clone();
    unique.sort();
    unique.dedup();
    if unique.len() != seats.len() {
        return Err(ApiError::bad("A seat is chosen twice"));
    }
    let known = trip.seats(network);
    let unknown: Vec<String> = seats
        .iter()
        .filter(|s| !known.iter().any(|k| &k.seat_no == *s))
        .map(|s| format!("There is no seat {s} on this trip"))
        .collect();
    if !unknown.is_empty() {
        return Err(ApiError::BadRequest(unknown));
    }
    Ok(seats)
}

/// What seats cost over stops `[from, to)`, by the core's pricing: each seat's class fare from
/// the timetable, and for launch the service charge and the gateway's commission.
fn price(
    network: &Network,
    trip: &TripInfo,
    service: Service,
    seats: &[String],
    from: i64,
    to: i64,
    discount: pricing::Taka,
) -> Result<pricing::Quote, ApiError> {
    let layout = trip.seats(network);
    let chosen = seats
        .iter()
        .map(|seat| {
            let class = layout.iter().find(|s| &s.seat_no == seat).map_or("", |s| s.seat_class.as_str());
            pricing::ChosenSeat { seat_no: seat, class }
        })
        .collect::<Vec<_>>();
    let fares = pricing::seat_fares(&TripFares { network, trip }, &chosen, from, to)
        .map_err(|no_fare| ApiError::bad(no_fare.to_string()))?;
    Ok(pricing::quote(service, &fares, discount))
}

/// A trip's fares in the timetable, as the core's pricing reads them.
struct TripFares<'a> {
    network: &'a Network,
    trip: &'a TripInfo,
}

impl pricing::FareTable for TripFares<'_> {
    fn fare(&self, class: &str, from: i64, to: i64) -> Option<pricing::Taka> {
        self.trip.fare(self.network, class, from, to)
    }
}

pub async fn seat_lock(
    State(state): State<AppState>,
    At(service): At,
    Body(request): Body<SeatLockRequest>,
) -> Result<Json<Envelope<SeatLockResponse>>, ApiError> {
    let who = visitor(&request.user_id, &request.anonymous_id)?;
    let network = state.network.get(&state.pool).await?;
    let trip = trip_of_service(&state, &network, service, &request.trip_id).await?;
    let (from, to) = trip
        .segment(
            &state,
            request.boarding_point.as_deref(),
            request.dropping_point.as_deref(),
            request.from.as_deref(),
            request.to.as_deref(),
        )
        .await?;
    let seats = checked_seats(&network, &trip, &request.seats)?;
    let now = now_unix_ms();
    let hold_ms = i64::from(state.config.hold_seconds) * 1000;
    let hold_id = new_id("hold");

    let write = state.claims.writing(&trip.id);
    let mut tx = state.pool.begin().await?;
    inventory::reclaim_expired(&mut tx, &write, now).await?;
    // Re-locking replaces the visitor's own hold on this trip.
    let own: Vec<String> = sqlx::query("SELECT id FROM holds WHERE trip_id = $1 AND visitor = $2")
        .bind(&trip.id)
        .bind(&who)
        .fetch_all(&mut *tx)
        .await?
        .iter()
        .map(|r| r.try_get::<String, _>("id"))
        .collect::<Result<_, _>>()?;
    for old in &own {
        inventory::release(&mut tx, &write, old).await?;
    }
    sqlx::query("DELETE FROM holds WHERE trip_id = $1 AND visitor = $2")
        .bind(&trip.id)
        .bind(&who)
        .execute(&mut *tx)
        .await?;
    let claim = Claim {
        seats: &seats,
        from_stop: from,
        to_stop: to,
        claim_id: &hold_id,
        state: "held",
        expires_at: Some(now + hold_ms),
    };
    match inventory::insert(&mut tx, &write, &claim).await {
        Ok(()) => {}
        Err(ClaimError::Taken(taken)) => {
            tx.rollback().await?;
            return Err(ApiError::SeatsTaken(taken));
        }
        Err(ClaimError::Store(e)) => return Err(e.into()),
    }
    sqlx::query(
        "INSERT INTO holds (id, trip_id, visitor, seats, from_stop, to_stop, boarding_point, dropping_point, expires_at, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
    )
    .bind(&hold_id)
    .bind(&trip.id)
    .bind(&who)
    .bind(seats.join(","))
    .bind(from)
    .bind(to)
    .bind(request.boarding_point.as_deref())
    .bind(request.dropping_point.as_deref())
    .bind(now + hold_ms)
    .bind(now)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(ok(SeatLockResponse {
        trip_id: trip.id,
        seats,
        expires_at: wire_instant(now + hold_ms),
        hold_seconds: state.config.hold_seconds,
    }))
}

/// A booking as either service shows it.
#[derive(Debug, Serialize)]
#[serde(untagged)]
pub enum BookingAnswer {
    Bus(BusBooking),
    Launch(LaunchBooking),
}

fn split_seats(text: &str) -> Vec<String> {
    text.split(',').filter(|s| !s.is_empty()).map(str::to_owned).collect()
}

/// The booking of a transaction, with what the site shows of it.
async fn booking_answer(pool: &AnyPool, tnx_id: &str) -> Result<BookingAnswer, ApiError> {
    let row = booking_row(pool, tnx_id).await?;
    let trip = trip_info(pool, &row.try_get::<String, _>("trip_id")?).await?;
    let vehicle =
        sqlx::query("SELECT v.id, v.coach_type FROM trips t JOIN vehicles v ON v.id = t.vehicle_id WHERE t.id = $1")
            .bind(&trip.id)
            .fetch_one(pool)
            .await?;
    let from_stop: i64 = row.try_get("from_stop")?;
    let departs = wire_time(trip.departs_at + trip.stop_offset(from_stop));
    let discount = row.try_get::<i64, _>("discount")? as f64;
    let promo = row.try_get::<Option<String>, _>("promo_code")?.map(|code| Promo { code, amount: discount });
    let seats = split_seats(&row.try_get::<String, _>("seats")?);
    let sub_total = row.try_get::<i64, _>("sub_total")? as f64;
    let id: String = row.try_get("id")?;
    let tnx: String = row.try_get("tnx_id")?;
    let amount = row.try_get::<i64, _>("amount")? as f64;
    let gateway: Option<String> = row.try_get("gateway")?;
    let redirect_url = gateway.as_ref().map(|_| format!("/gateway/sandbox/{tnx}"));
    let status = match row.try_get::<String, _>("status")?.as_str() {
        "pending" => BookingStatus::Pending,
        "ticketed" => BookingStatus::Ticketed,
        "failed" => BookingStatus::Failed,
        "cancelled" => BookingStatus::Cancelled,
        "refunded" => BookingStatus::Refunded,
        other => return Err(ApiError::Internal(format!("booking {tnx} has status '{other}'"))),
    };
    let hold_seconds_left = match status {
        BookingStatus::Pending => {
            let hold = sqlx::query("SELECT expires_at FROM holds WHERE id = $1")
                .bind(row.try_get::<String, _>("hold_id")?)
                .fetch_optional(pool)
                .await?;
            let ends: i64 = match hold {
                Some(h) => h.try_get("expires_at")?,
                None => 0,
            };
            Some(((ends - now_unix_ms()).max(0) / 1000) as u32)
        }
        _ => None,
    };
    Ok(match row.try_get::<String, _>("service")?.as_str() {
        "LAUNCH" => BookingAnswer::Launch(LaunchBooking {
            id,
            tnx_id: tnx,
            status,
            amount,
            service_charge: row.try_get::<i64, _>("service_charge")? as f64,
            payment_gateway_commission: row.try_get::<i64, _>("gateway_commission")? as f64,
            invoice: LaunchInvoice {
                trip: trip.id.clone(),
                ship_id: vehicle.try_get("id")?,
                company_id: trip.operator_id.clone(),
                seat_no: seats,
                sub_total,
                discount,
                promo,
            },
            redirect_url,
            gateway,
            hold_seconds_left,
        }),
        _ => BookingAnswer::Bus(BusBooking {
            id,
            tnx_id: tnx,
            status,
            amount,
            invoice: BusInvoice {
                company_id: trip.operator_id.clone(),
                trip_date_time: Some(wire_time(trip.departs_at)),
                boarding_date_time: Some(departs),
                coach_type: match vehicle.try_get::<Option<String>, _>("coach_type")?.as_deref() {
                    Some("ac") => CoachType::Ac,
                    _ => CoachType::NonAc,
                },
                seats,
                sub_total,
                discount,
                promo,
            },
            redirect_url,
            gateway,
            hold_seconds_left,
        }),
    })
}

async fn booking_row(pool: &AnyPool, tnx_id: &str) -> Result<AnyRow, ApiError> {
    sqlx::query("SELECT * FROM bookings WHERE tnx_id = $1")
        .bind(tnx_id.trim())
        .fetch_optional(pool)
        .await?
        .ok_or_else(|| ApiError::not_found("Booking not found"))
}

fn passenger_problems(request: &PaymentPendingRequest) -> (Vec<String>, Option<Phone>, Option<Email>) {
    let mut problems = Vec::new();
    let name = request.name.trim();
    if name.is_empty() {
        problems.push(format!("name: {}", core_wasm::message::REQUIRED.text));
    } else if name.chars().count() > 100 {
        problems.push("name: at most 100 characters".to_owned());
    }
    let phone = match Phone::parse(&request.phone) {
        Ok(p) => Some(p),
        Err(m) => {
            problems.push(m.text.to_owned());
            None
        }
    };
    let email = match request.email.as_deref().map(str::trim).filter(|e| !e.is_empty()) {
        None => None,
        Some(e) => match Email::parse(e) {
            Ok(e) => Some(e),
            Err(m) => {
                problems.push(m.text.to_owned());
                None
            }
        },
    };
    (problems, phone, email)
}

pub async fn payment_pending(
    State(state): State<AppState>,
    At(service): At,
    Body(request): Body<PaymentPendingRequest>,
) -> Result<Json<Envelope<BookingAnswer>>, ApiError> {
    let who = visitor(&request.user_id, &request.anonymous_id)?;
    let (problems, phone, email) = passenger_problems(&request);
    if !problems.is_empty() {
        return Err(ApiError::BadRequest(problems));
    }
    let (Some(phone), email) = (phone, email) else {
        return Err(ApiError::bad(core_wasm::phone::INVALID_MESSAGE.text));
    };
    let network = state.network.get(&state.pool).await?;
    let trip = trip_of_service(&state, &network, service, &request.trip_id).await?;
    let now = now_unix_ms();
    let hold = sqlx::query("SELECT * FROM holds WHERE trip_id = $1 AND visitor = $2 AND expires_at > $3")
        .bind(&trip.id)
        .bind(&who)
        .bind(now)
        .fetch_optional(&state.pool)
        .await?
        .ok_or_else(|| ApiError::Conflict(vec!["Your seat hold has expired, please choose your seats again".into()]))?;
    let held = split_seats(&hold.try_get::<String, _>("seats")?);
    let mut asked: Vec<String> = request.seats.iter().map(|s| s.trim().to_owned()).collect();
    let mut sorted_held = held.clone();
    asked.sort();
    sorted_held.sort();
    if asked != sorted_held {
        return Err(ApiError::bad("These are not the seats you chose; lock the seats first"));
    }
    let (from, to): (i64, i64) = (hold.try_get("from_stop")?, hold.try_get("to_stop")?);
    let pricing::Quote { sub_total, service_charge, commission, amount, .. } =
        price(&network, &trip, service, &held, from, to, 0)?;
    let hold_id: String = hold.try_get("id")?;
    let tnx = new_tnx_id();
    let gender = match request.gender {
        Gender::Male => "male",
        Gender::Female => "female",
        Gender::Other => "other",
    };
    let hold_until = now + i64::from(state.config.hold_seconds) * 1000;
    let write = state.claims.writing(&trip.id);
    let mut tx = state.pool.begin().await?;
    // The gateway session must not outlive the hold: renew it for the payment.
    inventory::extend_hold(&mut tx, &write, &hold_id, hold_until).await?;
    sqlx::query("UPDATE holds SET expires_at = $1 WHERE id = $2")
        .bind(hold_until)
        .bind(&hold_id)
        .execute(&mut *tx)
        .await?;
    sqlx::query(
        "INSERT INTO bookings (id, tnx_id, service, trip_id, hold_id, visitor, seats, from_stop, to_stop, boarding_point, \
         dropping_point, passenger_name, phone, email, gender, sub_total, discount, promo_code, service_charge, \
         gateway_commission, amount, status, gateway, created_at, paid_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, 0, NULL, $17, $18, $19, 'pending', NULL, $20, NULL)",
    )
    .bind(new_id("booking"))
    .bind(&tnx)
    .bind(service_key(service))
    .bind(&trip.id)
    .bind(&hold_id)
    .bind(&who)
    .bind(held.join(","))
    .bind(from)
    .bind(to)
    .bind(hold.try_get::<Option<String>, _>("boarding_point")?)
    .bind(hold.try_get::<Option<String>, _>("dropping_point")?)
    .bind(request.name.trim())
    .bind(phone.as_str())
    .bind(email.as_ref().map(Email::as_str))
    .bind(gender)
    .bind(sub_total)
    .bind(service_charge)
    .bind(commission)
    .bind(amount)
    .bind(now)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(ok(booking_answer(&state.pool, &tnx).await?))
}

pub async fn update_gateway(
    State(state): State<AppState>,
    Body(request): Body<UpdateGatewayRequest>,
) -> Result<Json<Envelope<UpdateGatewayResponse>>, ApiError> {
    if request.gateway.trim() != SANDBOX {
        return Err(ApiError::bad(format!("Unknown payment gateway '{}'", request.gateway.trim())));
    }
    let row = booking_row(&state.pool, &request.tnx_id).await?;
    if row.try_get::<String, _>("status")? != "pending" {
        return Err(ApiError::Conflict(vec!["This booking is no longer waiting for payment".into()]));
    }
    sqlx::query("UPDATE bookings SET gateway = $1 WHERE tnx_id = $2")
        .bind(SANDBOX)
        .bind(request.tnx_id.trim())
        .execute(&state.pool)
        .await?;
    let tnx: String = row.try_get("tnx_id")?;
    let discount: i64 = row.try_get("discount")?;
    let promo: Option<String> = row.try_get("promo_code")?;
    Ok(ok(UpdateGatewayResponse {
        redirect_url: format!("/gateway/sandbox/{tnx}"),
        gateway: SANDBOX.into(),
        amount: Some(row.try_get::<i64, _>("amount")? as f64),
        promo_discount: promo.map(|_| discount as f64),
    }))
}

/// What issuing came to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Issued {
    Ticket(String),
    /// Paid, but the seats were taken meanwhile (the hold had expired): refunded, no ticket.
    Refunded,
}

/// Issues the ticket of a paid booking, once: a repeat (callback, confirm-ticket, both at once)
/// finds the ticket already issued. Availability is checked again here; if the seats were lost
/// the booking is refunded, never sold twice.
pub async fn issue(state: &AppState, tnx_id: &str) -> Result<Issued, ApiError> {
    let pool = &state.pool;
    let now = now_unix_ms();
    let mut tx = pool.begin().await?;
    // A write first: it serialises concurrent issuers of this booking (row lock on PostgreSQL,
    // the write lock on SQLite) before anything is read.
    sqlx::query("UPDATE bookings SET paid_at = COALESCE(paid_at, $1) WHERE tnx_id = $2")
        .bind(now)
        .bind(tnx_id)
        .execute(&mut *tx)
        .await?;
    let booking =
        sqlx::query("SELECT id, trip_id, hold_id, seats, from_stop, to_stop, status FROM bookings WHERE tnx_id = $1")
            .bind(tnx_id)
            .fetch_optional(&mut *tx)
            .await?
            .ok_or_else(|| ApiError::not_found("Booking not found"))?;
    let booking_id: String = booking.try_get("id")?;
    match booking.try_get::<String, _>("status")?.as_str() {
        "ticketed" => {
            let ticket = sqlx::query("SELECT id FROM tickets WHERE booking_id = $1")
                .bind(&booking_id)
                .fetch_one(&mut *tx)
                .await?;
            tx.commit().await?;
            return Ok(Issued::Ticket(ticket.try_get("id")?));
        }
        "refunded" => {
            tx.commit().await?;
            return Ok(Issued::Refunded);
        }
        _ => {}
    }
    let trip_id: String = booking.try_get("trip_id")?;
    let hold_id: String = booking.try_get("hold_id")?;
    let seats = split_seats(&booking.try_get::<String, _>("seats")?);
    let write = state.claims.writing(&trip_id);
    inventory::reclaim_expired(&mut tx, &write, now).await?;
    inventory::release(&mut tx, &write, &hold_id).await?;
    let claim = Claim {
        seats: &seats,
        from_stop: booking.try_get("from_stop")?,
        to_stop: booking.try_get("to_stop")?,
        claim_id: &booking_id,
        state: "sold",
        expires_at: None,
    };
    match inventory::insert(&mut tx, &write, &claim).await {
        Ok(()) => {
            let ticket_id = new_id("ticket");
            sqlx::query(
                "INSERT INTO tickets (id, pnr, booking_id, status, issued_at) VALUES ($1, $2, $3, 'confirmed', $4)",
            )
            .bind(&ticket_id)
            .bind(new_pnr())
            .bind(&booking_id)
            .bind(now)
            .execute(&mut *tx)
            .await?;
            sqlx::query("UPDATE bookings SET status = 'ticketed' WHERE id = $1")
                .bind(&booking_id)
                .execute(&mut *tx)
                .await?;
            sqlx::query("DELETE FROM holds WHERE id = $1").bind(&hold_id).execute(&mut *tx).await?;
            tx.commit().await?;
            Ok(Issued::Ticket(ticket_id))
        }
        Err(ClaimError::Taken(_)) => {
            tx.rollback().await?;
            let mut tx = pool.begin().await?;
            sqlx::query("UPDATE bookings SET status = 'refunded' WHERE id = $1 AND status <> 'ticketed'")
                .bind(&booking_id)
                .execute(&mut *tx)
                .await?;
            sqlx::query("UPDATE payments SET outcome = 'refunded' WHERE tnx_id = $1")
                .bind(tnx_id)
                .execute(&mut *tx)
                .await?;
            tx.commit().await?;
            tracing::warn!(tnx_id, "paid but the seats were lost: refunded");
            Ok(Issued::Refunded)
        }
        Err(ClaimError::Store(e)) => Err(e.into()),
    }
}

/// The ticket as the site and the PDF show it.
pub async fn ticket_view(pool: &AnyPool, ticket_id: &str) -> Result<Ticket, ApiError> {
    let row = sqlx::query(
        "SELECT t.id, t.pnr, t.status, t.refund_amount, b.tnx_id, b.service, b.trip_id, b.seats, b.from_stop, b.to_stop, \
         b.boarding_point, b.dropping_point, b.passenger_name, b.phone, b.sub_total, b.discount, b.service_charge, \
         b.gateway_commission, b.amount, b.gateway FROM tickets t JOIN bookings b ON b.id = t.booking_id WHERE t.id = $1",
    )
    .bind(ticket_id)
    .fetch_optional(pool)
    .await?
    .ok_or_else(|| ApiError::not_found("Ticket not found"))?;
    let trip = trip_info(pool, &row.try_get::<String, _>("trip_id")?).await?;
    let (from, to): (i64, i64) = (row.try_get("from_stop")?, row.try_get("to_stop")?);
    let names = sqlx::query(
        "SELECT o.title, v.name AS vehicle, v.bus_class, f.name AS from_name, d.name AS to_name FROM trips t \
         JOIN operators o ON o.id = t.operator_id JOIN vehicles v ON v.id = t.vehicle_id \
         JOIN route_stops a ON a.route_id = t.route_id AND a.stop_index = $2 JOIN cities f ON f.id = a.city_id \
         JOIN route_stops b ON b.route_id = t.route_id AND b.stop_index = $3 JOIN cities d ON d.id = b.city_id WHERE t.id = $1",
    )
    .bind(&trip.id)
    .bind(from)
    .bind(to)
    .fetch_one(pool)
    .await?;
    let money = |column: &str| row.try_get::<i64, _>(column).map(|v| v as f64);
    let mut fare_lines = vec![FareLine { label: "Fare".into(), amount: money("sub_total")? }];
    for (label, column) in
        [("Discount", "discount"), ("Service charge", "service_charge"), ("Gateway commission", "gateway_commission")]
    {
        let amount = money(column)?;
        if amount != 0.0 {
            fare_lines
                .push(FareLine { label: label.into(), amount: if column == "discount" { -amount } else { amount } });
        }
    }
    let status = match row.try_get::<String, _>("status")?.as_str() {
        "cancelled" => TicketStatus::Cancelled,
        "refunded" => TicketStatus::Refunded,
        _ => TicketStatus::Confirmed,
    };
    let boarding: Option<String> = row.try_get("boarding_point")?;
    let first_point = |stop: i64| trip.points.iter().find(|p| p.stop == stop).map(|p| p.name.clone());
    Ok(Ticket {
        id: row.try_get("id")?,
        pnr: Some(row.try_get("pnr")?),
        tnx_id: Some(row.try_get("tnx_id")?),
        service: Some(if row.try_get::<String, _>("service")? == "LAUNCH" { Service::Launch } else { Service::Bus }),
        company_name: Some(names.try_get("title")?),
        vehicle: Some(format!(
            "{} ({})",
            names.try_get::<String, _>("vehicle")?,
            names.try_get::<String, _>("bus_class")?
        )),
        from: Some(names.try_get("from_name")?),
        to: Some(names.try_get("to_name")?),
        departure_date_time: Some(wire_time(trip.departs_at + trip.stop_offset(from))),
        boarding_point: boarding.or_else(|| first_point(from)),
        dropping_point: row.try_get::<Option<String>, _>("dropping_point")?.or_else(|| first_point(to)),
        seats: split_seats(&row.try_get::<String, _>("seats")?),
        passenger_name: Some(row.try_get("passenger_name")?),
        phone: Some(row.try_get("phone")?),
        fare_lines,
        payment_history: PaymentHistory {
            ticket_status: status,
            paid_amount: Some(money("amount")?),
            refund_amount: row.try_get::<Option<i64>, _>("refund_amount")?.map(|v| v as f64),
            gateway: row.try_get("gateway")?,
        },
    })
}

async fn ticket_of_tnx(pool: &AnyPool, tnx_id: &str) -> Result<Option<String>, sqlx::Error> {
    let row = sqlx::query("SELECT t.id FROM tickets t JOIN bookings b ON b.id = t.booking_id WHERE b.tnx_id = $1")
        .bind(tnx_id.trim())
        .fetch_optional(pool)
        .await?;
    row.map(|r| r.try_get::<String, _>("id")).transpose()
}

/// `confirm-ticket`: the ticket of a paid booking (issued already by the gateway callback, or
/// now); idempotent.
pub async fn confirm_ticket(
    State(state): State<AppState>,
    Body(request): Body<TxnRequest>,
) -> Result<Json<Envelope<Ticket>>, ApiError> {
    let tnx = request.tnx_id.trim();
    let row = booking_row(&state.pool, tnx).await?;
    let paid =
        sqlx::query("SELECT outcome FROM payments WHERE tnx_id = $1").bind(tnx).fetch_optional(&state.pool).await?;
    match paid.map(|r| r.try_get::<String, _>("outcome")).transpose()?.as_deref() {
        Some("paid") => {}
        Some("refunded") => {
            return Err(ApiError::Conflict(vec![
                "Your seats were taken while you paid; your payment is being refunded".into(),
            ]));
        }
        Some(_) => return Err(ApiError::bad("The payment did not go through")),
        None if row.try_get::<String, _>("status")? == "pending" => {
            return Err(ApiError::bad("The payment is not complete yet"));
        }
        None => return Err(ApiError::bad("The payment did not go through")),
    }
    match issue(&state, tnx).await? {
        Issued::Ticket(id) => Ok(ok(ticket_view(&state.pool, &id).await?)),
        Issued::Refunded => {
            Err(ApiError::Conflict(vec!["Your seats were taken while you paid; your payment is being refunded".into()]))
        }
    }
}

pub async fn ticket_info(
    State(state): State<AppState>,
    Body(request): Body<TxnRequest>,
) -> Result<Json<Envelope<Ticket>>, ApiError> {
    let id =
        ticket_of_tnx(&state.pool, &request.tnx_id).await?.ok_or_else(|| ApiError::not_found("Ticket not found"))?;
    Ok(ok(ticket_view(&state.pool, &id).await?))
}

pub async fn booking_info(
    State(state): State<AppState>,
    Body(request): Body<TxnRequest>,
) -> Result<Json<Envelope<BookingAnswer>>, ApiError> {
    Ok(ok(booking_answer(&state.pool, &request.tnx_id).await?))
}

/// Launch `payment-seat-remove`: one seat dropped from a pending booking, its claim released,
/// the amounts recomputed. The last seat cannot be removed (cancel the payment instead).
pub async fn remove_seat(
    State(state): State<AppState>,
    Body(request): Body<core_wasm::contract::booking::SeatRemoveRequest>,
) -> Result<Json<Envelope<core_wasm::contract::booking::SeatRemoveResponse>>, ApiError> {
    let row = booking_row(&state.pool, &request.tnx_id).await?;
    if row.try_get::<String, _>("status")? != "pending" {
        return Err(ApiError::Conflict(vec!["This booking is no longer waiting for payment".into()]));
    }
    let seat = request.seat_no.trim().to_owned();
    let mut seats = split_seats(&row.try_get::<String, _>("seats")?);
    let Some(index) = seats.iter().position(|s| *s == seat) else {
        return Err(ApiError::bad(format!("Seat {seat} is not in this booking")));
    };
    if seats.len() == 1 {
        return Err(ApiError::bad("A booking keeps at least one seat; cancel the payment instead"));
    }
    seats.remove(index);
    let network = state.network.get(&state.pool).await?;
    let trip = TripInfo::find(&state.pool, &network, &row.try_get::<String, _>("trip_id")?).await?;
    let (from, to): (i64, i64) = (row.try_get("from_stop")?, row.try_get("to_stop")?);
    // A promo's discount stays, never more than what the remaining seats cost.
    let pricing::Quote { sub_total, discount, service_charge, commission, amount } =
        price(&network, &trip, Service::Launch, &seats, from, to, row.try_get::<i64, _>("discount")?)?;
    let hold_id: String = row.try_get("hold_id")?;
    let write = state.claims.writing(&trip.id);
    let mut tx = state.pool.begin().await?;
    sqlx::query(
        "UPDATE bookings SET seats = $1, sub_total = $2, service_charge = $3, gateway_commission = $4, discount = $5, amount = $6 \
         WHERE tnx_id = $7",
    )
    .bind(seats.join(","))
    .bind(sub_total)
    .bind(service_charge)
    .bind(commission)
    .bind(discount)
    .bind(amount)
    .bind(request.tnx_id.trim())
    .execute(&mut *tx)
    .await?;
    inventory::release_seat(&mut tx, &write, &hold_id, &seat).await?;
    sqlx::query("UPDATE holds SET seats = $1 WHERE id = $2")
        .bind(seats.join(","))
        .bind(&hold_id)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(ok(core_wasm::contract::booking::SeatRemoveResponse {
        seat_no: seats,
        sub_total: sub_total as f64,
        discount: discount as f64,
        amount: amount as f64,
        service_charge: service_charge as f64,
        payment_gateway_commission: commission as f64,
    }))
}
