//! Notices between the server processes on one PostgreSQL: each tells the others which trips'
//! claims it has written, after the write committed, so their copies go sooner than their age
//! would make them. A notice is a hint, never a condition: a process that cannot send or hear
//! them falls back on the age bound alone (the promise, `super`), and no write waits for one.
//!
//! - A committed write puts its trip in the outbox; a sender task sends what the outbox holds
//!   as soon as it can, and at least every [`ECHO_EVERY`] (an empty notice), from the pool.
//! - A listener task on a connection of its own forgets the trips others name. Its own notices
//!   come back to it: a listener that has not heard one of its own for [`WATCHDOG`] is taken for
//!   dead (a connection that failed silently, a server that stopped delivering) and replaced.
//!   The connection also asks the server for TCP keepalives, so a peer that vanished is noticed
//!   on the server's side too.
//! - On every (re)connection the process forgets all it kept: notices sent while it did not
//!   listen are lost.
//!
//! Sending is apart from every write's transaction, so a full notification queue (a listener
//! paused for hours, whose server-side queue PostgreSQL cannot trim) fails notices, never sales.

use std::fmt::Write as _;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use sqlx::postgres::{PgConnectOptions, PgListener, PgPoolOptions};
use tokio::sync::Notify;

use super::coherence::{Slots, forget_all};
use super::unpoisoned;
use crate::store::pool::Pool;

/// The channel every process sends its notices on.
pub(super) const CHANNEL: &str = "seat_claims";
/// How often a process sends a notice when it has written nothing: its listener's heartbeat.
const ECHO_EVERY: Duration = Duration::from_millis(500);
/// A listener that has heard none of its own notices for this long is connected again.
pub(super) const WATCHDOG: Duration = Duration::from_secs(2);
/// PostgreSQL refuses a payload of 8,000 bytes or more.
const PAYLOAD_MAX: usize = 7_900;
/// How long to wait before connecting the listener again.
const RECONNECT_AFTER: Duration = Duration::from_secs(1);
/// The `application_name` of the listener's connection (with the process's token), for whoever
/// reads `pg_stat_activity`.
const APP_NAME: &str = "seat_claims ";
/// Trips waiting in the outbox at most: past this the store is not taking notices, and the
/// others' copies age out by themselves.
const OUTBOX_MAX: usize = 100_000;

/// This process's notices.
#[derive(Debug)]
pub(super) struct Notices {
    shared: Arc<Shared>,
}

#[derive(Debug)]
struct Shared {
    /// Random per process: the first word of each of its notices.
    token: String,
    /// Where [`Shared::own_heard`] counts from.
    origin: Instant,
    outbox: Mutex<Vec<String>>,
    wake: Notify,
    /// When (milliseconds from `origin`) the listener last heard this process's own notice, or
    /// connected.
    own_heard: AtomicU64,
}

impl Notices {
    /// Starts sending through `pool` and listening at `listen_url`; trips other processes name
    /// are forgotten in `slots`.
    pub(super) fn start(listen_url: &str, pool: Pool, slots: Arc<Mutex<Slots>>) -> Result<Notices, String> {
        let token = crate::ids::hex(&crate::ids::random_bytes::<8>().map_err(|e| e.to_string())?);
        let shared = Arc::new(Shared {
            token,
            origin: Instant::now(),
            outbox: Mutex::default(),
            wake: Notify::new(),
            own_heard: AtomicU64::new(0),
        });
        tokio::spawn(send_all(Arc::clone(&shared), pool));
        tokio::spawn(listen(Arc::clone(&shared), listen_url.to_owned(), slots));
        Ok(Notices { shared })
    }

    /// Tells the others, soon, that the trip's claims were written (a committed write only).
    pub(super) fn committed(&self, trip_id: &str) {
        let mut outbox = unpoisoned(&self.shared.outbox);
        if outbox.len() < OUTBOX_MAX {
            outbox.push(trip_id.to_owned());
        }
        drop(outbox);
        self.shared.wake.notify_one();
    }
}

