//! The seat claims of trips as search and seat view read them, with a coherent in-process cache.
//!
//! Every search and seat view needs the live claims of its trips; reading them from the store on
//! every request caps those calls at the rate of one database round trip (sqlx's SQLite driver
//! runs each query on a worker thread). So the claims of a trip are kept in memory once read,
//! and every write to `seat_claims` announces itself here with a [`ClaimsWrite`] guard, created
//! before the writing transaction commits and dropped after it has ended.
//!
//! Coherence (a seat claimed a moment ago is never shown free) is a seqlock per trip:
//! - a write bumps the trip's generation when it starts and again when it ends, and counts as
//!   in flight meanwhile;
//! - a cached copy is used only if no write is in flight and the generation is the one it was
//!   read at;
//! - a reader stores what it read only if, from before its query until after it, no write was
//!   in flight and the generation did not move. A write that committed during the query may or
//!   may not be in what was read, so such a read is used once and not kept.
//!
//! Holds expire by the clock, not by a write: what is cached keeps every claim with its expiry,
//! and whether a hold still counts is decided at the moment of each request ([`TripClaims`]).
//!
//! The cache is only as coherent as the set of writers it hears from, so it is on only while
//! this process is the store's one writer: a SQLite file this process holds an exclusive lock on
//! (`<file>.claims-lock`). With PostgreSQL, where many server processes share the store
//! (DESIGN §3), and with a SQLite file another process has open, every request reads the store.

use std::collections::HashMap;
use std::fs::{File, OpenOptions};
use std::sync::{Arc, Mutex, MutexGuard};

use axum::body::Bytes;
use sqlx::{AnyPool, Row};

/// Trips kept at most; past this the cache starts again (a day of the demo network is 320).
const MAX_TRIPS: usize = 20_000;

/// Rows of one trip's claims, read from the store.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClaimState {
    /// Held by a visitor's seat-lock until `expires_at`.
    Held,
    Sold,
    /// Not for sale (crew, reserved by the operator).
    Blocked,
}

#[derive(Debug, Clone)]
pub struct LegClaim {
    pub leg: i64,
    pub state: ClaimState,
    /// Unix ms when a hold ends; `None` for sold and blocked seats.
    pub expires_at: Option<i64>,
    /// The visitor whose seat-lock this is (holds only).
    pub holder: Option<Arc<str>>,
}

impl LegClaim {
    /// Whether the claim takes its seat-leg at `now_ms` (a hold counts until it expires).
    pub fn live(&self, now_ms: i64) -> bool {
        self.state != ClaimState::Held || self.expires_at.is_some_and(|at| at > now_ms)
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
    /// When the first hold that is live at `now_ms` expires (`i64::MAX` if none): what these
    /// claims say at `now_ms` holds until then.
    pub fn stable_until(&self, now_ms: i64) -> i64 {
        self.by_seat
            .values()
            .flatten()
            .filter_map(|c| c.expires_at.filter(|at| c.state == ClaimState::Held && *at > now_ms))
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
        self.answers.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
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
        self.by_seat
            .values()
            .filter(|claims| claims.iter().any(|c| c.leg >= from && c.leg < to && c.live(now_ms)))
            .count()
    }
}

#[derive(Debug, Default)]
struct Slot {
    /// Moves on every write that starts or ends; values are unique across slots, so a slot
    /// forgotten and made again never repeats a generation a reader remembers.
    generation: u64,
    writers: u32,
    cached: Option<(u64, Arc<TripClaims>)>,
}

#[derive(Debug, Default)]
struct Slots {
    next_generation: u64,
    /// The timetable the cached claims belong to: a re-seed (a new `network_version`, which
    /// may come from another process) starts the cache again.
    network_version: String,
    by_trip: HashMap<String, Slot>,
}

impl Slots {
    fn bump(&mut self, trip_id: &str) -> &mut Slot {
        self.next_generation += 1;
        let generation = self.next_generation;
        let slot = self.by_trip.entry(trip_id.to_owned()).or_default();
        slot.generation = generation;
        slot.cached = None;
        slot
    }
}

/// An answer made from the claims of several trips (a search).
#[derive(Debug)]
struct ManyAnswer {
    made_from: Vec<Arc<TripClaims>>,
    until: i64,
    body: Bytes,
}

/// Many-trip answers kept at most (distinct searches of the last moments).
const MAX_MANY_ANSWERS: usize = 10_000;

/// The claims of trips, read through the cache when this process may keep one.
#[derive(Debug)]
pub struct Claims {
    slots: Mutex<Slots>,
    many_answers: Mutex<HashMap<String, ManyAnswer>>,
    caching: bool,
    /// Held open for the exclusive lock that makes this process the store's one writer.
    _owner: Option<File>,
}

/// A write to a trip's claims in progress: the cache does not trust (or keep) that trip's
/// claims until it is dropped, after the transaction has committed or rolled back.
#[derive(Debug)]
#[must_use = "the write counts as in flight only while the guard lives"]
pub struct ClaimsWrite<'a> {
    claims: &'a Claims,
    trip_id: String,
}

