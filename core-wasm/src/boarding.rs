//! A ticket's boarding code (issue 36): what a supervisor's phone verifies with no network. The
//! code is a compact binary pass (the ticket's PNR, its trip, seats and legs, when it may board,
//! the signing key's id) with an Ed25519 signature, written in base45 so a QR code holds it in
//! its alphanumeric mode, at most [`MAX_CODE_CHARS`] characters. The server signs with an
//! operator's key; the scanner verifies with the operator's public keys (several at once while
//! keys rotate) and the trip pack's revocation list, the same Rust natively and through wasm.
//!
//! The pass, byte by byte (big-endian): version (1), key id (1), PNR (5: eight characters of
//! the PNR alphabet, 5 bits each), trip tag (4: the first bytes of the SHA-256 of the trip's id;
//! the signature covers it, so a tag that matches by chance still needs a real signature), from
//! and to stop (1 each), valid from (3: minutes since [`EPOCH_MINUTE`]), valid for (2: minutes),
//! then the seats (a count in 8 bits, then each seat's position in the trip's layout in 12 bits,
//! the layout's labels in [`seat_order`]). Positions, not labels: a launch's labels run to ten
//! characters ("S_CHAIR-A1"), and four of them would not fit a QR code of 150 characters; a
//! position is 12 bits whatever the label, and the scanner reads the label from its trip pack.
//! The signature is over a domain prefix and the pass.

use ed25519_dalek::{Signature, Signer, SigningKey, Verifier, VerifyingKey};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// The pass's layout version.
pub const VERSION: u8 = 1;
/// What a QR code's alphanumeric mode holds comfortably on a small printed receipt.
pub const MAX_CODE_CHARS: usize = 150;
/// 2024-01-01 00:00 UTC in minutes since the Unix epoch: a pass's times count from here (3 bytes
/// last until 2055).
pub const EPOCH_MINUTE: i64 = 28_401_120;
/// The PNR alphabet (no 0/O, 1/I: read aloud at a counter).
pub const PNR_ALPHABET: &[u8; 32] = b"23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
/// A seat's position takes 12 bits: layouts of up to 4,096 seats and deck places.
const POSITION_BITS: u32 = 12;
/// Boarding opens this long before the boarding stop's departure...
pub const OPENS_BEFORE_MINUTES: i64 = 180;
/// ...and a late coach or launch still boards this long after it.
pub const CLOSES_AFTER_MINUTES: i64 = 240;
/// Boarding may be closed this long before departure unless the operator says otherwise.
pub const DEFAULT_CUTOFF_MINUTES: i64 = 15;
/// The longest cut-off an operator may set: boarding never closes before it opens.
pub const MAX_CUTOFF_MINUTES: i64 = OPENS_BEFORE_MINUTES;
/// Signed before the pass: a signature over something else never verifies as a pass.
const DOMAIN: &[u8] = b"intercity boarding pass v1\0";
const SIGNATURE_BYTES: usize = 64;

/// What a boarding code says, once verified.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct BoardingPass {
    pub pnr: String,
    /// The trip's id when signing; a verified pass says the trip it was checked against.
    pub trip_id: String,
    /// Positions in the trip's layout, its labels in [`seat_order`] ([`labels`] reads them).
    pub seats: Vec<u16>,
    pub from_stop: u8,
    pub to_stop: u8,
    /// Unix ms, whole minutes.
    pub valid_from: i64,
    pub valid_until: i64,
    pub key_id: u8,
}

/// An operator's public key as a trip pack carries it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct PublicKey {
    pub key_id: u8,
    /// 32 bytes, hex.
    pub key: String,
}

/// Why a code does not board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub enum Refusal {
    /// Not a boarding code at all (or of a version this scanner does not read).
    Unreadable,
    /// Signed with a key this trip's operator does not have (another operator's, or retired).
    UnknownKey,
    /// The signature does not hold: changed or made up.
    Forged,
    /// The ticket was cancelled, rescheduled or refunded.
    Revoked,
    /// A real ticket of another trip or date.
    OtherTrip,
    /// Too early to board.
    NotYet,
    /// Its boarding window has passed.
    Expired,
}