impl Shared {
    fn millis(&self, at: Instant) -> u64 {
        u64::try_from(at.saturating_duration_since(self.origin).as_millis()).unwrap_or(u64::MAX)
    }

    fn heard_own_at(&self, at: Instant) {
        self.own_heard.store(self.millis(at), Ordering::Release);
    }

    /// Whether the listener has gone a [`WATCHDOG`] without hearing itself at `now`.
    fn deaf_at(&self, now: Instant) -> bool {
        let heard = self.own_heard.load(Ordering::Acquire);
        self.millis(now).saturating_sub(heard) >= u64::try_from(WATCHDOG.as_millis()).unwrap_or(u64::MAX)
    }

    /// Applies a notice: another process's trips are forgotten; this process's own notice says
    /// its listener hears.
    fn hear(&self, payload: &str, slots: &Mutex<Slots>) {
        let mut words = payload.split(' ').filter(|w| !w.is_empty());
        if words.next() == Some(self.token.as_str()) {
            self.heard_own_at(Instant::now());
            return;
        }
        let mut slots = unpoisoned(slots);
        for trip in words {
            slots.forget(trip);
        }
    }
}

/// Sends the outbox whenever a write wakes it, and an empty notice every [`ECHO_EVERY`], while
/// the pool is open. Trips of a notice that failed go with the next.
async fn send_all(shared: Arc<Shared>, pool: Pool) {
    while !pool.is_closed() {
        let _ = tokio::time::timeout(ECHO_EVERY, shared.wake.notified()).await;
        let mut trips = std::mem::take(&mut *unpoisoned(&shared.outbox));
        trips.sort_unstable();
        trips.dedup();
        if let Err(e) = send(&pool, &shared.token, &trips).await {
            tracing::warn!(error = %e, "could not send seat claim notices; other processes' copies age out instead");
            {
                let mut outbox = unpoisoned(&shared.outbox);
                if outbox.len() + trips.len() <= OUTBOX_MAX {
                    outbox.extend(trips);
                }
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
}

/// One statement of notices. Nothing in it needs to outlive a crash (every process forgets all
/// when it connects again), so it commits without waiting for the disk or a standby.
async fn send(pool: &Pool, token: &str, trips: &[String]) -> Result<(), sqlx::Error> {
    let payloads = payloads(token, trips);
    let mut sql = String::from("SELECT set_config('synchronous_commit', 'off', true)");
    for n in 1..=payloads.len() {
        let _ = write!(sql, ", pg_notify('{CHANNEL}', ${n})");
    }
    let mut query = sqlx::query(sqlx::AssertSqlSafe(sql));
    for payload in payloads {
        query = query.bind(payload);
    }
    query.execute(pool).await?;
    Ok(())
}

/// The notices naming `trips`, each `token trip ...` under [`PAYLOAD_MAX`] bytes; one with the
/// token alone when there are none.
fn payloads(token: &str, trips: &[String]) -> Vec<String> {
    let mut out = vec![token.to_owned()];
    for trip in trips {
        let last = out.last_mut().filter(|p| p.len() + 1 + trip.len() <= PAYLOAD_MAX);
        match last {
            Some(payload) => {
                payload.push(' ');
                payload.push_str(trip);
            }
            None => out.push(format!("{token} {trip}")),
        }
    }
    out
}

/// Listens, connecting again whenever the connection is lost or the watchdog finds it deaf.
async fn listen(shared: Arc<Shared>, url: String, slots: Arc<Mutex<Slots>>) {
    loop {
        match connect(&url, &shared.token).await {
            Ok(listener) => {
                let connected = || {
                    shared.heard_own_at(Instant::now());
                    forget_all(&mut unpoisoned(&slots));
                };
                connected();
                let hearing = tokio::spawn(hear_all(Arc::clone(&shared), listener, Arc::clone(&slots)));
                // The watchdog: the hearing task is replaced when it ends or hears nothing of
                // its own for too long.
                loop {
                    tokio::time::sleep(ECHO_EVERY).await;
                    if hearing.is_finished() {
                        break;
                    }
                    if shared.deaf_at(Instant::now()) {
                        tracing::warn!(
                            "the seat claims listener heard none of its own notices for {WATCHDOG:?}: connecting again"
                        );
                        hearing.abort();
                        break;
                    }
                }
            }
            Err(e) => tracing::warn!(error = %e, "cannot listen for other processes' claim writes; trying again"),
        }
        tokio::time::sleep(RECONNECT_AFTER).await;
    }
}

/// Hears notices until the connection fails. A reconnection inside sqlx's listener loses what
/// was sent meanwhile, so it forgets all, as a connection of ours does.
async fn hear_all(shared: Arc<Shared>, mut listener: PgListener, slots: Arc<Mutex<Slots>>) {
    loop {
        match listener.try_recv().await {
            Ok(Some(notice)) => shared.hear(notice.payload(), &slots),
            Ok(None) => {
                shared.heard_own_at(Instant::now());
                forget_all(&mut unpoisoned(&slots));
            }
            Err(e) => {
                tracing::warn!(error = %e, "lost the connection listening for claim writes");
                return;
            }
        }
    }
}

/// A listener on [`CHANNEL`], on a connection of its own that the server probes with TCP
/// keepalives (a client that vanished is dropped within about 20 s).
async fn connect(url: &str, token: &str) -> Result<PgListener, sqlx::Error> {
    let options: PgConnectOptions = url.parse()?;
    let options = options.application_name(&format!("{APP_NAME}{token}")).options([
        ("tcp_keepalives_idle", "10"),
        ("tcp_keepalives_interval", "3"),
        ("tcp_keepalives_count", "3"),
    ]);
    let pool =
        PgPoolOptions::new().max_connections(1).max_lifetime(None).idle_timeout(None).connect_with(options).await?;
    let mut listener = PgListener::connect_with(&pool).await?;
    listener.ignore_pool_close_event(true);
    listener.listen(CHANNEL).await?;
    Ok(listener)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shared() -> Shared {
        Shared {
            token: "me".to_owned(),
            origin: Instant::now(),
            outbox: Mutex::default(),
            wake: Notify::new(),
            own_heard: AtomicU64::new(0),
        }
    }

    #[test]
    fn notices_fit_postgresql_and_name_every_trip_once() {
        let trips: Vec<String> = (0..1000).map(|n| format!("trip-dhaka-chattogram-{n:05}")).collect();
        let sent = payloads("abc", &trips);
        assert!(sent.len() > 1);
        assert!(sent.iter().all(|p| p.len() <= PAYLOAD_MAX && p.starts_with("abc ")));
        let named: Vec<&str> = sent.iter().flat_map(|p| p.split(' ').skip(1)).collect();
        assert_eq!(named, trips.iter().map(String::as_str).collect::<Vec<_>>());
        assert_eq!(payloads("abc", &[]), ["abc"], "an echo alone");
    }

    #[test]
    fn another_process_notice_forgets_its_trips_and_an_own_one_feeds_the_watchdog() {
        let shared = shared();
        let slots = Mutex::new(Slots::aging(1_000));
        let seen = unpoisoned(&slots).before("trip-a");
        super::super::coherence::store(&mut unpoisoned(&slots), &seen, &Arc::default(), 0);
        shared.hear("other trip-b", &slots);
        assert!(unpoisoned(&slots).kept("trip-a", 0).is_some(), "a trip not named stays");
        shared.hear("other trip-a trip-b", &slots);
        assert!(unpoisoned(&slots).kept("trip-a", 0).is_none());

        let start = shared.origin;
        assert!(shared.deaf_at(start + WATCHDOG), "nothing heard yet");
        shared.hear("me trip-x", &slots);
        let heard = Instant::now();
        assert!(!shared.deaf_at(heard + WATCHDOG - Duration::from_millis(10)));
        assert!(shared.deaf_at(heard + WATCHDOG + Duration::from_millis(10)));
    }
}