impl ClaimsWrite<'_> {
    pub fn trip_id(&self) -> &str {
        &self.trip_id
    }
}

impl Drop for ClaimsWrite<'_> {
    fn drop(&mut self) {
        let mut slots = self.claims.lock();
        let slot = slots.bump(&self.trip_id);
        slot.writers = slot.writers.saturating_sub(1);
    }
}

/// What a reader saw of a trip before its query.
struct Before {
    trip_id: String,
    generation: Option<u64>,
    quiet: bool,
}

impl Claims {
    /// A cache for the store at `database_url`: on for a SQLite file this process can lock
    /// exclusively (or an in-memory database), off otherwise.
    pub fn for_database(database_url: &str) -> Claims {
        let Some(rest) = database_url.strip_prefix("sqlite:") else {
            return Claims::reading_through();
        };
        let path = rest.trim_start_matches("//");
        let path = path.split('?').next().unwrap_or(path);
        if path.is_empty() || path.contains(":memory:") {
            return Claims::caching(None);
        }
        let lock_path = format!("{path}.claims-lock");
        let owner = OpenOptions::new().create(true).truncate(false).write(true).open(&lock_path);
        match owner {
            Ok(file) => match file.try_lock() {
                Ok(()) => Claims::caching(Some(file)),
                Err(e) => {
                    tracing::warn!(lock = %lock_path, error = %e, "another process writes this database: seat claims are read from the store on every request");
                    Claims::reading_through()
                }
            },
            Err(e) => {
                tracing::warn!(lock = %lock_path, error = %e, "cannot create the claims lock: seat claims are read from the store on every request");
                Claims::reading_through()
            }
        }
    }

    fn caching(owner: Option<File>) -> Claims {
        Claims { slots: Mutex::default(), many_answers: Mutex::default(), caching: true, _owner: owner }
    }

    /// No cache: every read goes to the store.
    pub fn reading_through() -> Claims {
        Claims { slots: Mutex::default(), many_answers: Mutex::default(), caching: false, _owner: None }
    }

    pub fn is_caching(&self) -> bool {
        self.caching
    }

