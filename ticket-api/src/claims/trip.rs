//! One trip's seat claims as read from the store, and what they say at a moment: which seats
//! are taken on which legs, by whom, until when. Holds expire by the clock, not by a write, so
//! every claim is kept with its expiry and judged per request.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};

use axum::body::Bytes;

use crate::store::claims::{ClaimRow, ClaimState};

#[derive(Debug, Clone)]
pub struct LegClaim {
    pub leg: i64,
    pub state: ClaimState,
    /// Unix ms when a hold ends or a block is released; `None` for sold seats and blocks
    /// without a release time.
    pub expires_at: Option<i64>,
    /// The visitor whose seat-lock this is (holds only).
    pub holder: Option<Arc<str>>,
}

impl LegClaim {
    /// Whether the claim takes its seat-leg at `now_ms`: a hold until it expires, a block until
    /// its release time (if it has one), a sale always.
    pub fn live(&self, now_ms: i64) -> bool {
        match self.state {
            ClaimState::Sold => true,
            ClaimState::Held => self.expires_at.is_some_and(|at| at > now_ms),
            ClaimState::Blocked => self.expires_at.is_none_or(|at| at > now_ms),
        }
    }
}

/// A trip's claims by seat number, expired holds included (they are judged per request).
#[derive(Debug, Default)]
pub struct TripClaims {
    by_seat: HashMap<String, Vec<LegClaim>>,
    /// Answers made from exactly these claims (a seat view's JSON for a segment), each good
    /// until the first hold it saw expires; they go when a write replaces these claims.
    answers: Mutex<HashMap<String, (i64, Bytes)>>,
}

/// Answers kept per claims snapshot at most (a route's segments are far fewer).
const MAX_ANSWERS: usize = 64;

impl TripClaims {
    /// When the first hold or block that is live at `now_ms` ends (`i64::MAX` if none): what
    /// these claims say at `now_ms` holds until then.
    pub fn stable_until(&self, now_ms: i64) -> i64 {
        self.by_seat
            .values()
            .flatten()
            .filter_map(|c| c.expires_at.filter(|at| c.state != ClaimState::Sold && *at > now_ms))
            .min()
            .unwrap_or(i64::MAX)
    }

    /// The answer kept under `key`, or `make`'s, kept for the next request while these claims
    /// and their holds stand.
    pub fn answer<E>(&self, key: &str, now_ms: i64, make: impl FnOnce() -> Result<Bytes, E>) -> Result<Bytes, E> {
        if let Some((until, body)) = self.answers().get(key)
            && now_ms < *until
        {
            return Ok(body.clone());
        }
        let body = make()?;
        let until = self.stable_until(now_ms);
        let mut answers = self.answers();
        if answers.len() >= MAX_ANSWERS {
            answers.clear();
        }
        answers.insert(key.to_owned(), (until, body.clone()));
        Ok(body)
    }

    fn answers(&self) -> MutexGuard<'_, HashMap<String, (i64, Bytes)>> {
        super::unpoisoned(&self.answers)
    }

    /// The seat's claims that are live at `now_ms`, leaving out the holds of `viewer` (a
    /// visitor's own held seats are theirs to choose again: a new lock replaces their hold).
    pub fn of_seat<'a>(
        &'a self,
        seat_no: &str,
        now_ms: i64,
        viewer: Option<&'a str>,
    ) -> impl Iterator<Item = &'a LegClaim> {
        self.by_seat
            .get(seat_no)
            .into_iter()
            .flatten()
            .filter(move |c| c.live(now_ms) && (viewer.is_none() || c.holder.as_deref() != viewer))
    }

    /// Whether `visitor` holds seats of this trip at `now_ms`.
    pub fn holds_of(&self, visitor: &str, now_ms: i64) -> bool {
        self.by_seat.values().flatten().any(|c| c.live(now_ms) && c.holder.as_deref() == Some(visitor))
    }

    /// Seats with a live claim on any leg of `[from, to)`.
    pub fn taken(&self, from: i64, to: i64, now_ms: i64) -> usize {
        self.taken_for(from, to, now_ms, None)
    }

    /// [`TripClaims::taken`] as `viewer` sees it: their own holds are theirs to choose again.
    pub fn taken_for(&self, from: i64, to: i64, now_ms: i64, viewer: Option<&str>) -> usize {
        self.by_seat
            .values()
            .filter(|claims| {
                claims.iter().any(|c| {
                    c.leg >= from && c.leg < to && c.live(now_ms) && (viewer.is_none() || c.holder.as_deref() != viewer)
                })
            })
            .count()
    }
}

impl TripClaims {
    /// The claims of one trip from its rows.
    pub(super) fn push(&mut self, row: ClaimRow) {
        let claim =
            LegClaim { leg: row.leg, state: row.state, expires_at: row.expires_at, holder: row.visitor.map(Arc::from) };
        self.by_seat.entry(row.seat_no).or_default().push(claim);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_answer_is_kept_until_the_first_hold_it_saw_expires() {
        let mut trip = TripClaims::default();
        trip.by_seat.insert(
            "A1".into(),
            vec![LegClaim { leg: 0, state: ClaimState::Held, expires_at: Some(1_000), holder: Some(Arc::from("v1")) }],
        );
        let made = std::cell::Cell::new(0);
        let make = || {
            made.set(made.get() + 1);
            Ok::<_, ()>(Bytes::from_static(b"{}"))
        };
        trip.answer("k", 500, make).unwrap();
        trip.answer("k", 999, make).unwrap();
        assert_eq!(made.get(), 1, "kept while the hold stands");
        trip.answer("k", 1_000, make).unwrap();
        assert_eq!(made.get(), 2, "made again once it expired");
        trip.answer("k", 5_000, make).unwrap();
        assert_eq!(made.get(), 2, "no hold left to expire");
    }

    #[test]
    fn holds_count_until_they_expire() {
        let mut trip = TripClaims::default();
        trip.by_seat.insert(
            "A1".into(),
            vec![LegClaim { leg: 0, state: ClaimState::Held, expires_at: Some(1_000), holder: Some(Arc::from("v1")) }],
        );
        trip.by_seat
            .insert("A2".into(), vec![LegClaim { leg: 1, state: ClaimState::Sold, expires_at: None, holder: None }]);
        assert_eq!(trip.taken(0, 2, 999), 2);
        assert_eq!(trip.taken(0, 2, 1_000), 1);
        assert_eq!(trip.taken(0, 1, 999), 1);
        assert_eq!(trip.taken_for(0, 2, 999, Some("v1")), 1, "one's own hold is free to one");
        assert_eq!(trip.taken_for(0, 2, 999, Some("v2")), 2);
        assert_eq!(trip.of_seat("A1", 1_000, None).count(), 0);
        assert_eq!(trip.of_seat("A1", 999, None).count(), 1);
        assert_eq!(trip.of_seat("A1", 999, Some("v1")).count(), 0, "one's own hold");
        assert!(trip.holds_of("v1", 999) && !trip.holds_of("v1", 1_000) && !trip.holds_of("v2", 999));
    }
}
