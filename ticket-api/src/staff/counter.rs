//! Selling at a counter (issue 41): the trips a counter sells, their seat maps as a counter sees
//! them, a sale, its receipt and its cancellation. A sale claims its seats through the same
//! per-leg guard as the website (`store::inventory`), in one transaction with its booking, its
//! ticket and its audit entry, so a web buyer and a counter never get one seat-leg; seats held
//! back for counters are freed for the sale in that transaction, and the online quota's lock is
//! taken so a web claim never counts around it.

use core_wasm::contract::booking::Gender;
use core_wasm::contract::counter::{
    CounterSeat, CounterSeatMap, CounterSeatState, CounterSell, CounterTicket, CounterTrip, CounterTrips,
};
use core_wasm::contract::tickets::{CancelledBy, TicketStatus};
use core_wasm::phone::Phone;
use core_wasm::service::Service;
use core_wasm::staff::counter::{self as rules, BlockChannel, PayMethod};
use core_wasm::staff::messages as say;
use core_wasm::staff::schedule::departure_text;
use core_wasm::time::Date;

use super::access::{Staff, not_found};
use super::shifts::{self, OpenShift};
use super::write;
use crate::AppState;
use crate::claims::LegClaim;
use crate::clock::now_unix_ms;
use crate::domain::booking::{checked_seats, not_departed, seat_fares};
use crate::domain::trip::TripInfo;
use crate::domain::{boarding, policies};
use crate::error::ApiError;
use crate::ids::{new_id, new_pnr, new_tnx_id};
use crate::store::bookings::{self, BookingRow};
use crate::store::claims::ClaimState;
use crate::store::inventory::{self, Claim, ClaimError};
use crate::store::pool::Writes;
use crate::store::{messages, tickets};

/// How far ahead a counter's trip list looks: today and tomorrow first, then the rest of the
/// week.
const LIST_DAYS: i64 = 7;
/// Most trips the list answers.
const MAX_LISTED: usize = 300;

/// `YYYY-MM-DD HH:MM` of a Dhaka wall-clock minute.
pub fn departs_text(departs_at: i64) -> String {
    let date = Date::from_days_since_epoch(departs_at.div_euclid(24 * 60));
    format!("{date} {}", departure_text(departs_at.rem_euclid(24 * 60)))
}

#[derive(Debug, sqlx::FromRow)]
struct TripListRow {
    id: String,
    service: String,
    operator_id: String,
    operator_name: String,
    route_name: String,
    departs_at: i64,
    vehicle: String,
    online_quota: Option<i64>,
    seats: i64,
    /// Seats with a live claim on any leg that a counter cannot sell.
    taken: i64,
}

/// The columns of a trip as a counter lists it; `$1` is now (Unix ms).
const TRIP_COLUMNS: &str = "t.id, t.service, t.operator_id, o.title AS operator_name, r.name AS route_name, \
     t.departs_at, v.name AS vehicle, t.online_quota, \
     (SELECT COUNT(*) FROM layout_seats s WHERE s.layout_id = COALESCE(t.layout_id, v.layout_id)) AS seats, \
     (SELECT COUNT(DISTINCT c.seat_no) FROM seat_claims c WHERE c.trip_id = t.id \
        AND (c.state = 'sold' OR (c.state = 'held' AND c.expires_at > $1) \
          OR (c.state = 'blocked' AND (c.expires_at IS NULL OR c.expires_at > $1)))) AS taken";

const TRIP_FROM: &str = "FROM trips t JOIN operators o ON o.id = t.operator_id JOIN routes r ON r.id = t.route_id \
     JOIN vehicles v ON v.id = t.vehicle_id";

fn trip_of(r: TripListRow) -> CounterTrip {
    let free = (r.seats - r.taken).max(0);
    CounterTrip {
        id: r.id,
        service: Service::parse(&r.service).unwrap_or(Service::Bus),
        operator_id: r.operator_id,
        operator_name: r.operator_name,
        route_name: r.route_name,
        departs: departs_text(r.departs_at),
        vehicle: r.vehicle,
        seats: r.seats,
        free,
        online_free: rules::online_free(free, r.online_quota),
        online_quota: r.online_quota,
    }
}