/// A scan's verdict.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[serde(tag = "verdict", rename_all = "camelCase")]
pub enum Verdict {
    Valid { pass: BoardingPass },
    Refused { reason: Refusal },
}

/// Why a pass cannot be signed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SignError {
    /// A field the pass cannot hold (a PNR of other characters, a seat label outside the
    /// alphabet, a stop past 255, a time outside the pass's range).
    Field(&'static str),
    /// The code would be longer than [`MAX_CODE_CHARS`] (too many or too long seat labels).
    TooLong(usize),
    /// The secret key is not 32 bytes of hex.
    Key,
}

/// The first 4 bytes of the SHA-256 of a trip's id.
fn trip_tag(trip_id: &str) -> [u8; 4] {
    let digest = Sha256::digest(trip_id.as_bytes());
    [digest[0], digest[1], digest[2], digest[3]]
}

/// A trip's seat labels in the order positions count in: sorted by their bytes, each once
/// (the same in every store and browser, whatever its collation).
pub fn seat_order<I: IntoIterator<Item = String>>(labels: I) -> Vec<String> {
    let mut order: Vec<String> = labels.into_iter().collect();
    order.sort_unstable();
    order.dedup();
    order
}

/// The positions of `seats` in `order`; `None` if one is not there.
pub fn positions(order: &[String], seats: &[String]) -> Option<Vec<u16>> {
    seats.iter().map(|seat| order.binary_search(seat).ok().and_then(|i| u16::try_from(i).ok())).collect()
}

/// The labels at `positions` of `order`; `None` if one is past its end.
pub fn labels(order: &[String], positions: &[u16]) -> Option<Vec<String>> {
    positions.iter().map(|p| order.get(usize::from(*p)).cloned()).collect()
}

/// When a ticket boarding at a stop that departs at `departs_ms` (Unix ms) may board: from
/// [`OPENS_BEFORE_MINUTES`] before until [`CLOSES_AFTER_MINUTES`] after, in whole minutes.
pub fn window(departs_ms: i64) -> (i64, i64) {
    let minute = departs_ms.div_euclid(60_000) * 60_000;
    (minute - OPENS_BEFORE_MINUTES * 60_000, minute + CLOSES_AFTER_MINUTES * 60_000)
}

/// Of the scans that admitted one ticket, the one that boarded it: the earliest, a tie broken
/// by nonce, so every order of upload picks the same scan (and flags the same others).
pub fn first_scan<'a, T>(admitted: impl IntoIterator<Item = &'a T>, at: impl Fn(&T) -> (i64, &str)) -> Option<&'a T> {
    admitted.into_iter().min_by(|a, b| at(a).cmp(&at(b)))
}

fn hex32(text: &str) -> Option<[u8; 32]> {
    let text = text.trim();
    if text.len() != 64 {
        return None;
    }
    let mut out = [0u8; 32];
    for (i, byte) in out.iter_mut().enumerate() {
        *byte = u8::from_str_radix(text.get(2 * i..2 * i + 2)?, 16).ok()?;
    }
    Some(out)
}

/// Bits written most significant first.
#[derive(Default)]
struct Bits {
    bytes: Vec<u8>,
    used: u32,
}

impl Bits {
    fn push(&mut self, value: u32, width: u32) {
        for i in (0..width).rev() {
            if self.used.is_multiple_of(8) {
                self.bytes.push(0);
            }
            let bit = ((value >> i) & 1) as u8;
            if let Some(last) = self.bytes.last_mut() {
                *last |= bit << (7 - self.used % 8);
            }
            self.used += 1;
        }
    }
}

/// Bits read most significant first.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn take(&mut self, width: usize) -> Option<u32> {
        let mut value = 0u32;
        for _ in 0..width {
            let byte = *self.bytes.get(self.at / 8)?;
            value = (value << 1) | u32::from((byte >> (7 - self.at % 8)) & 1);
            self.at += 1;
        }
        Some(value)
    }
}

