//! Logins (issue 13): how long one lasts, and whether a login's token still stands.
//!
//! A login is a row in `user_sessions`; its access token names it (`http::auth`). The token
//! alone is not believed: every call made with it checks here that the session has not ended
//! (logout) or expired. That check is what makes a long-lived token safe, so the access token
//! simply lives as long as its session ([`SESSION_MS`]): no refresh token, no second expiry to
//! keep in step, and when it ends the site asks the traveller to log in again.
//!
//! A confirmed session is trusted for [`TRUST_MS`] without asking the store again (a logged-in
//! traveller's every search and seat view would otherwise wait for it). A logout forgets it here
//! at once, so in this process it takes effect at the next call; another server process
//! behind the same load balancer may accept the token for at most [`TRUST_MS`] more.

use std::collections::HashMap;
use std::sync::{Mutex, MutexGuard};

use crate::store::pool::Pool;

use crate::domain::identity::Login;
use crate::store::accounts::{self, SessionRow};

/// How long a login lasts: a month, the way travellers here keep an app logged in between
/// trips (an Eid journey there and back).
pub const SESSION_MS: i64 = 30 * 24 * 60 * 60 * 1000;

/// How long a session the store confirmed is believed without asking again.
pub const TRUST_MS: i64 = 10 * 1000;

/// Sessions kept at most; past this the memory starts again (each is asked once more).
const MAX_KEPT: usize = 100_000;

/// The login an access token names (claims `u` and `i`): the store says whether it stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SessionClaim {
    pub user_id: String,
    pub session_id: String,
}

/// Whether a session stands at `now_ms`: not ended, not expired.
pub fn stands(expires_at: i64, ended_at: Option<i64>, now_ms: i64) -> bool {
    ended_at.is_none() && now_ms < expires_at
}

/// A session as the store confirmed it, and when.
#[derive(Debug, Clone)]
struct Kept {
    user_id: String,
    phone: String,
    expires_at: i64,
    checked_at: i64,
    second_factor: bool,
}

impl Kept {
    /// Whether this may still be believed at `now_ms` without the store.
    fn fresh(&self, now_ms: i64) -> bool {
        now_ms - self.checked_at < TRUST_MS && stands(self.expires_at, None, now_ms)
    }

    /// Whether this may still be believed for `user_id` at `now_ms` without the store.
    fn trusted(&self, user_id: &str, now_ms: i64) -> bool {
        self.user_id == user_id && self.fresh(now_ms)
    }
}

/// The sessions this process confirmed lately.
#[derive(Debug, Default)]
pub struct Sessions {
    kept: Mutex<HashMap<String, Kept>>,
}

impl Sessions {
    fn kept(&self) -> MutexGuard<'_, HashMap<String, Kept>> {
        // Nothing here can panic halfway; a poisoned map still holds sound entries.
        self.kept.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The login `claim` names, if its session stands at `now_ms` and is the named user's.
    pub async fn check(&self, pool: &Pool, claim: &SessionClaim, now_ms: i64) -> Result<Option<Login>, sqlx::Error> {
        let login = |phone: String, second_factor: bool| Login {
            user_id: claim.user_id.clone(),
            session_id: claim.session_id.clone(),
            phone,
            second_factor,
        };
        if let Some(kept) = self.kept().get(&claim.session_id).filter(|k| k.trusted(&claim.user_id, now_ms)) {
            return Ok(Some(login(kept.phone.clone(), kept.second_factor)));
        }
        let row = accounts::session(pool, &claim.session_id).await?;
        let Some(SessionRow { user_id, phone, expires_at, ended_at, second_factor }) = row else {
            return Ok(None);
        };
        let second_factor = second_factor != 0;
        if user_id != claim.user_id || !stands(expires_at, ended_at, now_ms) {
            self.forget(&claim.session_id);
            return Ok(None);
        }
        let mut kept = self.kept();
        if kept.len() >= MAX_KEPT {
            kept.clear();
        }
        kept.insert(
            claim.session_id.clone(),
            Kept { user_id, phone: phone.clone(), expires_at, checked_at: now_ms, second_factor },
        );
        Ok(Some(login(phone, second_factor)))
    }

    /// Stops believing a session (it was just ended).
    pub fn forget(&self, session_id: &str) {
        self.kept().remove(session_id);
    }

    /// Stops believing every session of a user (a staff grant was taken away).
    pub fn forget_user(&self, user_id: &str) {
        self.kept().retain(|_, k| k.user_id != user_id);
    }

    /// Forgets what can no longer be believed (the janitor).
    pub fn forget_stale(&self, now_ms: i64) {
        self.kept().retain(|_, k| k.fresh(now_ms));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_session_stands_until_it_ends_or_expires() {
        assert!(stands(1_000, None, 999));
        assert!(!stands(1_000, None, 1_000), "expired at its end");
        assert!(!stands(1_000, Some(500), 600), "ended by logout");
        assert!(!stands(1_000, Some(500), 400), "an ended session stays ended whatever the clock says");
    }

    #[test]
    fn a_confirmed_session_is_believed_briefly_and_never_past_its_end() {
        let kept = Kept {
            user_id: "u1".into(),
            phone: "01712345678".into(),
            expires_at: 60_000,
            checked_at: 0,
            second_factor: false,
        };
        assert!(kept.trusted("u1", TRUST_MS - 1));
        assert!(!kept.trusted("u1", TRUST_MS), "asked again after a while");
        assert!(!kept.trusted("u2", 1), "another user's claim on the session is asked of the store");
        let ending = Kept { expires_at: 5_000, ..kept };
        assert!(!ending.trusted("u1", 5_000), "not believed past its expiry, however recent the check");
    }

    #[test]
    fn forgetting_a_session_drops_it_at_once() {
        let sessions = Sessions::default();
        let kept =
            Kept { user_id: "u1".into(), phone: "p".into(), expires_at: i64::MAX, checked_at: 0, second_factor: false };
        sessions.kept().insert("s1".into(), kept.clone());
        sessions.kept().insert("s2".into(), Kept { checked_at: -TRUST_MS, ..kept });
        sessions.forget("s1");
        assert!(!sessions.kept().contains_key("s1"));
        sessions.forget_stale(1);
        assert!(sessions.kept().is_empty(), "a stale entry goes with the janitor");
    }
}
