//! Bindings for the staff site (issue 35): the layout editor's check and starting layout, the
//! schedule form's days and times, a route's stops and a promo's terms, who may grant what, and the staff calls' paths. Built as a
//! module of its own (feature `staff`), loaded only by `/staff`.

use serde::Serialize;
use wasm_bindgen::prelude::*;

use super::{from_js, to_js};
use crate::contract::staff::{STAFF_CALLS, StaffCall, StaffPromo, StaffStop};
use crate::staff::layout::{self, LayoutSpec};
use crate::staff::roles::{self, Grant};
use crate::staff::schedule::{self, Days};
use crate::staff::{promo, route};

/// Every problem of a layout (none: it may be saved), each with its field path and the
/// message in English and Bangla.
#[wasm_bindgen(js_name = validateLayout, unchecked_return_type = "FieldProblem[]")]
pub fn validate_layout(#[wasm_bindgen(unchecked_param_type = "LayoutSpec")] spec: JsValue) -> Result<JsValue, JsError> {
    let spec: LayoutSpec = from_js(spec, "layout")?;
    to_js(&layout::validate(&spec))
}

/// A 2+2 coach of `rows` rows: the editor's starting point.
#[wasm_bindgen(js_name = twoByTwo, unchecked_return_type = "LayoutSpec")]
pub fn two_by_two(name: &str, rows: u32, seat_class: &str) -> Result<JsValue, JsError> {
    to_js(&layout::two_by_two(name, rows.clamp(1, layout::MAX_ROWS), seat_class))
}

/// A launch of two floors, chairs below and double cabins above: the editor's starting point.
#[wasm_bindgen(js_name = twoFloorLaunch, unchecked_return_type = "LayoutSpec")]
pub fn two_floor_launch(name: &str, rows: u32, cabins: u32) -> Result<JsValue, JsError> {
    to_js(&layout::two_floor_launch(name, rows.clamp(1, layout::MAX_ROWS), cabins.clamp(1, 48)))
}

/// Seats a layout sells.
#[wasm_bindgen(js_name = seatsForSale)]
pub fn seats_for_sale(#[wasm_bindgen(unchecked_param_type = "LayoutSpec")] spec: JsValue) -> Result<u32, JsError> {
    let spec: LayoutSpec = from_js(spec, "layout")?;
    Ok(layout::seats(&spec).len() as u32)
}

/// Days as the schedule stores them ('daily', 'Sat Sun'), or null when they do not read.
#[wasm_bindgen(js_name = daysText)]
pub fn days_text(text: &str) -> Option<String> {
    Days::parse(text).map(Days::text)
}

/// Whether a departure reads as `HH:MM` (24-hour).
#[wasm_bindgen(js_name = departureOk)]
pub fn departure_ok(text: &str) -> bool {
    schedule::parse_departure(text).is_some()
}

/// Whether a code is one an object may have: lower-case letters, digits and '-'.
#[wasm_bindgen(js_name = codeOk)]
pub fn code_ok(text: &str) -> bool {
    crate::staff::code_ok(text)
}

/// What is wrong with a route's stops (the server's check on save), or null.
#[wasm_bindgen(js_name = checkStops, unchecked_return_type = "StaffSaid | null")]
pub fn check_stops(#[wasm_bindgen(unchecked_param_type = "StaffStop[]")] stops: JsValue) -> Result<JsValue, JsError> {
    let stops: Vec<StaffStop> = from_js(stops, "stops")?;
    to_js(&route::check_stops(&stops).err())
}

/// What is wrong with a promo code (the server's check on save), or null.
#[wasm_bindgen(js_name = checkPromo, unchecked_return_type = "StaffSaid | null")]
pub fn check_promo(#[wasm_bindgen(unchecked_param_type = "StaffPromo")] promo: JsValue) -> Result<JsValue, JsError> {
    let promo: StaffPromo = from_js(promo, "promo")?;
    to_js(&promo::check(&promo).err())
}

/// The Bangla of a staff message the server said (its code and values), or null.
#[wasm_bindgen(js_name = staffBangla)]
pub fn staff_bangla(
    code: &str,
    #[wasm_bindgen(unchecked_param_type = "{ name: string; value: string }[]")] params: JsValue,
) -> Result<Option<String>, JsError> {
    let params: Vec<crate::server_messages::Param> =
        if params.is_undefined() || params.is_null() { Vec::new() } else { from_js(params, "params")? };
    Ok(crate::staff::messages::bangla(code, &params))
}

/// A counter shift's close: what the drawer should hold, what was counted and the difference;
/// throws the reason it cannot close (a difference without a reason, a note that is not one).
#[wasm_bindgen(js_name = shiftClose, unchecked_return_type = "Closing")]
pub fn shift_close(
    #[wasm_bindgen(unchecked_param_type = "ShiftCash")] cash: JsValue,
    #[wasm_bindgen(unchecked_param_type = "NoteCount[]")] notes: JsValue,
    reason: Option<String>,
) -> Result<JsValue, JsError> {
    let cash: crate::staff::shift::ShiftCash = from_js(cash, "cash")?;
    let notes: Vec<crate::staff::shift::NoteCount> = from_js(notes, "notes")?;
    let closed = crate::staff::shift::close(cash, &notes, reason.as_deref()).map_err(|e| JsError::new(&e.text))?;
    to_js(&closed)
}