/// `GET staff/counter/trips`: the caller's operators' trips that have not left, soonest first.
pub async fn trips(state: &AppState, staff: &Staff) -> Result<CounterTrips, ApiError> {
    trips_since(state, staff, 0).await
}

/// The trips that left at most `back` minutes ago or leave within the week: a late coach still
/// boards (`GET staff/boarding/trips`).
pub async fn trips_since(state: &AppState, staff: &Staff, back: i64) -> Result<CounterTrips, ApiError> {
    let now = now_unix_ms();
    let minute = core_wasm::time::dhaka_now(now as f64).epoch_minutes() - back;
    let until = (crate::clock::today().days_since_epoch() + LIST_DAYS) * 24 * 60;
    let sql = format!(
        "SELECT {TRIP_COLUMNS} {TRIP_FROM} WHERE t.departs_at >= $2 AND t.departs_at < $3 ORDER BY t.departs_at, t.id"
    );
    let rows: Vec<TripListRow> =
        sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(now).bind(minute).bind(until).fetch_all(&state.pool).await?;
    let trips =
        rows.into_iter().filter(|r| staff.reach.covers(Some(&r.operator_id))).take(MAX_LISTED).map(trip_of).collect();
    Ok(CounterTrips { trips })
}

/// A trip of the caller's operators (another operator's is not found, as if it did not exist).
async fn reachable_trip(state: &AppState, staff: &Staff, trip_id: &str) -> Result<TripInfo, ApiError> {
    let network = state.network.get(&state.pool).await?;
    let trip = TripInfo::find(&state.pool, &network, trip_id).await.map_err(|_| not_found("Trip"))?;
    if !staff.reach.covers(Some(&trip.operator_id)) {
        return Err(not_found("Trip"));
    }
    Ok(trip)
}

#[derive(Debug, sqlx::FromRow)]
struct SeatClaimRow {
    seat_no: String,
    leg: i64,
    #[sqlx(try_from = "String")]
    state: ClaimState,
    expires_at: Option<i64>,
    channel: Option<String>,
}

/// The query of a seat map: a part of the route by its points.
#[derive(Debug, Default, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SegmentQuery {
    #[serde(default)]
    pub boarding_point: Option<String>,
    #[serde(default)]
    pub dropping_point: Option<String>,
}

/// `GET staff/counter/trips/{id}`: every seat with what a counter may do with it, read from the
/// store (not the travellers' cache: the seller sells from this).
pub async fn seat_map(
    state: &AppState,
    staff: &Staff,
    trip_id: &str,
    segment: &SegmentQuery,
) -> Result<CounterSeatMap, ApiError> {
    let trip = reachable_trip(state, staff, trip_id).await?;
    let network = state.network.get(&state.pool).await?;
    let (from, to) =
        trip.segment(state, segment.boarding_point.as_deref(), segment.dropping_point.as_deref(), None, None).await?;
    let now = now_unix_ms();
    let sql = format!("SELECT {TRIP_COLUMNS} {TRIP_FROM} WHERE t.id = $2");
    let row: TripListRow =
        sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(now).bind(&trip.id).fetch_one(&state.pool).await?;
    let claims: Vec<SeatClaimRow> = sqlx::query_as(
        "SELECT c.seat_no, c.leg, c.state, c.expires_at, b.channel FROM seat_claims c \
         LEFT JOIN seat_blocks b ON b.id = c.claim_id WHERE c.trip_id = $1 AND c.leg >= $2 AND c.leg < $3",
    )
    .bind(&trip.id)
    .bind(from)
    .bind(to)
    .fetch_all(&state.pool)
    .await?;
    let state_of = |seat: &str| {
        let mut worst = CounterSeatState::Free;
        // Live as the seat maps judge a claim (a hold until it ends, a block until released).
        let live = |c: &&SeatClaimRow| {
            let claim = LegClaim { leg: c.leg, state: c.state, expires_at: c.expires_at, holder: None };
            claim.live(now)
        };
        for c in claims.iter().filter(|c| c.seat_no == seat).filter(live) {
            let this = match (c.state, c.channel.as_deref().and_then(BlockChannel::parse)) {
                (ClaimState::Sold, _) => CounterSeatState::Sold,
                (ClaimState::Held, _) => CounterSeatState::Held,
                (ClaimState::Blocked, Some(ch)) if ch.counter_sells() => CounterSeatState::Counter,
                (ClaimState::Blocked, _) => CounterSeatState::Blocked,
            };
            worst = worse(worst, this);
        }
        worst
    };
    let seats = trip
        .seats(&network)
        .iter()
        .map(|s| CounterSeat {
            seat_no: s.seat_no.clone(),
            deck: s.deck.clone(),
            deck_name: s.deck_name.clone(),
            row: s.row,
            col: s.col,
            class_name: s.class_name.clone(),
            fare: trip.fare(&network, &s.seat_class, from, to),
            is_ladies: s.is_ladies,
            state: state_of(&s.seat_no),
        })
        .collect();
    let boarding = trip.points.iter().filter(|p| p.stop >= from && p.stop < to).map(|p| trip.point(p)).collect();
    let dropping = trip.points.iter().filter(|p| p.stop > from && p.stop <= to).map(|p| trip.point(p)).collect();
    Ok(CounterSeatMap { trip: trip_of(row), seats, boarding_points: boarding, dropping_points: dropping })
}

