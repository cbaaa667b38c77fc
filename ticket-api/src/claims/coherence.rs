//! Coherence of the claims kept in memory: a seqlock per trip.
//!
//! - a write bumps the trip's generation when it starts and again when it ends, and counts as in
//!   flight meanwhile;
//! - a kept copy is used only if no write is in flight and the generation is the one it was read
//!   at;
//! - a reader keeps what it read only if, from before its query until after it, no write was in
//!   flight and the generation did not move. A write that committed during the query may or may
//!   not be in what was read, so such a read is used once and not kept;
//! - forgetting everything (a listener connected again, a new timetable, the cache grown past its
//!   bound) starts a new epoch: a read begun in an earlier one is not kept;
//! - every copy is used at most a maximum age after it was read (the promise, `super`): writes
//!   of other processes reach this one only as notices ([`super::notices`]), or not at all.

use std::collections::HashMap;
use std::sync::Arc;

use super::trip::TripClaims;

#[derive(Debug, Default)]
pub(super) struct Slot {
    /// Moves on every write that starts or ends; values are unique across slots, so a slot
    /// forgotten and made again never repeats a generation a reader remembers.
    generation: u64,
    writers: u32,
    /// The claims as read at the generation, and when (Unix ms).
    cached: Option<(u64, Arc<TripClaims>, i64)>,
}

#[derive(Debug, Default)]
pub(super) struct Slots {
    next_generation: u64,
    /// Moves each time everything is forgotten.
    epoch: u64,
    /// How long a copy is used after it was read.
    max_age_ms: i64,
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

/// What a reader saw of a trip before its query.
pub(super) struct Before {
    pub trip_id: String,
    pub generation: Option<u64>,
    pub quiet: bool,
    epoch: u64,
}

impl Slots {
    /// Slots whose copies are used at most `max_age_ms` after they were read.
    pub(super) fn aging(max_age_ms: i64) -> Slots {
        Slots { max_age_ms, ..Slots::default() }
    }

    /// The kept claims of a trip, if they can be trusted at `now_ms`.
    pub(super) fn kept(&self, trip_id: &str, now_ms: i64) -> Option<&Arc<TripClaims>> {
        let young = |read_at: i64| now_ms - read_at < self.max_age_ms;
        match self.by_trip.get(trip_id) {
            Some(Slot { generation, writers: 0, cached: Some((at, claims, read_at)) })
                if at == generation && young(*read_at) =>
            {
                Some(claims)
            }
            _ => None,
        }
    }

    /// What a reader notes before its query.
    pub(super) fn before(&self, trip_id: &str) -> Before {
        let slot = self.by_trip.get(trip_id);
        Before {
            trip_id: trip_id.to_owned(),
            generation: slot.map(|s| s.generation),
            quiet: slot.is_none_or(|s| s.writers == 0),
            epoch: self.epoch,
        }
    }

    /// A write to the trip starts.
    pub(super) fn start_write(&mut self, trip_id: &str) {
        self.bump(trip_id).writers += 1;
    }

    /// A write to the trip has ended (committed or rolled back).
    pub(super) fn end_write(&mut self, trip_id: &str) {
        let slot = self.bump(trip_id);
        slot.writers = slot.writers.saturating_sub(1);
    }

    /// Forgets what is known of one trip.
    pub(super) fn forget(&mut self, trip_id: &str) {
        self.bump(trip_id);
    }

    /// Keeps at most `max` trips: past it, everything not being written is dropped, in a new
    /// epoch. A dropped slot takes its generation with it, so a reader that noted the trip as
    /// never written, before a write that came and went, would otherwise keep what it read.
    pub(super) fn bound(&mut self, max: usize, adding: usize) {
        if self.by_trip.len() + adding > max {
            self.epoch += 1;
            self.by_trip.retain(|_, s| s.writers > 0);
        }
    }

