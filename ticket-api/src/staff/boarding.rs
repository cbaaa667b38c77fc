//! Boarding (issue 36): a scan, a trip's manifest, boarding closed with its no-shows, and the
//! operators' boarding-code keys.
//!
//! Every scan is kept once per nonce (`boarding_scans`); which one boarded a ticket is never
//! stored but read: the earliest that admitted it (`core_wasm::boarding::first_scan`). So when
//! two devices admitted one ticket offline, the earlier scan boards and the later is flagged,
//! whatever order they upload in, and a repeated upload changes nothing. Scans are not in the
//! audit log (a trip has hundreds; the scans table is their log, with who and which device);
//! closing boarding and changing keys are.

use std::collections::HashMap;

use core_wasm::boarding::{self as rules, Verdict};
use core_wasm::contract::boarding::{
    BoardingClosed, BoardingCutoff, BoardingKey, BoardingKeys, BoardingScan, BoardingSettings, CloseBoarding,
    DeckCount, KeyChange, Manifest, ManifestPassenger, ManifestTrip, PackTicket, PassengerStatus, SaleChannel,
    ScanAnswer, ScanFlag, ScanReason, ScanResult, TripPack,
};
use core_wasm::phone::masked;
use core_wasm::staff::messages as say;
use core_wasm::time::DateTime;

use super::access::{Staff, not_found};
use super::counter::departs_text;
use super::devices;
use super::write;
use crate::AppState;
use crate::clock::now_unix_ms;
use crate::domain::boarding as codes;
use crate::domain::trip::TripInfo;
use crate::error::ApiError;
use crate::store::boarding::{self as store, KeyRow, ScanRow, TripBoarding};
use crate::store::claims::ClaimState;
use crate::store::inventory::{self, Claim, ClaimError};

/// How far ahead of the server's clock a scan's time may be (a phone's clock runs a little off).
const FUTURE_SLACK_MS: i64 = 5 * 60_000;

/// A trip of the caller's operators, with its boarding state (another's is not found).
async fn reachable_trip(state: &AppState, staff: &Staff, trip_id: &str) -> Result<TripBoarding, ApiError> {
    let trip = store::trip(&state.pool, trip_id.trim()).await?;
    trip.filter(|t| staff.reach.covers(Some(&t.operator_id))).ok_or_else(|| not_found("Trip"))
}

fn nonce_of(given: &str) -> Result<String, ApiError> {
    let nonce = given.trim();
    let fine =
        (8..=64).contains(&nonce.len()) && nonce.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    if fine { Ok(nonce.to_owned()) } else { Err(ApiError::bad(say::BOARDING_NONCE.with(&[]))) }
}

/// What a scan sent, by whom: the same nonce with anything else is another scan, refused.
fn fingerprint(scan: &BoardingScan, staff: &Staff) -> String {
    serde_json::json!({
        "tripId": scan.trip_id.trim(),
        "code": scan.code.as_deref().map(str::trim),
        "pnr": scan.pnr.as_deref().map(|p| p.trim().to_ascii_uppercase()),
        "scannedAt": scan.scanned_at,
        "deviceId": scan.device_id.as_deref().map(str::trim),
        "by": staff.login.user_id,
    })
    .to_string()
}

/// A confirmed-or-not ticket of the trip, as a scan shows it.
#[derive(Debug, sqlx::FromRow)]
struct ScannedTicket {
    status: String,
    no_show_at: Option<i64>,
    passenger_name: String,
    boarding_point: Option<String>,
    booking_id: String,
}

async fn ticket_on_trip(state: &AppState, trip_id: &str, pnr: &str) -> Result<Option<ScannedTicket>, ApiError> {
    Ok(sqlx::query_as(
        "SELECT t.status, t.no_show_at, b.passenger_name, b.boarding_point, b.id AS booking_id \
         FROM tickets t JOIN bookings b ON b.id = t.booking_id WHERE t.pnr = $1 AND b.trip_id = $2",
    )
    .bind(pnr)
    .bind(trip_id)
    .fetch_optional(&state.pool)
    .await?)
}

