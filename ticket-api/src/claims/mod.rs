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
//! while their claims stand; [`owner`] who else writes the store; [`peers`] how the processes
//! on one PostgreSQL tell each other of their writes, so each keeps a cache.

mod answers;
mod coherence;
mod owner;
mod peers;
pub mod trip;

use std::cell::Cell;
use std::collections::HashMap;
use std::future::Future;
use std::sync::{Arc, Mutex, MutexGuard};

use crate::config::ClaimsListen;
use crate::store::db::{Backend, Pool, backend_of};
use axum::body::Bytes;

use self::answers::SearchAnswers;
use self::coherence::{Before, Slots, forget_all, store};
use self::owner::Writer;
pub use self::peers::LEASE;
pub use self::trip::{ClaimState, LegClaim, TripClaims};

/// Trips kept at most; past this the cache starts again (a day of the demo network is 320).
const MAX_TRIPS: usize = 20_000;

/// The claims of trips, read through the cache when this process may keep one.
#[derive(Debug)]
pub struct Claims {
    slots: Arc<Mutex<Slots>>,
    searches: SearchAnswers,
    /// Holds the lock file open while this process is the only writer.
    writer: Writer,
}

/// A lock of this module's: its critical sections cannot panic halfway, so a poisoned lock still
/// holds sound data.
fn unpoisoned<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

tokio::task_local! {
    /// The last claims round a request's writes go out with: its answer waits for it.
    static ANNOUNCED: Cell<u64>;
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
        if let Writer::Peers(peers) = &self.claims.writer {
            let round = peers.announce(&self.trip_id);
            // Outside a request (a background task) nobody waits for an answer.
            let _ = ANNOUNCED.try_with(|last| last.set(last.get().max(round)));
        }
    }
}

impl Claims {
    /// The cache for the store at `database_url` served from `pool`: on a SQLite file while this
    /// process is its one writer; on PostgreSQL kept coherent with the other processes' by
    /// listening as `listen` says.
    pub fn start(database_url: &str, listen: &ClaimsListen, pool: &Pool) -> Claims {
        if !matches!(backend_of(database_url), Ok(Backend::Postgres)) {
            return Claims::for_sqlite(database_url);
        }
        let listen_url = match listen {
            ClaimsListen::Off => return Claims::reading_through(),
            ClaimsListen::Database => database_url,
            ClaimsListen::Url(url) => url,
        };
        let slots = Arc::new(Mutex::new(Slots::aging(peers::MAX_AGE_MS)));
        match peers::Peers::start(listen_url, pool.clone(), Arc::clone(&slots)) {
            Ok(peers) => Claims { slots, searches: SearchAnswers::default(), writer: Writer::Peers(peers) },
            Err(e) => {
                tracing::warn!(error = %e, "seat claims are read from the store on every request");
                Claims::reading_through()
            }
        }
    }

    /// A cache for the SQLite store at `database_url`: on while this process is its one writer.
    pub fn for_sqlite(database_url: &str) -> Claims {
        Claims::with(owner::for_sqlite(database_url))
    }

    /// No cache: every read goes to the store.
    pub fn reading_through() -> Claims {
        Claims::with(Writer::Shared)
    }

    fn with(writer: Writer) -> Claims {
        Claims { slots: Arc::default(), searches: SearchAnswers::default(), writer }
    }

    /// Whether claims are kept in memory (among several processes, each read still checks that
    /// this process hears the others).
    pub fn is_caching(&self) -> bool {
        matches!(self.writer, Writer::Only { .. } | Writer::Peers(_))
    }

    /// Whether other processes share the store and are told of this one's writes.
    pub fn has_peers(&self) -> bool {
        matches!(self.writer, Writer::Peers(_))
    }

    /// Runs a request, then waits until its claim writes have been announced to the other
    /// processes: once it is answered, no other process shows the seats as they were.
    pub async fn answer_when_told<F: Future>(&self, request: F) -> F::Output {
        let Writer::Peers(peers) = &self.writer else {
            return request.await;
        };
        let (answer, round) = ANNOUNCED
            .scope(Cell::new(0), async {
                let answer = request.await;
                (answer, ANNOUNCED.with(Cell::get))
            })
            .await;
        if round > 0 {
            peers.reach(round).await;
        }
        answer
    }

    /// Whether every claim write of this process has been told to the others (always, with
    /// nobody to tell): true after any write's answer.
    pub fn all_told(&self) -> bool {
        match &self.writer {
            Writer::Peers(peers) => peers.all_told(),
            Writer::Only { .. } | Writer::Shared => true,
        }
    }

    /// Whether kept claims may be used by a read beginning now.
    fn may_use_kept(&self) -> bool {
        match &self.writer {
            Writer::Only { .. } => true,
            Writer::Peers(peers) => peers.trusts(),
            Writer::Shared => false,
        }
    }

    fn lock(&self) -> MutexGuard<'_, Slots> {
        unpoisoned(&self.slots)
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
        let caching = self.may_use_kept();
        let now_ms = crate::clock::now_unix_ms();
        let mut found = HashMap::with_capacity(trip_ids.len());
        let mut missing: Vec<Before> = Vec::new();
        {
            let mut slots = self.lock();
            slots.for_network(network_version);
            for id in trip_ids {
                if found.contains_key(*id) || missing.iter().any(|m| m.trip_id == *id) {
                    continue;
                }
                match slots.kept(id, now_ms).filter(|_| caching) {
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
                store(&mut slots, &before, &claims, now_ms);
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
        let first = Claims::for_sqlite(&url);
        let second = Claims::for_sqlite(&url);
        assert!(first.is_caching());
        assert!(!second.is_caching());
        drop(first);
        assert!(Claims::for_sqlite(&url).is_caching());
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn a_write_guard_keeps_the_trip_out_of_the_cache_until_dropped() {
        let claims = Claims::with(Writer::Only { _lock: None });
        let seen = claims.lock().before("t1");
        store(&mut claims.lock(), &seen, &Arc::default(), 0);
        let write = claims.writing("t1");
        assert!(claims.lock().kept("t1", 0).is_none());
        drop(write);
        assert!(claims.lock().kept("t1", 0).is_none(), "the write ended: what was kept is gone");
    }
}