/// Of two claims on a seat's legs, the one that says most: sold over blocked over held over a
/// counter's block over free.
fn worse(a: CounterSeatState, b: CounterSeatState) -> CounterSeatState {
    let rank = |s: CounterSeatState| match s {
        CounterSeatState::Free => 0,
        CounterSeatState::Counter => 1,
        CounterSeatState::Held => 2,
        CounterSeatState::Blocked => 3,
        CounterSeatState::Sold => 4,
    };
    if rank(b) > rank(a) { b } else { a }
}

/// The passenger a counter names, if any: a name by the core's rule, a phone if given.
fn passenger(sell: &CounterSell) -> Result<(String, String, Gender), ApiError> {
    let Some(p) = &sell.passenger else { return Ok((String::new(), String::new(), Gender::Other)) };
    let name = match p.name.trim() {
        "" => String::new(),
        name => core_wasm::passenger::check_name(name).map_err(ApiError::bad)?.to_owned(),
    };
    let phone = match p.phone.trim() {
        "" => String::new(),
        phone => Phone::parse(phone).map_err(ApiError::bad)?.as_str().to_owned(),
    };
    Ok((name, phone, p.gender))
}

/// `POST staff/counter/sell`.
pub async fn sell(state: &AppState, staff: &Staff, sell: &CounterSell) -> Result<CounterTicket, ApiError> {
    let reference =
        rules::payment_reference(sell.payment.method, sell.payment.reference.as_deref()).map_err(ApiError::bad)?;
    let (name, phone, gender) = passenger(sell)?;
    let trip = reachable_trip(state, staff, &sell.trip_id).await?;
    let network = state.network.get(&state.pool).await?;
    let seats = checked_seats(&network, &trip, &sell.seats)?;
    let (from, to) =
        trip.segment(state, sell.boarding_point.as_deref(), sell.dropping_point.as_deref(), None, None).await?;
    let now = now_unix_ms();
    not_departed(&trip, from, now)?;
    let layout = trip.seats(&network);
    let has_ladies_seat = seats.iter().any(|seat| layout.iter().any(|s| &s.seat_no == seat && s.is_ladies));
    if let Some(problem) = core_wasm::seats::ladies_problem(has_ladies_seat, gender) {
        return Err(ApiError::bad(problem));
    }
    let quote = rules::quote(&seat_fares(&network, &trip, &seats, from, to)?);

    let mut w = write::begin(state).await?;
    let shift: OpenShift = shifts::open_of(&mut w.tx, &staff.login.user_id)
        .await?
        .ok_or_else(|| ApiError::Conflict(say::SHIFT_NONE.with(&[]).into()))?;
    if shift.operator_id != trip.operator_id {
        return Err(not_found("Trip"));
    }
    if let Some(r) = &reference {
        let used: Option<String> = sqlx::query_scalar(
            "SELECT t.pnr FROM counter_sales s JOIN tickets t ON t.booking_id = s.booking_id WHERE s.reference = $1",
        )
        .bind(r)
        .fetch_optional(&mut *w.tx)
        .await?;
        if let Some(pnr) = used {
            return Err(write::conflict(say::COUNTER_REFERENCE_USED, &[("value", r), ("pnr", &pnr)]));
        }
    }
    let booking = BookingRow {
        id: new_id("booking")?,
        tnx_id: new_tnx_id()?,
        service: trip.service,
        trip_id: trip.id.clone(),
        hold_id: String::new(),
        visitor: format!("counter:{}", shift.counter_id),
        from_stop: from,
        to_stop: to,
        boarding_point: point_name(&trip, sell.boarding_point.as_deref(), from),
        dropping_point: point_name(&trip, sell.dropping_point.as_deref(), to),
        passenger_name: name,
        phone,
        email: None,
        gender,
        sub_total: quote.sub_total,
        discount: 0,
        promo_code: None,
        service_charge: 0,
        gateway_commission: 0,
        amount: quote.amount,
        status: core_wasm::contract::booking::BookingStatus::Ticketed,
        created_at: now,
        paid_at: Some(now),
        policy: Some(policies::for_sale(
            &state.config,
            network.operators.get(&trip.operator_id).and_then(|o| o.policy.as_deref()),
        )),
        // A counter's traveller is told in Bangla: the seller's screen says nothing of theirs.
        language: Some(core_wasm::language::Language::Bangla.tag().to_owned()),
        changes_ticket: None,
        credit: 0,
        change_fee: 0,
    };
    let booking = BookingRow { hold_id: booking.id.clone(), ..booking };
    // The trip's row, taken: an operator's cancellation of the trip waits for this sale (and its
    // job then finds the ticket), or this sees the trip cancelled.
    let on_sale = sqlx::query("UPDATE trips SET cancelled_at = cancelled_at WHERE id = $1 AND cancelled_at IS NULL")
        .bind(&trip.id)
        .execute(&mut *w.tx)
        .await?;
    if on_sale.rows_affected() == 0 {
        w.tx.rollback().await?;
        return Err(ApiError::conflict(core_wasm::server_messages::TRIP_CANCELLED));
    }
    let guard = state.claims.writing(&trip.id);
    let mut first = Writes::new();
    inventory::reclaim_expired(&mut first, &guard, now)?;
    first.run_in(&mut w.tx).await?;
    // What was held back for counters is the counter's to sell: freed on the sold legs only.
    let counter_blocks: Vec<String> = sqlx::query_scalar(
        "SELECT DISTINCT c.claim_id FROM seat_claims c JOIN seat_blocks b ON b.id = c.claim_id \
         WHERE c.trip_id = $1 AND b.channel = $2",
    )
    .bind(&trip.id)
    .bind(BlockChannel::Counter.as_str())
    .fetch_all(&mut *w.tx)
    .await?;
    inventory::unblock(&mut w.tx, &guard, &counter_blocks, &seats, from, to).await?;
    inventory::lock_quota(&mut w.tx, &guard).await?;
    let claim = Claim {
        seats: &seats,
        from_stop: from,
        to_stop: to,
        claim_id: &booking.id,
        state: ClaimState::Sold,
        expires_at: None,
    };
    match inventory::insert(&mut w.tx, &guard, &claim).await {
        Ok(()) => {}
        Err(ClaimError::Taken(taken)) => {
            w.tx.rollback().await?;
            return Err(ApiError::Conflict(say::SEATS_GONE.with(&[("seats", &taken.join(", "))]).into()));
        }
        Err(ClaimError::Store(e)) => return Err(e.into()),
    }
    let pnr = new_pnr()?;
    let ticket_id = new_id("ticket")?;
    let mut writes = Writes::new();
    bookings::insert(&mut writes, &booking, &seats)?;
    tickets::insert(&mut writes, &ticket_id, &pnr, &booking.id, now)?;
    // The ticket by SMS when the traveller gave a phone (issue 37).
    if !booking.phone.is_empty() {
        messages::queue(&mut writes, &messages::Topic::Ticket(&ticket_id), &booking.phone, now)?;
    }
    writes.run_in(&mut w.tx).await?;
    sqlx::query("INSERT INTO payments (tnx_id, gateway, amount, outcome, recorded_at) VALUES ($1, $2, $3, 'paid', $4)")
        .bind(&booking.tnx_id)
        .bind(sell.payment.method.as_str())
        .bind(booking.amount)
        .bind(now)
        .execute(&mut *w.tx)
        .await?;
    sqlx::query(
        "INSERT INTO counter_sales (booking_id, shift_id, counter_id, seller_id, method, reference, sold_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(&booking.id)
    .bind(&shift.id)
    .bind(&shift.counter_id)
    .bind(&staff.login.user_id)
    .bind(sell.payment.method.as_str())
    .bind(reference.as_deref())
    .bind(now)
    .execute(&mut *w.tx)
    .await?;
    // Sold once boarding has closed, it is sold on board (or at the gate): boarded.
    let closed: Option<i64> = sqlx::query_scalar("SELECT boarding_closed_at FROM trips WHERE id = $1")
        .bind(&trip.id)
        .fetch_one(&mut *w.tx)
        .await?;
    if closed.is_some() {
        let scan = crate::store::boarding::ScanRow {
            nonce: format!("sale-{}", booking.id),
            trip_id: trip.id.clone(),
            pnr: Some(pnr.clone()),
            device_id: None,
            scanned_at: now,
            outcome: "admitted".into(),
            reason: None,
            request: format!("{{\"soldOnBoard\":\"{}\"}}", booking.id),
        };
        crate::store::boarding::add_scan(&mut *w.tx, &scan, &trip.operator_id, &staff.login.user_id, now).await?;
    }
    let sold =
        Sold { pnr: &pnr, trip_id: &trip.id, seats: &seats, amount: booking.amount, method: sell.payment.method };
    w.finish(state, staff, Some(&trip.operator_id), &format!("ticket {pnr}"), None, Some(&sold)).await?;
    guard.committed();
    ticket(state, staff, &pnr).await
}

/// A sale as the audit log keeps it.
#[derive(Debug, serde::Serialize)]
#[serde(rename_all = "camelCase")]
struct Sold<'a> {
    pnr: &'a str,
    trip_id: &'a str,
    seats: &'a [String],
    amount: i64,
    method: PayMethod,
}