/// The verdict on a scan, from the code (or the PNR typed) and the store: the ticket's PNR when
/// one was named, and the reason when it does not board.
async fn judge(
    state: &AppState,
    trip_id: &str,
    trip: &TripBoarding,
    scan: &BoardingScan,
) -> Result<(Option<String>, Option<ScanReason>), ApiError> {
    let pnr = match (scan.code.as_deref().map(str::trim), scan.pnr.as_deref().map(str::trim)) {
        (Some(code), None) if !code.is_empty() => {
            let keys = codes::public_keys(state, &trip.operator_id).await?;
            let revoked = store::revoked_only(&state.pool, trip_id).await?;
            match rules::verify(code, &keys, &revoked, trip_id, scan.scanned_at) {
                Verdict::Valid { pass } => pass.pnr,
                Verdict::Refused { reason } => return Ok((None, Some(reason.into()))),
            }
        }
        (None, Some(pnr)) if !pnr.is_empty() => pnr.to_ascii_uppercase(),
        _ => return Err(ApiError::bad(say::BOARDING_CODE_OR_PNR.with(&[]))),
    };
    let Some(ticket) = ticket_on_trip(state, trip_id, &pnr).await? else {
        // A typed PNR of no ticket here (a signed code's PNR is always one).
        return Ok((Some(pnr), Some(ScanReason::NotFound)));
    };
    if ticket.status != "confirmed" {
        return Ok((Some(pnr), Some(ScanReason::Revoked)));
    }
    // A no-show scanned before boarding closed (uploaded late) did board.
    let closed_before = trip.boarding_closed_at.is_some_and(|closed| scan.scanned_at >= closed);
    if ticket.no_show_at.is_some() && closed_before {
        return Ok((Some(pnr), Some(ScanReason::NoShow)));
    }
    Ok((Some(pnr), None))
}

/// The answer to a recorded scan, as things stand (a later upload of an earlier scan turns a
/// `boarded` into a `duplicate`).
async fn answer(state: &AppState, row: &ScanRow) -> Result<ScanAnswer, ApiError> {
    let reason = row.reason.as_deref().and_then(ScanReason::parse);
    let mut answer = ScanAnswer {
        result: ScanResult::Refused,
        reason,
        pnr: row.pnr.clone(),
        seats: Vec::new(),
        passenger_name: None,
        boarding_point: None,
        boarded_at: None,
        boarded_by: None,
    };
    let Some(pnr) = row.pnr.as_deref() else { return Ok(answer) };
    if let Some(ticket) = ticket_on_trip(state, &row.trip_id, pnr).await? {
        answer.seats = crate::store::bookings::seats(&state.pool, &ticket.booking_id).await?;
        answer.passenger_name = Some(ticket.passenger_name).filter(|n| !n.is_empty());
        answer.boarding_point = ticket.boarding_point;
    }
    if row.outcome == "admitted" {
        let admitted = store::admissions(&state.pool, &row.trip_id, pnr).await?;
        if let Some(first) = rules::first_scan(&admitted, |s| (s.scanned_at, s.nonce.as_str())) {
            answer.result = if first.nonce == row.nonce { ScanResult::Boarded } else { ScanResult::Duplicate };
            answer.boarded_at = Some(first.scanned_at);
            answer.boarded_by = first.device_id.clone();
        }
    }
    Ok(answer)
}

