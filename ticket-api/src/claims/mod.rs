//! The seat claims of trips as search and seat view read them, with a coherent in-process cache.
//!
//! Every search and seat view needs the live claims of its trips; reading them from the store on
//! every request caps those calls at the rate of one database round trip (sqlx's SQLite driver
//! runs each query on a worker thread). So the claims of a trip are kept in memory once read,
//! and every write to `seat_claims` announces itself here with a [`ClaimsWrite`] guard, created
//! before the writing transaction commits and dropped after it has ended.
//!
//! By concern: [`trip`] is one trip's claims and what they say at a moment; [`coherence`] the
//! seqlock that decides when a kept copy may be trusted; [`answers`] the search answers kept
//! while their claims stand; [`owner`] whether this process is the store's one writer (else
//! there is no cache and every request reads the store).

mod answers;
mod coherence;
mod owner;
pub mod trip;

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};

use crate::store::db::Pool;
use axum::body::Bytes;

use self::answers::SearchAnswers;
use self::coherence::{Before, Slots, forget_all, store};
use self::owner::Writer;
pub use self::trip::{ClaimState, LegClaim, TripClaims};

/// Trips kept at most; past this the cache starts again (a day of the demo network is 320).
const MAX_TRIPS: usize = 20_000;

/// The claims of trips, read through the cache when this process may keep one.
#[derive(Debug)]
pub struct Claims {
    slots: Mutex<Slots>,
    searches: SearchAnswers,
    /// Holds the lock file open while this process is the only writer.
    writer: Writer,
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
        self.claims.lock().end_write(&self.trip_id);
    }
}

impl Claims {
    /// A cache for the store at `database_url`: on while this process is its one writer.
    pub fn for_database(database_url: &str) -> Claims {
        Claims::with(owner::for_database(database_url))
    }

    /// No cache: every read goes to the store.
    pub fn reading_through() -> Claims {
        Claims::with(Writer::Shared)
    }

    fn with(writer: Writer) -> Claims {
        Claims { slots: Mutex::default(), searches: SearchAnswers::default(), writer }
    }

    pub fn is_caching(&self) -> bool {
        matches!(self.writer, Writer::Only { .. })
    }

    fn lock(&self) -> MutexGuard<'_, Slots> {
        // The critical sections cannot panic halfway; a poisoned lock still holds sound data.
        self.slots.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Announces a write to the trip's claims. Create it before the writing transaction commits
    /// and keep it until the transaction has ended.
    pub fn writing(&self, trip_id: &str) -> ClaimsWrite<'_> {
        self.lock().start_write(trip_id);
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
        self.searches.answer(key, made_from, now_ms, self.is_caching(), make)
    }

    /// Forgets what is known of a trip: for writes made behind the server's back (tests that
    /// age a hold by hand, an operator's manual fix).
    pub fn forget(&self, trip_id: &str) {
        self.lock().forget(trip_id);
    }

    /// Forgets every trip.
    pub fn forget_all(&self) {
        forget_all(&mut self.lock());
    }

    pub async fn trip(
        &self,
        pool: &Pool,
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
        pool: &Pool,
        network_version: &str,
        trip_ids: &[&str],
    ) -> Result<HashMap<String, Arc<TripClaims>>, sqlx::Error> {
        let caching = self.is_caching();
        let mut found = HashMap::with_capacity(trip_ids.len());
        let mut missing: Vec<Before> = Vec::new();
        {
            let mut slots = self.lock();
            slots.for_network(network_version);
            for id in trip_ids {
                if found.contains_key(*id) || missing.iter().any(|m| m.trip_id == *id) {
                    continue;
                }
                match slots.kept(id).filter(|_| caching) {
                    Some(claims) => {
                        found.insert((*id).to_owned(), Arc::clone(claims));
                    }
                    None => missing.push(slots.before(id)),
                }
            }
        }
        if missing.is_empty() {
            return Ok(found);
        }
        let ids: Vec<&str> = missing.iter().map(|m| m.trip_id.as_str()).collect();
        let mut read: HashMap<String, TripClaims> = HashMap::new();
        for row in crate::store::claims::of_trips(pool, &ids).await? {
            read.entry(row.trip_id.clone()).or_default().push(row);
        }
        let mut slots = self.lock();
        if caching {
            slots.bound(MAX_TRIPS, missing.len());
        }
        for before in missing {
            let claims = Arc::new(read.remove(&before.trip_id).unwrap_or_default());
            if caching && before.quiet {
                store(&mut slots, &before, &claims);
            }
            found.insert(before.trip_id, claims);
        }
        Ok(found)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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

    #[test]
    fn a_write_guard_keeps_the_trip_out_of_the_cache_until_dropped() {
        let claims = Claims::with(Writer::Only { _lock: None });
        let seen = claims.lock().before("t1");
        store(&mut claims.lock(), &seen, &Arc::default());
        let write = claims.writing("t1");
        assert!(claims.lock().kept("t1").is_none());
        drop(write);
        assert!(claims.lock().kept("t1").is_none(), "the write ended: what was kept is gone");
    }
}