/// The name of the point chosen, or the first of the stop's (the ticket prints a place).
fn point_name(trip: &TripInfo, chosen: Option<&str>, stop: i64) -> Option<String> {
    let chosen = chosen.map(str::trim).filter(|c| !c.is_empty());
    trip.points
        .iter()
        .find(|p| chosen.is_some_and(|c| p.id == c || p.name == c))
        .or_else(|| trip.points.iter().find(|p| p.stop == stop))
        .map(|p| p.name.clone())
}

#[derive(Debug, sqlx::FromRow)]
struct TicketRead {
    ticket_id: String,
    booking_id: String,
    pnr: String,
    status: String,
    refund_amount: Option<i64>,
    no_show_at: Option<i64>,
    trip_id: String,
    service: String,
    from_stop: i64,
    to_stop: i64,
    boarding_point: Option<String>,
    passenger_name: String,
    amount: i64,
    operator_id: String,
    departs_at: i64,
    method: String,
    reference: Option<String>,
    counter_name: String,
    seller: Option<String>,
    sold_at: i64,
}

async fn read(state: &AppState, pnr: &str) -> Result<Option<TicketRead>, ApiError> {
    Ok(sqlx::query_as(
        "SELECT t.id AS ticket_id, b.id AS booking_id, t.pnr, t.status, t.refund_amount, t.no_show_at, b.trip_id, \
         b.service, \
         b.from_stop, b.to_stop, b.boarding_point, b.passenger_name, b.amount, tr.operator_id, tr.departs_at, \
         s.method, s.reference, c.name AS counter_name, u.phone AS seller, s.sold_at \
         FROM tickets t JOIN bookings b ON b.id = t.booking_id JOIN trips tr ON tr.id = b.trip_id \
         JOIN counter_sales s ON s.booking_id = b.id JOIN counters c ON c.id = s.counter_id \
         LEFT JOIN users u ON u.id = s.seller_id WHERE t.pnr = $1",
    )
    .bind(pnr.trim().to_ascii_uppercase())
    .fetch_optional(&state.pool)
    .await?)
}