/// `POST staff/boarding/scan`; `device_key` is the `Device-Key` header, needed with a `deviceId`.
pub async fn scan(
    state: &AppState,
    staff: &Staff,
    scan: &BoardingScan,
    device_key: Option<&str>,
) -> Result<ScanAnswer, ApiError> {
    let nonce = nonce_of(&scan.nonce)?;
    let trip_id = scan.trip_id.trim();
    let trip = reachable_trip(state, staff, trip_id).await?;
    let now = now_unix_ms();
    if scan.scanned_at > now + FUTURE_SLACK_MS {
        return Err(ApiError::bad(say::BOARDING_FUTURE.with(&[])));
    }
    let device_id = scan.device_id.as_deref().map(str::trim).filter(|d| !d.is_empty());
    if let Some(device) = device_id {
        // An upload names its device; the device proves it is that one, still enrolled.
        if devices::proven(state, &trip.operator_id, device_key).await? != device {
            return Err(ApiError::Forbidden(say::DEVICE_KEY.with(&[]).into()));
        }
    }
    let request = fingerprint(scan, staff);
    if let Some(seen) = store::scan(&state.pool, &nonce).await? {
        return repeated(state, &seen, &request).await;
    }
    let (pnr, reason) = judge(state, trip_id, &trip, scan).await?;
    let row = ScanRow {
        nonce: nonce.clone(),
        trip_id: trip_id.to_owned(),
        pnr,
        device_id: device_id.map(str::to_owned),
        scanned_at: scan.scanned_at,
        outcome: if reason.is_none() { "admitted" } else { "refused" }.to_owned(),
        reason: reason.map(|r| r.as_str().to_owned()),
        request,
    };
    if !store::add_scan(&state.pool, &row, &trip.operator_id, &staff.login.user_id, now).await? {
        // The same nonce arrived twice at once: the other one recorded it.
        let seen = store::scan(&state.pool, &nonce).await?.ok_or_else(|| ApiError::Internal("scan vanished".into()))?;
        return repeated(state, &seen, &row.request).await;
    }
    answer(state, &row).await
}

/// A nonce seen before: the same scan again is answered as it stands; anything else is refused.
async fn repeated(state: &AppState, seen: &ScanRow, request: &str) -> Result<ScanAnswer, ApiError> {
    if seen.request != request {
        return Err(ApiError::Conflict(say::BOARDING_NONCE_USED.with(&[]).into()));
    }
    answer(state, seen).await
}

/// A manifest line as read: a ticket with one of its seats.
#[derive(Debug, sqlx::FromRow)]
struct ManifestRow {
    pnr: String,
    no_show_at: Option<i64>,
    passenger_name: String,
    phone: String,
    boarding_point: Option<String>,
    dropping_point: Option<String>,
    amount: i64,
    at_counter: Option<i64>,
    seat_no: Option<String>,
}

