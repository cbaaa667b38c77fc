//! The seat claims of trips as search and seat view read them, with a cache in each process.
//!
//! Every search and seat view needs the live claims of its trips; reading them from the store on
//! every request caps those calls at the rate of one database round trip. So the claims of a
//! trip are kept in memory once read, under one promise:
//!
//! **A search or seat view shows claims at most `CLAIMS_MAX_AGE_MS` (1 s) old; nothing that
//! sells, refunds or admits reads them from here.** The store's UNIQUE claim per seat-leg is what
//! refuses a second sale, whatever a copy said.
//!
//! How it is kept: every copy is read again once older than the bound. Within this process a
//! write announces itself with a [`ClaimsWrite`] guard, created before its transaction commits
//! and dropped after it has ended, so this process's own writes show at once. On PostgreSQL the
//! processes also tell each other of their committed writes ([`notices`]), so another process's
//! write usually shows within milliseconds; a process that cannot hear them falls back on the
//! bound alone.
//!
//! By concern: [`trip`] is one trip's claims and what they say at a moment; [`coherence`] the
//! seqlock and age that decide when a kept copy may be used; [`answers`] the search answers kept
//! while their claims stand; [`notices`] what the processes on one PostgreSQL tell each other.

mod answers;
mod coherence;
mod notices;
pub mod trip;

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};

use crate::config::ClaimsListen;
use crate::store::inventory::TripWrite;
use crate::store::pool::{Backend, Pool, backend_of};
use axum::body::Bytes;

use self::answers::SearchAnswers;
use self::coherence::{Before, Slots, forget_all, store};
use self::notices::Notices;
pub use self::trip::{LegClaim, TripClaims};

/// Trips kept at most; past this the cache starts again (a day of the demo network is 320).
const MAX_TRIPS: usize = 20_000;

/// The claims of trips, read through the cache.
#[derive(Debug)]
pub struct Claims {
    slots: Arc<Mutex<Slots>>,
    searches: SearchAnswers,
    /// How long a copy is used after it was read; 0 reads the store every time.
    max_age_ms: i64,
    /// Notices to and from the other processes on one PostgreSQL.
    notices: Option<Notices>,
}

/// A lock of this module's: its critical sections cannot panic halfway, so a poisoned lock still
/// holds sound data.
fn unpoisoned<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// A write to a trip's claims in progress: the cache does not trust (or keep) that trip's
/// claims until it is dropped, after the transaction has committed or rolled back. Marked
/// [`ClaimsWrite::committed`], it is told to the other processes when dropped.
#[derive(Debug)]
#[must_use = "the write counts as in flight only while the guard lives"]
pub struct ClaimsWrite<'a> {
    claims: &'a Claims,
    trip_id: String,
    committed: bool,
}

impl TripWrite for ClaimsWrite<'_> {
    fn trip_id(&self) -> &str {
        &self.trip_id
    }
}

impl ClaimsWrite<'_> {
    /// The write's transaction committed: the other processes are told (a rolled-back write
    /// changed nothing they need to know).
    pub fn committed(mut self) {
        self.committed = true;
    }
}

impl Drop for ClaimsWrite<'_> {
    fn drop(&mut self) {
        self.claims.lock().end_write(&self.trip_id);
        if let (true, Some(notices)) = (self.committed, &self.claims.notices) {
            notices.committed(&self.trip_id);
        }
    }
}

impl Claims {
    /// The cache for the store at `database_url` served from `pool`, copies kept at most
    /// `max_age_ms`; on PostgreSQL told of the other processes' writes as `listen` says.
    pub fn start(database_url: &str, listen: &ClaimsListen, pool: &Pool, max_age_ms: u32) -> Claims {
        let mut claims = Claims::local(max_age_ms);
        let listen_url = match listen {
            _ if !matches!(backend_of(database_url), Ok(Backend::Postgres)) => return claims,
            ClaimsListen::Off => return claims,
            ClaimsListen::Database => database_url,
            ClaimsListen::Url(url) => url,
        };
        match Notices::start(listen_url, pool.clone(), Arc::clone(&claims.slots)) {
            Ok(notices) => claims.notices = Some(notices),
            Err(e) => tracing::warn!(error = %e, "no seat claim notices: copies live out their age"),
        }
        claims
    }

    /// A cache told of this process's writes only (SQLite; PostgreSQL without notices): other
    /// processes' writes show once a copy has aged out.
    pub fn local(max_age_ms: u32) -> Claims {
        let max_age_ms = i64::from(max_age_ms);
        Claims {
            slots: Arc::new(Mutex::new(Slots::aging(max_age_ms))),
            searches: SearchAnswers::default(),
            max_age_ms,
            notices: None,
        }
    }

    /// Whether claims are kept in memory at all.
    pub fn is_caching(&self) -> bool {
        self.max_age_ms > 0
    }

    /// Whether this process tells the others on its PostgreSQL of its writes, and hears theirs.
    pub fn has_notices(&self) -> bool {
        self.notices.is_some()
    }

    fn lock(&self) -> MutexGuard<'_, Slots> {
        unpoisoned(&self.slots)
    }

    /// Announces a write to the trip's claims. Create it before the writing transaction commits,
    /// mark it [`ClaimsWrite::committed`] after a commit, and keep it until the transaction has
    /// ended.
    pub fn writing(&self, trip_id: &str) -> ClaimsWrite<'_> {
        self.lock().start_write(trip_id);
        ClaimsWrite { claims: self, trip_id: trip_id.to_owned(), committed: false }
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
        let now_ms = crate::clock::now_unix_ms();
        let mut found = HashMap::with_capacity(trip_ids.len());
        let mut missing: Vec<Before> = Vec::new();
        {
            let mut slots = self.lock();
            slots.for_network(network_version);
            if caching {
                // Before any reader notes what it sees, so that only readers already under way
                // lose their copy to the new epoch.
                slots.bound(MAX_TRIPS, trip_ids.len());
            }
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
    fn a_write_guard_keeps_the_trip_out_of_the_cache_until_dropped() {
        let claims = Claims::local(1_000);
        let seen = claims.lock().before("t1");
        store(&mut claims.lock(), &seen, &Arc::default(), 0);
        let write = claims.writing("t1");
        assert!(claims.lock().kept("t1", 0).is_none());
        drop(write);
        assert!(claims.lock().kept("t1", 0).is_none(), "the write ended: what was kept is gone");
    }
}
