//! Boarding codes (issue 36): each operator's signing keys and a ticket's signed code.
//!
//! A key's secret is never stored: it is HMAC-SHA-256 of the server's token secret over the
//! operator and the key's random salt, so the database alone signs nothing, and every process
//! behind a load balancer (sharing the token secret) derives the same secret. The store keeps
//! the salt and the public key. A process whose token secret does not give a stored key's public
//! key (a demo restarted with a random secret) cannot sign with it: it adds a new key, and codes
//! already printed keep verifying with the old one until a manager retires it.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use core_wasm::boarding::{self, BoardingPass};
use core_wasm::contract::tickets::TicketStatus;
use hmac::{Hmac, Mac};
use sha2::Sha256;

use crate::AppState;
use crate::clock::now_unix_ms;
use crate::domain::network::Network;
use crate::domain::trip::TripInfo;
use crate::error::ApiError;
use crate::ids::{hex, random_bytes};
use crate::store::boarding::{self as store, KeyRow};

/// How long a process signs with the key it last read before reading again (a key rotated by
/// another process is used here within this; codes of either verify meanwhile).
const KEY_CACHE: Duration = Duration::from_secs(60);

/// A key this process can sign with.
#[derive(Clone)]
pub struct SigningKey {
    pub key_id: u8,
    secret: String,
}

/// The signing key of each operator, as last read.
#[derive(Default)]
pub struct KeyCache {
    keys: Mutex<HashMap<String, (SigningKey, Instant)>>,
}

impl std::fmt::Debug for SigningKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "SigningKey({}, ..)", self.key_id)
    }
}

impl std::fmt::Debug for KeyCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("KeyCache(..)")
    }
}

impl KeyCache {
    fn get(&self, operator_id: &str) -> Option<SigningKey> {
        let keys = self.keys.lock().ok()?;
        keys.get(operator_id).filter(|(_, at)| at.elapsed() < KEY_CACHE).map(|(key, _)| key.clone())
    }

    fn put(&self, operator_id: &str, key: SigningKey) {
        if let Ok(mut keys) = self.keys.lock() {
            keys.insert(operator_id.to_owned(), (key, Instant::now()));
        }
    }

    /// Reads the operator's keys again at the next signature (after a rotation or retirement).
    pub fn forget(&self, operator_id: &str) {
        if let Ok(mut keys) = self.keys.lock() {
            keys.remove(operator_id);
        }
    }
}

/// The secret (hex) of a key of `operator_id` with `salt`, under the server's token secret.
fn derive(token_secret: &[u8], operator_id: &str, salt: &str) -> Option<String> {
    let mut mac = Hmac::<Sha256>::new_from_slice(token_secret).ok()?;
    mac.update(b"boarding key\0");
    mac.update(operator_id.as_bytes());
    mac.update(b"\0");
    mac.update(salt.as_bytes());
    Some(hex(&mac.finalize().into_bytes()))
}

/// The newest unretired key whose secret this process derives.
fn usable(state: &AppState, rows: &[KeyRow]) -> Option<SigningKey> {
    rows.iter().filter(|r| r.retired_at.is_none()).find_map(|row| {
        let secret = derive(&state.config.token_secret, &row.operator_id, &row.salt)?;
        let key_id = u8::try_from(row.key_id).ok()?;
        (boarding::public_key(&secret)? == row.public_key).then_some(SigningKey { key_id, secret })
    })
}

/// The id a new key takes: the first never used, else the oldest retired one's (dropped).
fn next_key_id(rows: &[KeyRow]) -> Option<(i64, bool)> {
    if let Some(free) = (0..=255).find(|id| rows.iter().all(|r| r.key_id != *id)) {
        return Some((free, false));
    }
    rows.iter().filter(|r| r.retired_at.is_some()).min_by_key(|r| r.retired_at).map(|r| (r.key_id, true))
}

/// Adds a new key for the operator (it signs from now on; the others still verify).
pub async fn add_key(state: &AppState, operator_id: &str) -> Result<KeyRow, ApiError> {
    // Two processes adding at once take different ids, or one retries with the next.
    for _ in 0..4 {
        let rows = store::keys(&state.pool, operator_id).await?;
        if let Some(row) = try_add_key(state, operator_id, &rows).await? {
            return Ok(row);
        }
    }
    Err(ApiError::Internal("boarding key: ids kept colliding".into()))
}

/// One try at a new key after `rows`: none when another took its id meanwhile.
async fn try_add_key(state: &AppState, operator_id: &str, rows: &[KeyRow]) -> Result<Option<KeyRow>, ApiError> {
    let Some((key_id, reuse)) = next_key_id(rows) else {
        return Err(ApiError::Conflict(core_wasm::staff::messages::BOARDING_KEYS_FULL.with(&[]).into()));
    };
    if reuse {
        store::drop_retired_key(&state.pool, operator_id, key_id).await?;
    }
    let salt = hex(&random_bytes::<16>()?);
    let secret = derive(&state.config.token_secret, operator_id, &salt)
        .ok_or_else(|| ApiError::Internal("boarding key: no token secret".into()))?;
    let public_key =
        boarding::public_key(&secret).ok_or_else(|| ApiError::Internal("boarding key: bad secret".into()))?;
    let row = KeyRow {
        operator_id: operator_id.to_owned(),
        key_id,
        salt,
        public_key,
        created_at: now_unix_ms(),
        retired_at: None,
    };
    if !store::add_key(&state.pool, &row).await? {
        return Ok(None);
    }
    state.boarding_keys.forget(operator_id);
    Ok(Some(row))
}