/// `GET staff/boarding/manifest/{id}`.
pub async fn manifest(state: &AppState, staff: &Staff, trip_id: &str) -> Result<Manifest, ApiError> {
    let trip_id = trip_id.trim();
    let boarding = reachable_trip(state, staff, trip_id).await?;
    let network = state.network.get(&state.pool).await?;
    let trip = TripInfo::find(&state.pool, &network, trip_id).await?;
    let last = trip.stops.len().saturating_sub(1) as i64;
    let names = crate::store::tickets::trip_names(&state.pool, trip_id, 0, last).await?;
    let rows: Vec<ManifestRow> = sqlx::query_as(
        "SELECT t.pnr, t.no_show_at, b.passenger_name, b.phone, b.boarding_point, b.dropping_point, b.amount, \
         (SELECT 1 FROM counter_sales cs WHERE cs.booking_id = b.id) AS at_counter, s.seat_no \
         FROM tickets t JOIN bookings b ON b.id = t.booking_id LEFT JOIN booking_seats s ON s.booking_id = b.id \
         WHERE b.trip_id = $1 AND t.status = 'confirmed' ORDER BY t.pnr, s.ordinal",
    )
    .bind(trip_id)
    .fetch_all(&state.pool)
    .await?;
    let mut admitted: HashMap<String, Vec<ScanRow>> = HashMap::new();
    for scan in store::trip_admissions(&state.pool, trip_id).await? {
        if let Some(pnr) = scan.pnr.clone() {
            admitted.entry(pnr).or_default().push(scan);
        }
    }
    let mut passengers: Vec<ManifestPassenger> = Vec::new();
    for row in rows {
        if let Some(last) = passengers.last_mut().filter(|p| p.pnr == row.pnr) {
            last.seats.extend(row.seat_no);
            continue;
        }
        let scans = admitted.get(&row.pnr).map(Vec::as_slice).unwrap_or_default();
        let first = rules::first_scan(scans, |s| (s.scanned_at, s.nonce.as_str()));
        let mut flags: Vec<ScanFlag> = scans
            .iter()
            .filter(|s| first.is_some_and(|f| f.nonce != s.nonce))
            .map(|s| ScanFlag { device_id: s.device_id.clone(), scanned_at: s.scanned_at })
            .collect();
        flags.sort_by_key(|f| f.scanned_at);
        let status = match (first, row.no_show_at) {
            (Some(_), _) => PassengerStatus::Boarded,
            (None, Some(_)) => PassengerStatus::NoShow,
            (None, None) => PassengerStatus::Booked,
        };
        passengers.push(ManifestPassenger {
            pnr: row.pnr,
            seats: row.seat_no.into_iter().collect(),
            passenger_name: row.passenger_name,
            phone: masked(&row.phone),
            boarding_point: row.boarding_point,
            dropping_point: row.dropping_point,
            channel: if row.at_counter.is_some() { SaleChannel::Counter } else { SaleChannel::Web },
            paid: row.amount,
            status,
            boarded_at: first.map(|f| f.scanned_at),
            boarded_by: first.and_then(|f| f.device_id.clone()),
            flags,
        });
    }
    // In the coach's order, as a conductor walks it.
    let order = codes::seat_order(&network, &trip);
    let position =
        |p: &ManifestPassenger| p.seats.first().and_then(|s| order.binary_search(s).ok()).unwrap_or(usize::MAX);
    passengers.sort_by_key(|p| (position(p), p.pnr.clone()));
    let layout = trip.seats(&network);
    let mut decks: Vec<DeckCount> = Vec::new();
    for seat in layout {
        let deck = match decks.iter_mut().find(|d| d.deck == seat.deck_name) {
            Some(deck) => deck,
            None => {
                decks.push(DeckCount { deck: seat.deck_name.clone(), capacity: 0, booked: 0, boarded: 0 });
                decks.last_mut().ok_or_else(|| ApiError::Internal("deck".into()))?
            }
        };
        deck.capacity += 1;
        let on = passengers.iter().find(|p| p.seats.contains(&seat.seat_no) && p.status != PassengerStatus::NoShow);
        deck.booked += i64::from(on.is_some());
        deck.boarded += i64::from(on.is_some_and(|p| p.status == PassengerStatus::Boarded));
    }
    let count = |status| passengers.iter().filter(|p| p.status == status).count() as i64;
    Ok(Manifest {
        trip: ManifestTrip {
            id: trip.id.clone(),
            service: trip.service,
            operator_name: names.operator,
            route_name: format!("{} - {}", names.from_name, names.to_name),
            departs: departs_text(trip.departs_at),
            vehicle: format!("{} ({})", names.vehicle, names.bus_class),
            capacity: layout.len() as i64,
            boarding_closed_at: boarding.boarding_closed_at,
            cutoff_minutes: boarding.cutoff_minutes.unwrap_or(rules::DEFAULT_CUTOFF_MINUTES),
        },
        booked: count(PassengerStatus::Booked) + count(PassengerStatus::Boarded),
        boarded: count(PassengerStatus::Boarded),
        no_shows: count(PassengerStatus::NoShow),
        passengers,
        decks,
    })
}

