//! Answers made from the claims of several trips (a search), kept while exactly those claims
//! stand and no hold in them has expired.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};

use axum::body::Bytes;

use super::trip::TripClaims;

#[derive(Debug)]
struct ManyAnswer {
    made_from: Vec<Arc<TripClaims>>,
    until: i64,
    body: Bytes,
}

/// Many-trip answers kept at most (distinct searches of the last moments).
const MAX_MANY_ANSWERS: usize = 10_000;

#[derive(Debug, Default)]
pub(super) struct SearchAnswers {
    kept: Mutex<HashMap<String, ManyAnswer>>,
}

impl SearchAnswers {
    fn lock(&self) -> MutexGuard<'_, HashMap<String, ManyAnswer>> {
        super::unpoisoned(&self.kept)
    }

    /// The answer kept under `key` if it was made from exactly the claims `made_from` and no
    /// hold in them has expired since; else `make`'s, kept (when `keep`) for the next request.
    pub(super) fn answer<E>(
        &self,
        key: &str,
        made_from: &[Arc<TripClaims>],
        now_ms: i64,
        keep: bool,
        make: impl FnOnce() -> Result<Bytes, E>,
    ) -> Result<Bytes, E> {
        let same = |kept: &ManyAnswer| {
            now_ms < kept.until
                && kept.made_from.len() == made_from.len()
                && kept.made_from.iter().zip(made_from).all(|(a, b)| Arc::ptr_eq(a, b))
        };
        if let Some(kept) = self.lock().get(key).filter(|kept| same(kept)) {
            return Ok(kept.body.clone());
        }
        let body = make()?;
        if keep {
            let until = made_from.iter().map(|c| c.stable_until(now_ms)).min().unwrap_or(i64::MAX);
            let mut kept = self.lock();
            if kept.len() >= MAX_MANY_ANSWERS {
                kept.clear();
            }
            kept.insert(key.to_owned(), ManyAnswer { made_from: made_from.to_vec(), until, body: body.clone() });
        }
        Ok(body)
    }
}