/// The pass's bytes (unsigned).
fn pass_bytes(pass: &BoardingPass) -> Result<Vec<u8>, SignError> {
    let mut bits = Bits::default();
    bits.push(u32::from(VERSION), 8);
    bits.push(u32::from(pass.key_id), 8);
    if pass.pnr.len() != 8 {
        return Err(SignError::Field("pnr"));
    }
    for c in pass.pnr.bytes() {
        let value = PNR_ALPHABET.iter().position(|a| *a == c).ok_or(SignError::Field("pnr"))?;
        bits.push(value as u32, 5);
    }
    for byte in trip_tag(&pass.trip_id) {
        bits.push(u32::from(byte), 8);
    }
    bits.push(u32::from(pass.from_stop), 8);
    bits.push(u32::from(pass.to_stop), 8);
    let from = pass.valid_from.div_euclid(60_000) - EPOCH_MINUTE;
    let length = pass.valid_until.div_euclid(60_000) - pass.valid_from.div_euclid(60_000);
    if !(0..1 << 24).contains(&from) {
        return Err(SignError::Field("validFrom"));
    }
    if !(0..1 << 16).contains(&length) {
        return Err(SignError::Field("validUntil"));
    }
    bits.push(from as u32, 24);
    bits.push(length as u32, 16);
    if pass.seats.is_empty() || pass.seats.len() > 255 {
        return Err(SignError::Field("seats"));
    }
    bits.push(pass.seats.len() as u32, 8);
    for seat in &pass.seats {
        if u32::from(*seat) >= 1 << POSITION_BITS {
            return Err(SignError::Field("seats"));
        }
        bits.push(u32::from(*seat), POSITION_BITS);
    }
    Ok(bits.bytes)
}

/// What a pass's bytes say, the trip as its tag; `None` if they are not a pass.
fn read_pass(bytes: &[u8]) -> Option<(BoardingPass, [u8; 4])> {
    let mut r = Reader { bytes, at: 0 };
    if r.take(8)? != u32::from(VERSION) {
        return None;
    }
    let key_id = r.take(8)? as u8;
    let mut pnr = String::with_capacity(8);
    for _ in 0..8 {
        pnr.push(char::from(PNR_ALPHABET[r.take(5)? as usize]));
    }
    let tag = [r.take(8)? as u8, r.take(8)? as u8, r.take(8)? as u8, r.take(8)? as u8];
    let (from_stop, to_stop) = (r.take(8)? as u8, r.take(8)? as u8);
    let from = (i64::from(r.take(24)?) + EPOCH_MINUTE) * 60_000;
    let until = from + i64::from(r.take(16)?) * 60_000;
    let count = r.take(8)?;
    let mut seats = Vec::with_capacity(count as usize);
    for _ in 0..count {
        seats.push(r.take(POSITION_BITS as usize)? as u16);
    }
    // Only the padding of the last byte may be left.
    if r.at.div_ceil(8) != bytes.len() || seats.is_empty() {
        return None;
    }
    let pass = BoardingPass {
        pnr,
        trip_id: String::new(),
        seats,
        from_stop,
        to_stop,
        valid_from: from,
        valid_until: until,
        key_id,
    };
    Some((pass, tag))
}

fn signed_message(pass: &[u8]) -> Vec<u8> {
    [DOMAIN, pass].concat()
}

/// The public key (hex) of a secret key (32 bytes, hex).
pub fn public_key(secret_hex: &str) -> Option<String> {
    let key = SigningKey::from_bytes(&hex32(secret_hex)?);
    Some(key.verifying_key().to_bytes().iter().map(|b| format!("{b:02x}")).collect())
}

/// Signs a pass with an operator's secret key (32 bytes, hex): its boarding code.
pub fn sign(pass: &BoardingPass, secret_hex: &str) -> Result<String, SignError> {
    let key = SigningKey::from_bytes(&hex32(secret_hex).ok_or(SignError::Key)?);
    let bytes = pass_bytes(pass)?;
    let signature = key.sign(&signed_message(&bytes));
    let code = base45::encode([bytes.as_slice(), &signature.to_bytes()].concat());
    if code.len() > MAX_CODE_CHARS {
        return Err(SignError::TooLong(code.len()));
    }
    Ok(code)
}