/// The manifest as CSV: a line per ticket, for a spreadsheet or a printer at the ghat.
pub fn manifest_csv(manifest: &Manifest) -> Result<String, ApiError> {
    let fail = |e: &dyn std::fmt::Display| ApiError::Internal(format!("writing the manifest CSV: {e}"));
    let mut w = ::csv::WriterBuilder::new().from_writer(Vec::new());
    w.write_record([
        "seats",
        "pnr",
        "passenger",
        "phone",
        "boarding",
        "dropping",
        "channel",
        "paid",
        "status",
        "flags",
    ])
    .map_err(|e| fail(&e))?;
    for p in &manifest.passengers {
        let cells = [
            p.seats.join(" "),
            p.pnr.clone(),
            p.passenger_name.clone(),
            p.phone.clone(),
            p.boarding_point.clone().unwrap_or_default(),
            p.dropping_point.clone().unwrap_or_default(),
            p.channel.as_str().to_owned(),
            p.paid.to_string(),
            p.status.as_str().to_owned(),
            p.flags.len().to_string(),
        ];
        w.write_record(cells.iter().map(|c| super::csv::guard(c))).map_err(|e| fail(&e))?;
    }
    let bytes = w.into_inner().map_err(|e| fail(&e))?;
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

/// A no-show's booking: its seats and legs.
#[derive(Debug, sqlx::FromRow)]
struct NoShowBooking {
    ticket_id: String,
    booking_id: String,
    from_stop: i64,
    to_stop: i64,
}

/// `POST staff/boarding/close`: at the operator's cut-off; once (a second close answers what the
/// first did).
pub async fn close(state: &AppState, staff: &Staff, body: &CloseBoarding) -> Result<BoardingClosed, ApiError> {
    let trip_id = body.trip_id.trim();
    let trip = reachable_trip(state, staff, trip_id).await?;
    let cutoff = trip.cutoff_minutes.unwrap_or(rules::DEFAULT_CUTOFF_MINUTES);
    let closes = DateTime::from_epoch_minutes(trip.departs_at - cutoff);
    let now = now_unix_ms();
    if trip.boarding_closed_at.is_none() && now < closes.dhaka_unix_ms() {
        let time = closes.clock_12h();
        return Err(ApiError::bad(say::BOARDING_TOO_EARLY.with(&[("time", &time), ("minutes", &cutoff.to_string())])));
    }
    let mut w = write::begin(state).await?;
    let guard = state.claims.writing(trip_id);
    if store::close(&mut *w.tx, trip_id, now).await? {
        let unboarded: Vec<NoShowBooking> = sqlx::query_as(
            "SELECT t.id AS ticket_id, b.id AS booking_id, b.from_stop, b.to_stop FROM tickets t \
             JOIN bookings b ON b.id = t.booking_id WHERE b.trip_id = $1 AND t.status = 'confirmed' \
             AND t.no_show_at IS NULL AND NOT EXISTS (SELECT 1 FROM boarding_scans s WHERE s.trip_id = b.trip_id \
             AND s.pnr = t.pnr AND s.outcome = 'admitted') ORDER BY t.pnr",
        )
        .bind(trip_id)
        .fetch_all(&mut *w.tx)
        .await?;
        for booking in &unboarded {
            store::mark_no_show(&mut *w.tx, &booking.ticket_id, now).await?;
            let seats = crate::store::bookings::seats(&mut *w.tx, &booking.booking_id).await?;
            inventory::release(&mut w.tx, &guard, &booking.booking_id).await?;
            // The seats are the counter's (or the conductor's) to sell again, never the
            // website's: held back for counters in the same transaction, so no web claim can
            // take them in between.
            let block = crate::ids::new_id("block")?;
            sqlx::query(
                "INSERT INTO seat_blocks (id, operator_id, trip_id, seats, channel, created_at) \
                 VALUES ($1, $2, $3, $4, 'counter', $5)",
            )
            .bind(&block)
            .bind(&trip.operator_id)
            .bind(trip_id)
            .bind(seats.join(","))
            .bind(now)
            .execute(&mut *w.tx)
            .await?;
            let claim = Claim {
                seats: &seats,
                from_stop: booking.from_stop,
                to_stop: booking.to_stop,
                claim_id: &block,
                state: ClaimState::Blocked,
                expires_at: None,
            };
            match inventory::insert(&mut w.tx, &guard, &claim).await {
                Ok(()) => {}
                Err(ClaimError::Taken(_)) => {
                    return Err(ApiError::Internal("a no-show's seat was claimed under the close".into()));
                }
                Err(ClaimError::Store(e)) => return Err(e.into()),
            }
        }
        w.finish(state, staff, Some(&trip.operator_id), &format!("boarding {trip_id}"), None, Some(&unboarded.len()))
            .await?;
        guard.committed();
    } else {
        w.tx.rollback().await?;
    }
    closed(state, trip_id).await
}

/// What closing boarding did, as it stands.
async fn closed(state: &AppState, trip_id: &str) -> Result<BoardingClosed, ApiError> {
    let trip = store::trip(&state.pool, trip_id).await?.ok_or_else(|| not_found("Trip"))?;
    let (boarded, no_shows): (i64, i64) = sqlx::query_as(
        "SELECT \
         (SELECT COUNT(DISTINCT s.pnr) FROM boarding_scans s WHERE s.trip_id = $1 AND s.outcome = 'admitted'), \
         (SELECT COUNT(*) FROM tickets t JOIN bookings b ON b.id = t.booking_id WHERE b.trip_id = $1 \
            AND t.no_show_at IS NOT NULL)",
    )
    .bind(trip_id)
    .fetch_one(&state.pool)
    .await?;
    let freed: Vec<String> = sqlx::query_scalar(
        "SELECT s.seat_no FROM tickets t JOIN bookings b ON b.id = t.booking_id \
         JOIN booking_seats s ON s.booking_id = b.id WHERE b.trip_id = $1 AND t.no_show_at IS NOT NULL \
         ORDER BY s.seat_no",
    )
    .bind(trip_id)
    .fetch_all(&state.pool)
    .await?;
    Ok(BoardingClosed {
        trip_id: trip_id.to_owned(),
        closed_at: trip.boarding_closed_at.unwrap_or_default(),
        boarded,
        no_shows,
        freed_seats: freed,
    })
}

fn key_of(row: KeyRow, signing: Option<u8>) -> BoardingKey {
    let key_id = u8::try_from(row.key_id).unwrap_or(u8::MAX);
    BoardingKey {
        operator_id: row.operator_id,
        key_id,
        public_key: row.public_key,
        created_at: row.created_at,
        retired_at: row.retired_at,
        signing: signing == Some(key_id),
    }
}

/// The operators a keys call covers.
fn key_operators(staff: &Staff, network: &crate::domain::network::Network) -> Vec<String> {
    let mut ops: Vec<String> =
        network.operators.keys().filter(|op| staff.reach.covers(Some(op.as_str()))).cloned().collect();
    ops.sort();
    ops
}

/// `GET staff/boarding/keys`.
pub async fn keys(state: &AppState, staff: &Staff) -> Result<BoardingKeys, ApiError> {
    let network = state.network.get(&state.pool).await?;
    let mut keys = Vec::new();
    for op in key_operators(staff, &network) {
        let rows = store::keys(&state.pool, &op).await?;
        if rows.is_empty() {
            continue;
        }
        let signing = codes::signing_key(state, &op).await?.key_id;
        // Read again only if signing had to add a key (a new secret): the list shows it.
        let rows = if rows.iter().any(|r| r.key_id == i64::from(signing)) {
            rows
        } else {
            store::keys(&state.pool, &op).await?
        };
        keys.extend(rows.into_iter().map(|r| key_of(r, Some(signing))));
    }
    Ok(BoardingKeys { keys })
}

/// `POST staff/boarding/keys/rotate`.
pub async fn rotate(state: &AppState, staff: &Staff, body: &KeyChange) -> Result<BoardingKey, ApiError> {
    let op = staff.operator_for(body.operator_id.as_deref())?.ok_or_else(|| not_found("Operator"))?;
    let row = codes::add_key(state, &op).await?;
    let w = write::begin(state).await?;
    let key = key_of(row, None);
    w.finish(state, staff, Some(&op), &format!("boarding key {}", key.key_id), None, Some(&key)).await?;
    Ok(BoardingKey { signing: true, ..key })
}

/// `POST staff/boarding/keys/retire`: refused for the key that signs now (rotate first), so a
/// ticket shown a moment later never carries a code no scanner accepts.
pub async fn retire(state: &AppState, staff: &Staff, body: &KeyChange) -> Result<BoardingKey, ApiError> {
    let op = staff.operator_for(body.operator_id.as_deref())?.ok_or_else(|| not_found("Operator"))?;
    let key_id = body.key_id.ok_or_else(|| ApiError::bad(say::REQUIRED.with(&[("field", "keyId")])))?;
    let signing = codes::signing_key(state, &op).await?.key_id;
    if signing == key_id {
        return Err(ApiError::Conflict(say::BOARDING_KEY_SIGNING.with(&[("key", &key_id.to_string())]).into()));
    }
    let mut w = write::begin(state).await?;
    if !store::retire_key(&mut *w.tx, &op, i64::from(key_id), now_unix_ms()).await? {
        return Err(not_found("Key"));
    }
    w.finish(state, staff, Some(&op), &format!("boarding key {key_id}"), None, Some(&"retired")).await?;
    state.boarding_keys.forget(&op);
    let row = store::keys(&state.pool, &op).await?.into_iter().find(|r| r.key_id == i64::from(key_id));
    row.map(|r| key_of(r, Some(signing))).ok_or_else(|| not_found("Key"))
}

/// `GET staff/boarding/pack/{id}`: for an enrolled device of the trip's operator only.
pub async fn pack(
    state: &AppState,
    staff: &Staff,
    trip_id: &str,
    device_key: Option<&str>,
) -> Result<TripPack, ApiError> {
    let trip_id = trip_id.trim();
    let boarding = reachable_trip(state, staff, trip_id).await?;
    devices::proven(state, &boarding.operator_id, device_key).await?;
    // The key that signs now is among those the pack carries, even before any ticket was shown.
    codes::signing_key(state, &boarding.operator_id).await?;
    let manifest = manifest(state, staff, trip_id).await?;
    let network = state.network.get(&state.pool).await?;
    let trip = TripInfo::find(&state.pool, &network, trip_id).await?;
    Ok(TripPack {
        keys: codes::public_keys(state, &boarding.operator_id).await?,
        revoked: store::revoked(&state.pool, trip_id).await?,
        seat_order: codes::seat_order(&network, &trip),
        tickets: manifest
            .passengers
            .into_iter()
            .map(|p| PackTicket {
                pnr: p.pnr,
                seats: p.seats,
                passenger_name: p.passenger_name,
                boarding_point: p.boarding_point,
                status: p.status,
            })
            .collect(),
        trip: manifest.trip,
        made_at: now_unix_ms(),
    })
}

/// `GET staff/boarding/settings`.
pub async fn settings(state: &AppState, staff: &Staff) -> Result<BoardingSettings, ApiError> {
    let rows: Vec<(String, Option<i64>)> =
        sqlx::query_as("SELECT id, boarding_cutoff_minutes FROM operators ORDER BY id").fetch_all(&state.pool).await?;
    let operators = rows
        .into_iter()
        .filter(|(op, _)| staff.reach.covers(Some(op)))
        .map(|(op, minutes)| BoardingCutoff {
            operator_id: Some(op),
            cutoff_minutes: minutes.unwrap_or(rules::DEFAULT_CUTOFF_MINUTES),
        })
        .collect();
    Ok(BoardingSettings { operators })
}

/// `POST staff/boarding/settings`.
pub async fn save_cutoff(state: &AppState, staff: &Staff, given: &BoardingCutoff) -> Result<BoardingCutoff, ApiError> {
    let op = staff.operator_for(given.operator_id.as_deref())?.ok_or_else(|| not_found("Operator"))?;
    if !(0..=rules::MAX_CUTOFF_MINUTES).contains(&given.cutoff_minutes) {
        let detail = format!("0 to {} minutes", rules::MAX_CUTOFF_MINUTES);
        return Err(ApiError::bad(say::INVALID.with(&[("field", "cutoffMinutes"), ("detail", &detail)])));
    }
    let mut w = write::begin(state).await?;
    let before: Option<Option<i64>> = sqlx::query_scalar("SELECT boarding_cutoff_minutes FROM operators WHERE id = $1")
        .bind(&op)
        .fetch_optional(&mut *w.tx)
        .await?;
    let Some(before) = before else { return Err(not_found("Operator")) };
    sqlx::query("UPDATE operators SET boarding_cutoff_minutes = $1 WHERE id = $2")
        .bind(given.cutoff_minutes)
        .bind(&op)
        .execute(&mut *w.tx)
        .await?;
    let after = BoardingCutoff { operator_id: Some(op.clone()), cutoff_minutes: given.cutoff_minutes };
    let before = BoardingCutoff {
        operator_id: Some(op.clone()),
        cutoff_minutes: before.unwrap_or(rules::DEFAULT_CUTOFF_MINUTES),
    };
    w.finish(state, staff, Some(&op), &format!("operator {op}"), Some(&before), Some(&after)).await?;
    Ok(after)
}
