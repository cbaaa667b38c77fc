//! What a supervisor's phone decides at the door with no network (issue 36): a scanned code or
//! a typed PNR judged against the trip pack (the operator's keys, the revoked PNRs, the seat
//! order, the tickets) and what this phone has admitted already. The same answer shape as the
//! server's scan (`ScanAnswer`); the server's word on upload is final (the earliest scan boards).

use std::collections::BTreeSet;

use crate::boarding::{self, Verdict};
use crate::contract::boarding::{PassengerStatus, ScanAnswer, ScanReason, ScanResult, TripPack};

/// A door's state for one trip: its pack, read once, and the PNRs this phone let on. The phone
/// keeps one while it boards the trip, so a scan does not read the whole pack again (a launch's
/// pack holds 600 tickets).
#[derive(Debug, Clone)]
pub struct Door {
    pack: TripPack,
    admitted: BTreeSet<String>,
}

impl Door {
    pub fn new(pack: TripPack, admitted: Vec<String>) -> Door {
        Door { pack, admitted: admitted.into_iter().collect() }
    }

    /// Judges a scan at `now_ms` ([`check`]).
    pub fn check(&self, input: &str, now_ms: i64) -> ScanAnswer {
        check(&self.pack, input, |pnr| self.admitted.contains(pnr), now_ms)
    }

    /// This phone let `pnr` on.
    pub fn admit(&mut self, pnr: &str) {
        self.admitted.insert(pnr.to_owned());
    }
}

/// A PNR as typed: 8 of the PNR alphabet, whatever the case and spaces.
pub fn typed_pnr(input: &str) -> Option<String> {
    let pnr: String = input.chars().filter(|c| !c.is_whitespace()).collect::<String>().to_ascii_uppercase();
    (pnr.len() == 8 && pnr.bytes().all(|b| boarding::PNR_ALPHABET.contains(&b))).then_some(pnr)
}

fn answer(result: ScanResult, reason: Option<ScanReason>, pnr: Option<String>) -> ScanAnswer {
    ScanAnswer {
        result,
        reason,
        pnr,
        seats: Vec::new(),
        passenger_name: None,
        boarding_point: None,
        boarded_at: None,
        boarded_by: None,
    }
}