    fn lock(&self) -> MutexGuard<'_, Slots> {
        // The critical sections cannot panic halfway; a poisoned lock still holds sound data.
        self.slots.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Announces a write to the trip's claims. Create it before the writing transaction commits
    /// and keep it until the transaction has ended.
    pub fn writing(&self, trip_id: &str) -> ClaimsWrite<'_> {
        let mut slots = self.lock();
        slots.bump(trip_id).writers += 1;
        ClaimsWrite { claims: self, trip_id: trip_id.to_owned() }
    }

    /// The answer kept under `key` if it was made from exactly the claims `made_from` (the
    /// current ones, as [`Claims::trips`] gave them) and no hold in them has expired since;
    /// else `make`'s, kept for the next request.
    pub fn answer_from<E>(
        &self,
        key: &str,
        made_from: &[Arc<TripClaims>],
        now_ms: i64,
        make: impl FnOnce() -> Result<Bytes, E>,
    ) -> Result<Bytes, E> {
        let same = |kept: &ManyAnswer| {
            now_ms < kept.until
                && kept.made_from.len() == made_from.len()
                && kept.made_from.iter().zip(made_from).all(|(a, b)| Arc::ptr_eq(a, b))
        };
        if let Some(kept) = self.many().get(key).filter(|kept| same(kept)) {
            return Ok(kept.body.clone());
        }
        let body = make()?;
        if self.caching {
            let until = made_from.iter().map(|c| c.stable_until(now_ms)).min().unwrap_or(i64::MAX);
            let mut many = self.many();
            if many.len() >= MAX_MANY_ANSWERS {
                many.clear();
            }
            many.insert(key.to_owned(), ManyAnswer { made_from: made_from.to_vec(), until, body: body.clone() });
        }
        Ok(body)
    }

    fn many(&self) -> MutexGuard<'_, HashMap<String, ManyAnswer>> {
        self.many_answers.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Forgets what is known of a trip: for writes made behind the server's back (tests that
    /// age a hold by hand, an operator's manual fix).
    pub fn forget(&self, trip_id: &str) {
        self.lock().bump(trip_id);
    }

    /// Forgets every trip.
    pub fn forget_all(&self) {
        forget_all(&mut self.lock());
    }

    pub async fn trip(
        &self,
        pool: &AnyPool,
        network_version: &str,
        trip_id: &str,
    ) -> Result<Arc<TripClaims>, sqlx::Error> {
        let mut found = self.trips(pool, network_version, &[trip_id]).await?;
        Ok(found.remove(trip_id).unwrap_or_default())
    }

    /// The claims of each trip (absent trips have none) of the timetable `network_version`,
    /// from the cache where it holds them and otherwise from the store, in one query for all the
    /// others.
    pub async fn trips(
        &self,
        pool: &AnyPool,
        network_version: &str,
        trip_ids: &[&str],
    ) -> Result<HashMap<String, Arc<TripClaims>>, sqlx::Error> {
        let mut found = HashMap::with_capacity(trip_ids.len());
        let mut missing: Vec<Before> = Vec::new();
        {
            let mut slots = self.lock();
            if slots.network_version != network_version {
                forget_all(&mut slots);
                slots.network_version = network_version.to_owned();
            }
            for id in trip_ids {
                if found.contains_key(*id) || missing.iter().any(|m| m.trip_id == *id) {
                    continue;
                }
                let slot = slots.by_trip.get(*id);
                match slot {
                    Some(Slot { generation, writers: 0, cached: Some((at, claims)) })
                        if at == generation && self.caching =>
                    {
                        found.insert((*id).to_owned(), Arc::clone(claims));
                    }
                    _ => missing.push(Before {
                        trip_id: (*id).to_owned(),
                        generation: slot.map(|s| s.generation),
                        quiet: slot.is_none_or(|s| s.writers == 0),
                    }),
                }
            }
        }
        if missing.is_empty() {
            return Ok(found);
        }
        let ids: Vec<&str> = missing.iter().map(|m| m.trip_id.as_str()).collect();
        let mut read = read(pool, &ids).await?;
        let mut slots = self.lock();
        if self.caching && slots.by_trip.len() + missing.len() > MAX_TRIPS {
            slots.by_trip.retain(|_, s| s.writers > 0);
        }
        for before in missing {
            let claims = Arc::new(read.remove(&before.trip_id).unwrap_or_default());
            if self.caching && before.quiet {
                store(&mut slots, &before, &claims);
            }
            found.insert(before.trip_id, claims);
        }
        Ok(found)
    }
}

fn forget_all(slots: &mut Slots) {
    // Generations keep counting up, so no remembered one comes back.
    slots.next_generation += 1;
    slots.by_trip.clear();
}

/// Keeps what a reader read if nothing wrote to the trip since it looked.
fn store(slots: &mut Slots, before: &Before, claims: &Arc<TripClaims>) {
    match (slots.by_trip.get_mut(&before.trip_id), before.generation) {
        (Some(slot), Some(generation)) if slot.generation == generation && slot.writers == 0 => {
            slot.cached = Some((generation, Arc::clone(claims)));
        }
        (None, None) => {
            // Never written since the cache began: start the trip's slot with this read.
            slots.next_generation += 1;
            let generation = slots.next_generation;
            slots.by_trip.insert(
                before.trip_id.clone(),
                Slot { generation, writers: 0, cached: Some((generation, Arc::clone(claims))) },
            );
        }
        _ => {}
    }
}