/// Verifies a scanned code for `trip_id` at `now_ms` with the trip operator's `keys` and the
/// PNRs `revoked`: the pass, or why it does not board. The signature is checked before anything
/// the pass says is believed.
pub fn verify(code: &str, keys: &[PublicKey], revoked: &[String], trip_id: &str, now_ms: i64) -> Verdict {
    let refused = |reason| Verdict::Refused { reason };
    let Ok(bytes) = base45::decode(code.trim()) else { return refused(Refusal::Unreadable) };
    if bytes.len() <= SIGNATURE_BYTES {
        return refused(Refusal::Unreadable);
    }
    let (body, signature) = bytes.split_at(bytes.len() - SIGNATURE_BYTES);
    let Some((mut pass, tag)) = read_pass(body) else { return refused(Refusal::Unreadable) };
    let Some(key) = keys.iter().find(|k| k.key_id == pass.key_id) else { return refused(Refusal::UnknownKey) };
    let Some(key) = hex32(&key.key).and_then(|k| VerifyingKey::from_bytes(&k).ok()) else {
        return refused(Refusal::UnknownKey);
    };
    let Ok(signature) = Signature::from_slice(signature) else { return refused(Refusal::Forged) };
    if key.verify(&signed_message(body), &signature).is_err() {
        return refused(Refusal::Forged);
    }
    if revoked.iter().any(|r| r.trim() == pass.pnr) {
        return refused(Refusal::Revoked);
    }
    if tag != trip_tag(trip_id) {
        return refused(Refusal::OtherTrip);
    }
    if now_ms < pass.valid_from {
        return refused(Refusal::NotYet);
    }
    if now_ms >= pass.valid_until {
        return refused(Refusal::Expired);
    }
    pass.trip_id = trip_id.to_owned();
    Verdict::Valid { pass }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SECRET: &str = "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60";
    const OTHER: &str = "4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb";
    const TRIP: &str = "trip-dhaka-chattogram-hn-101-20261130-0800";
    const NOON: i64 = 1_796_983_200_000;

    fn pass() -> BoardingPass {
        BoardingPass {
            pnr: "R4NG4Y6B".into(),
            trip_id: TRIP.into(),
            seats: vec![0, 5, 1023, 4095],
            from_stop: 0,
            to_stop: 2,
            valid_from: NOON - 6 * 3_600_000,
            valid_until: NOON + 3_600_000,
            key_id: 7,
        }
    }

    fn keys(secret: &str, key_id: u8) -> Vec<PublicKey> {
        vec![PublicKey { key_id, key: public_key(secret).unwrap() }]
    }

    #[test]
    fn a_signed_pass_verifies_and_says_what_was_signed() {
        let code = sign(&pass(), SECRET).unwrap();
        assert!(code.len() <= MAX_CODE_CHARS, "{} characters", code.len());
        assert!(code.chars().all(|c| "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:".contains(c)), "QR alphanumeric");
        assert_eq!(verify(&code, &keys(SECRET, 7), &[], TRIP, NOON), Verdict::Valid { pass: pass() });
    }

    #[test]
    fn every_byte_changed_is_refused() {
        let code = sign(&pass(), SECRET).unwrap();
        let bytes = base45::decode(&code).unwrap();
        for i in 0..bytes.len() {
            for flip in [0x01u8, 0x80] {
                let mut changed = bytes.clone();
                changed[i] ^= flip;
                let verdict = verify(&base45::encode(&changed), &keys(SECRET, 7), &[], TRIP, NOON);
                assert!(matches!(verdict, Verdict::Refused { .. }), "byte {i} flipped by {flip:#x}: {verdict:?}");
            }
        }
    }

    #[test]
    fn refusals_say_why() {
        let code = sign(&pass(), SECRET).unwrap();
        let reason = |v: Verdict| match v {
            Verdict::Refused { reason } => Some(reason),
            Verdict::Valid { .. } => None,
        };
        assert_eq!(reason(verify(&code, &keys(OTHER, 7), &[], TRIP, NOON)), Some(Refusal::Forged));
        assert_eq!(reason(verify(&code, &keys(SECRET, 8), &[], TRIP, NOON)), Some(Refusal::UnknownKey));
        assert_eq!(reason(verify(&code, &keys(SECRET, 7), &["R4NG4Y6B".into()], TRIP, NOON)), Some(Refusal::Revoked));
        assert_eq!(reason(verify(&code, &keys(SECRET, 7), &[], "trip-other", NOON)), Some(Refusal::OtherTrip));
        assert_eq!(reason(verify(&code, &keys(SECRET, 7), &[], TRIP, NOON - 7 * 3_600_000)), Some(Refusal::NotYet));
        assert_eq!(reason(verify(&code, &keys(SECRET, 7), &[], TRIP, NOON + 3_600_000)), Some(Refusal::Expired));
        assert_eq!(reason(verify("R4NG4Y6B", &keys(SECRET, 7), &[], TRIP, NOON)), Some(Refusal::Unreadable));
    }

    #[test]
    fn seats_are_positions_in_the_layouts_order_of_labels() {
        let order = seat_order(["B2", "S_CHAIR-A1", "A1", "A1", "D-01"].map(String::from));
        assert_eq!(order, ["A1", "B2", "D-01", "S_CHAIR-A1"]);
        let seats = ["S_CHAIR-A1".to_owned(), "A1".to_owned()];
        assert_eq!(positions(&order, &seats), Some(vec![3, 0]));
        assert_eq!(labels(&order, &[3, 0]).as_deref(), Some(&seats[..]));
        assert_eq!(positions(&order, &["Z9".to_owned()]), None);
        assert_eq!(labels(&order, &[4]), None);
    }

    #[test]
    fn four_seats_always_fit_the_qr_code() {
        let mut four = pass();
        four.seats = vec![4095; 4];
        assert!(sign(&four, SECRET).unwrap().len() <= MAX_CODE_CHARS);
        let mut most = pass();
        most.seats = vec![4095; 11];
        assert!(sign(&most, SECRET).is_ok(), "eleven seats still fit");
    }

    #[test]
    fn the_window_opens_before_the_stops_departure_and_closes_after() {
        let (from, until) = window(NOON + 59_999);
        assert_eq!(from, NOON - OPENS_BEFORE_MINUTES * 60_000);
        assert_eq!(until, NOON + CLOSES_AFTER_MINUTES * 60_000);
    }

    #[test]
    fn the_earliest_scan_boards_in_any_order_of_upload() {
        let scans = [(300, "c"), (100, "b"), (100, "a"), (200, "d")];
        let mut order = scans.to_vec();
        for _ in 0..4 {
            order.rotate_left(1);
            assert_eq!(first_scan(&order, |s| (s.0, s.1)), Some(&(100, "a")));
        }
        assert_eq!(first_scan(&[] as &[(i64, &str)], |s| (s.0, s.1)), None);
    }

    #[test]
    fn keys_rotate_several_at_once() {
        let mut old = pass();
        old.key_id = 6;
        let code = sign(&old, OTHER).unwrap();
        let both = [keys(OTHER, 6), keys(SECRET, 7)].concat();
        assert!(matches!(verify(&code, &both, &[], TRIP, NOON), Verdict::Valid { .. }));
    }

    #[test]
    fn what_a_pass_cannot_hold_is_refused_before_signing() {
        let mut bad = pass();
        bad.pnr = "R4NG4Y60".into();
        assert_eq!(sign(&bad, SECRET), Err(SignError::Field("pnr")));
        let mut long = pass();
        long.seats = (0..16).collect();
        assert!(matches!(sign(&long, SECRET), Err(SignError::TooLong(_))));
        let mut past = pass();
        past.seats = vec![4096];
        assert_eq!(sign(&past, SECRET), Err(SignError::Field("seats")));
        assert_eq!(sign(&pass(), "not hex"), Err(SignError::Key));
    }
}