/// A counter ticket of the caller's operators (another's is not found, as if it did not exist).
async fn reachable(state: &AppState, staff: &Staff, pnr: &str) -> Result<TicketRead, ApiError> {
    let row = read(state, pnr).await?.filter(|r| staff.reach.covers(Some(&r.operator_id)));
    row.ok_or_else(|| not_found("Counter ticket"))
}

/// A counter ticket of the caller's operators, as its receipt prints it.
pub async fn ticket(state: &AppState, staff: &Staff, pnr: &str) -> Result<CounterTicket, ApiError> {
    receipt(state, reachable(state, staff, pnr).await?).await
}

async fn receipt(state: &AppState, row: TicketRead) -> Result<CounterTicket, ApiError> {
    let names = tickets::trip_names(&state.pool, &row.trip_id, row.from_stop, row.to_stop).await?;
    let seats = bookings::seats(&state.pool, &row.booking_id).await?;
    let network = state.network.get(&state.pool).await?;
    let trip = TripInfo::find(&state.pool, &network, &row.trip_id).await?;
    let bn = row
        .boarding_point
        .as_deref()
        .and_then(|name| trip.points.iter().find(|p| p.name == name).and_then(|p| p.name_bn.clone()));
    let status = TicketStatus::parse(&row.status).unwrap_or(TicketStatus::Confirmed);
    let pass = boarding::TicketPass {
        pnr: &row.pnr,
        seats: &seats,
        from_stop: row.from_stop,
        to_stop: row.to_stop,
        status,
        no_show: row.no_show_at.is_some(),
    };
    let boarding_code = boarding::code(state, &network, &trip, &pass).await?;
    Ok(CounterTicket {
        qr_svg: crate::domain::totp::qr_svg(boarding_code.as_deref().unwrap_or(&row.pnr)).unwrap_or_default(),
        boarding_code,
        pnr: row.pnr,
        status,
        trip_id: row.trip_id,
        service: Service::parse(&row.service).unwrap_or(Service::Bus),
        operator_name: names.operator,
        route_name: format!("{} - {}", names.from_name, names.to_name),
        from: names.from_name,
        to: names.to_name,
        departs: departs_text(row.departs_at),
        vehicle: names.vehicle,
        seats,
        boarding_point: row.boarding_point,
        boarding_point_bn: bn,
        passenger_name: Some(row.passenger_name).filter(|n| !n.is_empty()),
        fare: row.amount,
        method: PayMethod::parse(&row.method).unwrap_or(PayMethod::Cash),
        reference: row.reference,
        counter_name: row.counter_name,
        seller: row.seller.map(|p| core_wasm::phone::masked(&p)).unwrap_or_default(),
        sold_at: row.sold_at,
        refund: row.refund_amount,
    })
}