    /// Starts again when the timetable changed (a re-seed, maybe by another process).
    pub(super) fn for_network(&mut self, version: &str) {
        if self.network_version != version {
            forget_all(self);
            self.network_version = version.to_owned();
        }
    }
}

pub(super) fn forget_all(slots: &mut Slots) {
    // Generations keep counting up, so no remembered one comes back.
    slots.next_generation += 1;
    slots.epoch += 1;
    slots.by_trip.clear();
}

/// Keeps what a reader read (before `read_at`, Unix ms) if nothing wrote to the trip since it
/// looked.
pub(super) fn store(slots: &mut Slots, before: &Before, claims: &Arc<TripClaims>, read_at: i64) {
    if before.epoch != slots.epoch {
        return;
    }
    match (slots.by_trip.get_mut(&before.trip_id), before.generation) {
        (Some(slot), Some(generation)) if slot.generation == generation && slot.writers == 0 => {
            slot.cached = Some((generation, Arc::clone(claims), read_at));
        }
        (None, None) => {
            // Never written since the cache began: start the trip's slot with this read.
            slots.next_generation += 1;
            let generation = slots.next_generation;
            slots.by_trip.insert(
                before.trip_id.clone(),
                Slot { generation, writers: 0, cached: Some((generation, Arc::clone(claims), read_at)) },
            );
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn before(slots: &Slots, trip: &str) -> Before {
        slots.before(trip)
    }

    fn cached(slots: &Slots, trip: &str) -> bool {
        slots.kept(trip, 0).is_some()
    }

    fn slots() -> Slots {
        Slots::aging(1_000)
    }

    #[test]
    fn a_read_with_no_write_around_it_is_kept() {
        let mut slots = slots();
        let seen = before(&slots, "t1");
        store(&mut slots, &seen, &Arc::default(), 0);
        assert!(cached(&slots, "t1"));
    }

    #[test]
    fn a_write_that_starts_during_a_read_keeps_the_read_out() {
        let mut slots = slots();
        let seen = before(&slots, "t1");
        slots.start_write("t1");
        slots.end_write("t1");
        store(&mut slots, &seen, &Arc::default(), 0);
        assert!(!cached(&slots, "t1"));
    }

    #[test]
    fn a_read_that_starts_during_a_write_is_not_kept() {
        let mut slots = slots();
        slots.start_write("t1");
        let seen = before(&slots, "t1");
        assert!(!seen.quiet);
        slots.end_write("t1");
        // The reader only stores when it began quiet.
        assert!(!cached(&slots, "t1"));
    }

    #[test]
    fn a_write_forgets_what_was_kept() {
        let mut slots = slots();
        let seen = before(&slots, "t1");
        store(&mut slots, &seen, &Arc::default(), 0);
        slots.start_write("t1");
        assert!(!cached(&slots, "t1"));
        slots.end_write("t1");
        assert!(!cached(&slots, "t1"));
    }

    #[test]
    fn a_trip_forgotten_and_made_again_never_repeats_a_generation() {
        let mut slots = slots();
        slots.start_write("t1");
        slots.end_write("t1");
        let seen = before(&slots, "t1");
        forget_all(&mut slots);
        slots.start_write("t1");
        slots.end_write("t1");
        store(&mut slots, &seen, &Arc::default(), 0);
        assert!(!cached(&slots, "t1"));
    }

    #[test]
    fn a_read_begun_before_everything_was_forgotten_is_not_kept() {
        let mut slots = slots();
        let seen = before(&slots, "t1");
        forget_all(&mut slots);
        store(&mut slots, &seen, &Arc::default(), 0);
        assert!(!cached(&slots, "t1"), "the read may have missed a write announced while nobody listened");
    }

    #[test]
    fn a_read_that_raced_a_write_is_not_kept_when_the_bound_dropped_the_trip_meanwhile() {
        // The reader notes a trip never written; a seat-lock starts and ends while it reads;
        // then the cache, past its bound, drops every quiet trip. Without a new epoch the reader
        // found no slot, as before, and kept a copy without the lock's hold for good.
        let mut slots = slots();
        let seen = before(&slots, "t1");
        slots.start_write("t1");
        slots.end_write("t1");
        slots.bound(1, 1);
        store(&mut slots, &seen, &Arc::default(), 0);
        assert!(!cached(&slots, "t1"));
        let again = before(&slots, "t1");
        store(&mut slots, &again, &Arc::default(), 0);
        assert!(cached(&slots, "t1"), "a read begun after the bound is kept");
    }

    #[test]
    fn a_copy_is_used_at_most_its_maximum_age() {
        let mut slots = Slots::aging(5_000);
        let seen = before(&slots, "t1");
        store(&mut slots, &seen, &Arc::default(), 1_000);
        assert!(slots.kept("t1", 5_999).is_some());
        assert!(slots.kept("t1", 6_000).is_none());
    }
}