/// Every claim row of the trips, expired holds included.
async fn read(pool: &AnyPool, trip_ids: &[&str]) -> Result<HashMap<String, TripClaims>, sqlx::Error> {
    // Only numbered placeholders are generated into the text; the ids are bound.
    let placeholders: Vec<String> = (1..=trip_ids.len()).map(|i| format!("${i}")).collect();
    let sql = format!(
        "SELECT c.trip_id, c.seat_no, c.leg, c.state, c.expires_at, h.visitor FROM seat_claims c \
         LEFT JOIN holds h ON h.id = c.claim_id WHERE c.trip_id IN ({})",
        placeholders.join(", ")
    );
    let mut query = sqlx::query(sqlx::AssertSqlSafe(sql));
    for id in trip_ids {
        query = query.bind(*id);
    }
    let mut by_trip: HashMap<String, TripClaims> = HashMap::new();
    for row in query.fetch_all(pool).await? {
        let state = match row.try_get::<String, _>("state")?.as_str() {
            "held" => ClaimState::Held,
            "sold" => ClaimState::Sold,
            _ => ClaimState::Blocked,
        };
        let holder: Option<String> = row.try_get("visitor")?;
        let claim = LegClaim {
            leg: row.try_get("leg")?,
            state,
            expires_at: row.try_get("expires_at")?,
            holder: holder.map(Arc::from),
        };
        by_trip
            .entry(row.try_get("trip_id")?)
            .or_default()
            .by_seat
            .entry(row.try_get("seat_no")?)
            .or_default()
            .push(claim);
    }
    Ok(by_trip)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn before(slots: &Slots, trip: &str) -> Before {
        let slot = slots.by_trip.get(trip);
        Before {
            trip_id: trip.into(),
            generation: slot.map(|s| s.generation),
            quiet: slot.is_none_or(|s| s.writers == 0),
        }
    }

    fn cached(claims: &Claims, trip: &str) -> bool {
        let slots = claims.lock();
        slots
            .by_trip
            .get(trip)
            .is_some_and(|s| s.writers == 0 && s.cached.as_ref().is_some_and(|(g, _)| *g == s.generation))
    }

    #[test]
    fn a_read_with_no_write_around_it_is_kept() {
        let claims = Claims::caching(None);
        let seen = before(&claims.lock(), "t1");
        store(&mut claims.lock(), &seen, &Arc::default());
        assert!(cached(&claims, "t1"));
    }

    #[test]
    fn a_write_that_starts_during_a_read_keeps_the_read_out() {
        let claims = Claims::caching(None);
        let seen = before(&claims.lock(), "t1");
        let write = claims.writing("t1");
        drop(write);
        store(&mut claims.lock(), &seen, &Arc::default());
        assert!(!cached(&claims, "t1"));
    }

    #[test]
    fn a_read_that_starts_during_a_write_is_not_kept() {
        let claims = Claims::caching(None);
        let write = claims.writing("t1");
        let seen = before(&claims.lock(), "t1");
        assert!(!seen.quiet);
        drop(write);
        // The reader only stores when it began quiet.
        assert!(!cached(&claims, "t1"));
    }

    #[test]
    fn a_write_forgets_what_was_kept() {
        let claims = Claims::caching(None);
        let seen = before(&claims.lock(), "t1");
        store(&mut claims.lock(), &seen, &Arc::default());
        let write = claims.writing("t1");
        assert!(!cached(&claims, "t1"));
        drop(write);
        assert!(!cached(&claims, "t1"));
    }

    #[test]
    fn a_trip_forgotten_and_made_again_never_repeats_a_generation() {
        let claims = Claims::caching(None);
        drop(claims.writing("t1"));
        let seen = before(&claims.lock(), "t1");
        claims.forget_all();
        drop(claims.writing("t1"));
        store(&mut claims.lock(), &seen, &Arc::default());
        assert!(!cached(&claims, "t1"));
    }

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
        assert_eq!(trip.of_seat("A1", 1_000, None).count(), 0);
        assert_eq!(trip.of_seat("A1", 999, None).count(), 1);
        assert_eq!(trip.of_seat("A1", 999, Some("v1")).count(), 0, "one's own hold");
        assert!(trip.holds_of("v1", 999) && !trip.holds_of("v1", 1_000) && !trip.holds_of("v2", 999));
    }

    #[test]
    fn only_a_sqlite_file_this_process_locks_is_cached() {
        let dir = std::env::temp_dir().join(format!("claims-lock-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let url = format!("sqlite://{}/t.db", dir.display());
        let first = Claims::for_database(&url);
        let second = Claims::for_database(&url);
        assert!(first.is_caching());
        assert!(!second.is_caching());
        assert!(!Claims::for_database("postgres://localhost/x").is_caching());
        drop(first);
        assert!(Claims::for_database(&url).is_caching());
        std::fs::remove_dir_all(&dir).ok();
    }
}