/// Judges `input` (a QR code's text, or a PNR typed) for the pack's trip at `now_ms`;
/// `admitted` says whether this phone let a PNR on already.
fn check(pack: &TripPack, input: &str, admitted: impl Fn(&str) -> bool, now_ms: i64) -> ScanAnswer {
    let refused = |reason, pnr| answer(ScanResult::Refused, Some(reason), pnr);
    let (pnr, seats) = match typed_pnr(input) {
        Some(pnr) => (pnr, None),
        None => match boarding::verify(input, &pack.keys, &pack.revoked, &pack.trip.id, now_ms) {
            Verdict::Valid { pass } => (pass.pnr, boarding::labels(&pack.seat_order, &pass.seats)),
            Verdict::Refused { reason } => return refused(reason.into(), None),
        },
    };
    let ticket = pack.tickets.iter().find(|t| t.pnr == pnr);
    if pack.revoked.contains(&pnr) {
        let reason = match ticket {
            Some(t) if t.status == PassengerStatus::NoShow => ScanReason::NoShow,
            _ => ScanReason::Revoked,
        };
        return refused(reason, Some(pnr));
    }
    // A typed PNR must be a ticket of the pack; a signed code sold after the pack was made
    // boards on its signature alone.
    if ticket.is_none() && seats.is_none() {
        return refused(ScanReason::NotFound, Some(pnr));
    }
    let seen_before = admitted(&pnr) || ticket.is_some_and(|t| t.status == PassengerStatus::Boarded);
    let mut out = answer(if seen_before { ScanResult::Duplicate } else { ScanResult::Boarded }, None, Some(pnr));
    out.seats = seats.or_else(|| ticket.map(|t| t.seats.clone())).unwrap_or_default();
    out.passenger_name = ticket.map(|t| t.passenger_name.clone()).filter(|n| !n.is_empty());
    out.boarding_point = ticket.and_then(|t| t.boarding_point.clone());
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::boarding::{BoardingPass, PublicKey, public_key, sign};
    use crate::contract::boarding::{ManifestTrip, PackTicket};
    use crate::service::Service;

    const SECRET: &str = "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60";
    const NOW: i64 = 1_796_983_200_000;

    fn pack() -> TripPack {
        TripPack {
            trip: ManifestTrip {
                id: "trip-1".into(),
                service: Service::Bus,
                operator_name: "Hanif".into(),
                route_name: "Dhaka - Kushtia".into(),
                departs: "2026-12-12 07:30".into(),
                vehicle: "Coach".into(),
                capacity: 4,
                boarding_closed_at: None,
                cutoff_minutes: 15,
            },
            keys: vec![PublicKey { key_id: 1, key: public_key(SECRET).unwrap() }],
            revoked: vec!["CANCELLD".into()],
            seat_order: vec!["A1".into(), "A2".into(), "B1".into(), "B2".into()],
            tickets: vec![PackTicket {
                pnr: "R4NG4Y6B".into(),
                seats: vec!["A2".into(), "B1".into()],
                passenger_name: "Rahim".into(),
                boarding_point: Some("Gabtoli".into()),
                status: PassengerStatus::Booked,
            }],
            made_at: NOW,
        }
    }

    fn code(pnr: &str, seats: Vec<u16>) -> String {
        let pass = BoardingPass {
            pnr: pnr.into(),
            trip_id: "trip-1".into(),
            seats,
            from_stop: 0,
            to_stop: 1,
            valid_from: NOW - 3_600_000,
            valid_until: NOW + 3_600_000,
            key_id: 1,
        };
        sign(&pass, SECRET).unwrap()
    }

    #[test]
    fn a_valid_code_boards_once_with_its_seats_and_name() {
        let mut door = Door::new(pack(), Vec::new());
        let first = door.check(&code("R4NG4Y6B", vec![1, 2]), NOW);
        assert_eq!(first.result, ScanResult::Boarded);
        assert_eq!(first.seats, ["A2", "B1"]);
        assert_eq!(first.passenger_name.as_deref(), Some("Rahim"));
        door.admit("R4NG4Y6B");
        assert_eq!(door.check(&code("R4NG4Y6B", vec![1, 2]), NOW).result, ScanResult::Duplicate);
        let kept = Door::new(pack(), vec!["R4NG4Y6B".into()]);
        assert_eq!(kept.check(" r4ng4y6b", NOW).result, ScanResult::Duplicate, "what the phone kept counts");
    }

    #[test]
    fn a_typed_pnr_is_looked_up_in_the_pack() {
        assert_eq!(check(&pack(), " r4ng 4y6b ", |_| false, NOW).seats, ["A2", "B1"]);
        let unknown = check(&pack(), "ZZZZZZZZ", |_| false, NOW);
        assert_eq!((unknown.result, unknown.reason), (ScanResult::Refused, Some(ScanReason::NotFound)));
    }

    #[test]
    fn revoked_forged_and_other_trips_are_refused_with_their_reasons() {
        let revoked = check(&pack(), &code("CANCELLD", vec![0]), |_| false, NOW);
        assert_eq!(revoked.reason, Some(ScanReason::Revoked));
        let mut other = pack();
        other.trip.id = "trip-2".into();
        assert_eq!(check(&other, &code("R4NG4Y6B", vec![1]), |_| false, NOW).reason, Some(ScanReason::OtherTrip));
        assert_eq!(check(&pack(), "HELLO WORLD", |_| false, NOW).reason, Some(ScanReason::Unreadable));
        // Sold after the pack was made: its signature is enough.
        assert_eq!(check(&pack(), &code("NEWTJCKT", vec![3]), |_| false, NOW).seats, ["B2"]);
    }
}