/// The ticket id of a counter ticket of the caller's operators, by its PNR.
pub async fn ticket_id(state: &AppState, staff: &Staff, pnr: &str) -> Result<String, ApiError> {
    Ok(reachable(state, staff, pnr).await?.ticket_id)
}

/// `POST staff/counter/reprint`: the ticket again, the reprint logged (a second paper ticket
/// is worth knowing about).
pub async fn reprint(state: &AppState, staff: &Staff, pnr: &str) -> Result<CounterTicket, ApiError> {
    let row = reachable(state, staff, pnr).await?;
    let w = write::begin(state).await?;
    w.finish(state, staff, Some(&row.operator_id), &format!("reprint {}", row.pnr), None, None::<&()>).await?;
    receipt(state, row).await
}

/// The caller's open shift, whose drawer a refund of `row` comes from: one of the ticket's
/// operator (another's ticket is not found).
async fn drawer_for(w: &mut write::Write, staff: &Staff, row: &TicketRead) -> Result<OpenShift, ApiError> {
    let shift = shifts::open_of(&mut w.tx, &staff.login.user_id)
        .await?
        .ok_or_else(|| ApiError::Conflict(say::SHIFT_NONE.with(&[]).into()))?;
    if shift.operator_id != row.operator_id {
        return Err(not_found("Counter ticket"));
    }
    Ok(shift)
}