/// What the drawer should hold against a count so far (no reason asked: the seller is still
/// counting); throws for a note that is not one.
#[wasm_bindgen(js_name = shiftSums, unchecked_return_type = "Closing")]
pub fn shift_sums(
    #[wasm_bindgen(unchecked_param_type = "ShiftCash")] cash: JsValue,
    #[wasm_bindgen(unchecked_param_type = "NoteCount[]")] notes: JsValue,
) -> Result<JsValue, JsError> {
    let cash: crate::staff::shift::ShiftCash = from_js(cash, "cash")?;
    let notes: Vec<crate::staff::shift::NoteCount> = from_js(notes, "notes")?;
    let sums = crate::staff::shift::sums(cash, &notes).map_err(|e| JsError::new(&e.text))?;
    to_js(&sums)
}

/// The notes and coins a drawer is counted in, largest first.
#[wasm_bindgen(js_name = shiftNotes)]
pub fn shift_notes() -> Vec<u32> {
    crate::staff::shift::NOTES.iter().map(|n| *n as u32).collect()
}

/// Whether someone holding `held` may give or take `grant`.
#[wasm_bindgen(js_name = mayGrant)]
pub fn may_grant(
    #[wasm_bindgen(unchecked_param_type = "Grant[]")] held: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Grant")] grant: JsValue,
) -> Result<bool, JsError> {
    let held: Vec<Grant> = from_js(held, "grants")?;
    let grant: Grant = from_js(grant, "grant")?;
    Ok(roles::may_grant(&held, &grant))
}

#[derive(Serialize)]
struct CallPath {
    purpose: &'static str,
    method: &'static str,
    path: String,
    roles: Vec<&'static str>,
}

/// The staff calls: purpose, method, path and the roles that may make them.
#[wasm_bindgen(js_name = staffCalls, unchecked_return_type = "{ purpose: string; method: 'GET' | 'POST'; path: string; roles: Role[] }[]")]
pub fn staff_calls() -> Result<JsValue, JsError> {
    let rows: Vec<CallPath> = STAFF_CALLS
        .iter()
        .map(|c: &StaffCall| CallPath {
            purpose: c.purpose,
            method: c.method.as_str(),
            path: c.path(),
            roles: c.roles.iter().map(|r| r.as_str()).collect(),
        })
        .collect();
    to_js(&rows)
}

/// A scanned boarding code verified for `tripId` at `nowMs` with the operator's public keys and
/// the trip's revoked PNRs (issue 36): `{verdict: "valid", pass}` or `{verdict: "refused", reason}`.
#[wasm_bindgen(js_name = verifyBoardingCode, unchecked_return_type = "Verdict")]
pub fn verify_boarding_code(
    code: &str,
    #[wasm_bindgen(unchecked_param_type = "PublicKey[]")] keys: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string[]")] revoked: JsValue,
    trip_id: &str,
    now_ms: f64,
) -> Result<JsValue, JsError> {
    let keys: Vec<crate::boarding::PublicKey> = from_js(keys, "keys")?;
    let revoked: Vec<String> = from_js(revoked, "revoked")?;
    to_js(&crate::boarding::verify(code, &keys, &revoked, trip_id, now_ms as i64))
}

/// A boarding phone's door for one trip (issue 36): the trip pack read once, and the PNRs this
/// phone let on; `check` judges a QR code's text or a typed PNR with no network.
#[wasm_bindgen(js_name = BoardingDoor)]
#[derive(Debug)]
pub struct BoardingDoor(crate::staff::board::Door);

#[wasm_bindgen(js_class = BoardingDoor)]
impl BoardingDoor {
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "TripPack")] pack: JsValue,
        #[wasm_bindgen(unchecked_param_type = "string[]")] admitted: JsValue,
    ) -> Result<BoardingDoor, JsError> {
        let pack: crate::contract::boarding::TripPack = from_js(pack, "pack")?;
        let admitted: Vec<String> = from_js(admitted, "admitted")?;
        Ok(BoardingDoor(crate::staff::board::Door::new(pack, admitted)))
    }

    /// What the phone says to `input` at `nowMs`.
    #[wasm_bindgen(unchecked_return_type = "ScanAnswer")]
    pub fn check(&self, input: &str, now_ms: f64) -> Result<JsValue, JsError> {
        to_js(&self.0.check(input, now_ms as i64))
    }

    /// This phone let `pnr` on.
    pub fn admit(&mut self, pnr: &str) {
        self.0.admit(pnr);
    }
}

/// A pass signed with a secret key (hex): its boarding code. The server signs; this binding is
/// for the rule vectors, which check that both worlds write the same code.
#[wasm_bindgen(js_name = signBoardingCode)]
pub fn sign_boarding_code(
    #[wasm_bindgen(unchecked_param_type = "BoardingPass")] pass: JsValue,
    secret: &str,
) -> Result<String, JsError> {
    let pass: crate::boarding::BoardingPass = from_js(pass, "pass")?;
    crate::boarding::sign(&pass, secret).map_err(|e| JsError::new(&format!("{e:?}")))
}

/// An operator's policy in plain words, a line each, in `language` (`en` or `bn`): the editor's
/// preview of what travellers will read (issue 37).
#[wasm_bindgen(js_name = policyWords, unchecked_return_type = "string[]")]
pub fn policy_words(
    #[wasm_bindgen(unchecked_param_type = "Policy")] policy: JsValue,
    language: &str,
) -> Result<JsValue, JsError> {
    super::policy_words(policy, language)
}

/// What is wrong with a policy (the server's check on save): its field and why, or null.
#[wasm_bindgen(js_name = checkPolicy, unchecked_return_type = "{ field: string; detail: string } | null")]
pub fn check_policy(#[wasm_bindgen(unchecked_param_type = "Policy")] policy: JsValue) -> Result<JsValue, JsError> {
    let policy: crate::policy::Policy = from_js(policy, "policy")?;
    #[derive(Serialize)]
    struct Problem {
        field: String,
        detail: String,
    }
    to_js(&crate::policy::validate(&policy).err().map(|e| Problem { field: e.field, detail: e.detail }))
}