/// The key the operator's codes are signed with now, made on first use: once, however many
/// sales race to it (issue 38's rush found a hundred first tickets of one operator each adding a
/// key, and some failing): a sale that loses the race signs with the key that won.
pub async fn signing_key(state: &AppState, operator_id: &str) -> Result<SigningKey, ApiError> {
    if let Some(key) = state.boarding_keys.get(operator_id) {
        return Ok(key);
    }
    let mut rows = store::keys(&state.pool, operator_id).await?;
    for _ in 0..8 {
        if let Some(key) = usable(state, &rows) {
            state.boarding_keys.put(operator_id, key.clone());
            return Ok(key);
        }
        try_add_key(state, operator_id, &rows).await?;
        rows = store::keys(&state.pool, operator_id).await?;
    }
    Err(ApiError::Internal("boarding key: none usable".into()))
}

/// The public keys a scanner of the operator's trips verifies with: every unretired key.
pub async fn public_keys(state: &AppState, operator_id: &str) -> Result<Vec<boarding::PublicKey>, ApiError> {
    Ok(store::keys(&state.pool, operator_id)
        .await?
        .into_iter()
        .filter(|r| r.retired_at.is_none())
        .filter_map(|r| Some(boarding::PublicKey { key_id: u8::try_from(r.key_id).ok()?, key: r.public_key }))
        .collect())
}

/// A trip's seat labels in the order a pass counts positions in.
pub(crate) fn seat_order(network: &Network, trip: &TripInfo) -> Vec<String> {
    let seats = network.layout_seats.get(&trip.layout_id).map(Vec::as_slice).unwrap_or_default();
    boarding::seat_order(seats.iter().map(|s| s.seat_no.clone()))
}

/// What a ticket's code says: its PNR, trip, seats, legs and boarding window.
#[derive(Debug)]
pub struct TicketPass<'a> {
    pub pnr: &'a str,
    pub seats: &'a [String],
    pub from_stop: i64,
    pub to_stop: i64,
    pub status: TicketStatus,
    pub no_show: bool,
}

/// The ticket's boarding code; none for a ticket that does not board (cancelled, refunded, a
/// no-show): such a ticket is never given a new valid code.
pub(crate) async fn code(
    state: &AppState,
    network: &Network,
    trip: &TripInfo,
    ticket: &TicketPass<'_>,
) -> Result<Option<String>, ApiError> {
    if ticket.status != TicketStatus::Confirmed || ticket.no_show {
        return Ok(None);
    }
    let order = seat_order(network, trip);
    let seats = boarding::positions(&order, ticket.seats)
        .ok_or_else(|| ApiError::Internal(format!("ticket {}: a seat not in its layout", ticket.pnr)))?;
    let departs = core_wasm::time::DateTime::from_epoch_minutes(trip.departs_at + trip.stop_offset(ticket.from_stop));
    let (valid_from, valid_until) = boarding::window(departs.dhaka_unix_ms());
    let key = signing_key(state, &trip.operator_id).await?;
    let pass = BoardingPass {
        pnr: ticket.pnr.to_owned(),
        trip_id: trip.id.clone(),
        seats,
        from_stop: u8::try_from(ticket.from_stop).unwrap_or(u8::MAX),
        to_stop: u8::try_from(ticket.to_stop).unwrap_or(u8::MAX),
        valid_from,
        valid_until,
        key_id: key.key_id,
    };
    boarding::sign(&pass, &key.secret)
        .map(Some)
        .map_err(|e| ApiError::Internal(format!("ticket {}: boarding code: {e:?}", ticket.pnr)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(key_id: i64, retired_at: Option<i64>) -> KeyRow {
        KeyRow {
            operator_id: "op".into(),
            key_id,
            salt: String::new(),
            public_key: String::new(),
            created_at: 0,
            retired_at,
        }
    }

    #[test]
    fn a_new_key_takes_the_first_free_id_then_the_oldest_retired() {
        assert_eq!(next_key_id(&[]), Some((0, false)));
        assert_eq!(next_key_id(&[row(0, None), row(2, None)]), Some((1, false)));
        let full: Vec<KeyRow> = (0..=255).map(|id| row(id, (id % 2 == 1).then_some(1000 - id))).collect();
        assert_eq!(next_key_id(&full), Some((255, true)));
        let live: Vec<KeyRow> = (0..=255).map(|id| row(id, None)).collect();
        assert_eq!(next_key_id(&live), None);
    }

    #[test]
    fn secrets_depend_on_the_server_secret_the_operator_and_the_salt() {
        let a = derive(b"server secret", "op-hanif", "salt").unwrap();
        assert_eq!(a.len(), 64);
        assert_ne!(a, derive(b"other secret", "op-hanif", "salt").unwrap());
        assert_ne!(a, derive(b"server secret", "op-green", "salt").unwrap());
        assert_ne!(a, derive(b"server secret", "op-hanif", "salt2").unwrap());
    }
}