/// The cash of a counter ticket whose trip the operator cancelled, handed back from the
/// seller's drawer: once (the refund's row is the booking's), whoever asks again.
async fn pay_out_operator_refund(
    state: &AppState,
    staff: &Staff,
    row: TicketRead,
    refund: i64,
) -> Result<CounterTicket, ApiError> {
    let mut w = write::begin(state).await?;
    let shift = drawer_for(&mut w, staff, &row).await?;
    let paid = sqlx::query(
        "INSERT INTO counter_refunds (booking_id, shift_id, amount, method, refunded_at) VALUES ($1, $2, $3, $4, $5) \
         ON CONFLICT (booking_id) DO NOTHING",
    )
    .bind(&row.booking_id)
    .bind(&shift.id)
    .bind(refund)
    .bind(&row.method)
    .bind(now_unix_ms())
    .execute(&mut *w.tx)
    .await?;
    if paid.rows_affected() == 0 {
        w.tx.rollback().await?;
        return Err(write::conflict(say::TICKET_DONE, &[("pnr", &row.pnr), ("status", "refunded")]));
    }
    let after = serde_json::json!({"pnr": row.pnr, "refund": refund, "method": row.method, "tripCancelled": true});
    w.finish(state, staff, Some(&row.operator_id), &format!("ticket {}", row.pnr), None, Some(&after)).await?;
    ticket(state, staff, &row.pnr).await
}

/// `POST staff/counter/cancel`: a counter ticket cancelled at a counter, its refund by the
/// policy it was sold under (issue 37, the web's rule) handed back from the canceller's drawer:
/// the refund is their shift's. Its seats are free again at once. A ticket whose trip the
/// operator cancelled is already cancelled: its whole amount is handed back, once.
pub async fn cancel(state: &AppState, staff: &Staff, pnr: &str) -> Result<CounterTicket, ApiError> {
    let row = reachable(state, staff, pnr).await?;
    let sold = crate::domain::views::ticket(state, &row.ticket_id).await?;
    if sold.cancelled_by == Some(CancelledBy::Operator) {
        let refund = sold.payment_history.refund_amount.map_or(row.amount, |r| r as i64);
        return pay_out_operator_refund(state, staff, row, refund).await;
    }
    if row.status != TicketStatus::Confirmed.as_str() {
        return Err(write::conflict(say::TICKET_DONE, &[("pnr", &row.pnr), ("status", &row.status)]));
    }
    let now = now_unix_ms();
    let (_, refund) = crate::domain::tickets::cancel_amounts(&sold)?;
    let mut w = write::begin(state).await?;
    let shift = drawer_for(&mut w, staff, &row).await?;
    let guard = state.claims.writing(&row.trip_id);
    if !tickets::cancel(&mut *w.tx, &row.ticket_id, refund, CancelledBy::Counter, now).await? {
        w.tx.rollback().await?;
        return Err(write::conflict(say::TICKET_DONE, &[("pnr", &row.pnr), ("status", "cancelled")]));
    }
    inventory::release(&mut w.tx, &guard, &row.booking_id).await?;
    sqlx::query(
        "INSERT INTO counter_refunds (booking_id, shift_id, amount, method, refunded_at) VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(&row.booking_id)
    .bind(&shift.id)
    .bind(refund)
    .bind(&row.method)
    .bind(now)
    .execute(&mut *w.tx)
    .await?;
    let after = serde_json::json!({"pnr": row.pnr, "refund": refund, "method": row.method});
    w.finish(state, staff, Some(&row.operator_id), &format!("ticket {}", row.pnr), None, Some(&after)).await?;
    guard.committed();
    ticket(state, staff, &row.pnr).await
}
