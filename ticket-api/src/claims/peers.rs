//! The claims cache of one server process among several on one PostgreSQL: what this process
//! tells the others of its writes, and what it hears of theirs.
//!
//! The promise kept: a seat sold (or held, or freed) through one process is never shown
//! otherwise by another once the sale has been answered. Both halves go through *rounds*:
//!
//! - a round is one statement on the store that notifies `seat_claims` of the trips written here
//!   since the last round (if any) and this process's own channel of the round's number;
//! - PostgreSQL delivers notifications in the order their transactions committed, so when this
//!   process's listener hears its own round, it has heard (and applied) every notification
//!   committed before the round's statement;
//! - a write's answer waits until the round carrying its trips has committed ([`Peers::reach`]);
//! - a read (search, seat view) waits for a round that began after the read did, then trusts
//!   the cache ([`Peers::sync`]): every write answered before the read began was announced
//!   before that round and has been applied here.
//!
//! One round's statement runs at a time, and everyone who asks while it runs shares the next: a
//! round is a few hundred microseconds of the store's time however many requests wait on it, and
//! it commits without waiting for the disk (nothing in it needs to outlive a crash). A round that
//! carries a write goes as soon as the last has committed, so a write never waits on the
//! listener; a round for readers alone waits until the last is heard, so one round carries every
//! read that waited meanwhile.
//!
//! When the listener cannot hear (its connection lost, or a round not heard within
//! [`ROUND_TIMEOUT`]), reads go to the store until a round is heard again, and everything kept
//! is forgotten when it reconnects: what was sent meanwhile is lost. A process that dies between
//! a commit and its round leaves the others a stale copy, so kept claims are used at most
//! [`MAX_AGE_MS`] after they were read (a stale copy shows a seat free that is not; the store
//! still refuses to sell it twice).

use std::fmt::Write as _;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use sqlx::postgres::{PgListener, PgNotification};
use tokio::sync::{Notify, watch};

use super::coherence::{Slots, forget_all};
use super::unpoisoned;
use crate::store::db::Pool;

/// The channel every process announces its claim writes on.
pub(super) const CHANNEL: &str = "seat_claims";
/// How long a round may take to be heard before this process stops trusting its cache.
pub(super) const ROUND_TIMEOUT: Duration = Duration::from_secs(1);
/// How long a copy of a trip's claims read from the store is used at most.
pub(super) const MAX_AGE_MS: i64 = 5_000;
/// PostgreSQL refuses a payload of 8,000 bytes or more.
const PAYLOAD_MAX: usize = 7_900;
/// How long to wait before connecting the listener again.
const RECONNECT_AFTER: Duration = Duration::from_secs(1);

/// This process's side of the rounds.
#[derive(Debug)]
pub(super) struct Peers {
    shared: Arc<Shared>,
}

#[derive(Debug)]
struct Shared {
    /// Random per process: its own channel, and the mark on its announcements.
    token: String,
    own_channel: String,
    outbox: Mutex<Outbox>,
    /// The highest round anyone waits for.
    asked: AtomicU64,
    /// The highest round a write was given to go out with.
    announced: AtomicU64,
    wake: Notify,
    /// The last round whose statement has ended (committed, or failed and logged).
    sent: watch::Sender<u64>,
    /// The last of this process's rounds its listener heard.
    heard: watch::Sender<u64>,
    /// Whether the last round waited for was heard in time: while not, reads go to the store.
    hearing: AtomicBool,
}

#[derive(Debug, Default)]
struct Outbox {
    /// Rounds begun: trips written now go out with round `started + 1`.
    started: u64,
    trips: Vec<String>,
}

impl Peers {
    /// Starts announcing through `pool` and listening at `database_url`; notifications heard
    /// from other processes forget their trips in `slots`.
    pub(super) fn start(database_url: &str, pool: Pool, slots: Arc<Mutex<Slots>>) -> Result<Peers, String> {
        let token = crate::ids::hex(&crate::ids::random_bytes::<8>().map_err(|e| e.to_string())?);
        let shared = Arc::new(Shared {
            own_channel: format!("{CHANNEL}_{token}"),
            token,
            outbox: Mutex::default(),
            asked: AtomicU64::new(0),
            announced: AtomicU64::new(0),
            wake: Notify::new(),
            sent: watch::Sender::new(0),
            heard: watch::Sender::new(0),
            hearing: AtomicBool::new(false),
        });
        tokio::spawn(rounds(Arc::clone(&shared), pool));
        tokio::spawn(listen(Arc::clone(&shared), database_url.to_owned(), slots));
        Ok(Peers { shared })
    }

    /// Queues a written trip for the next round; returns the round that will carry it.
    pub(super) fn announce(&self, trip_id: &str) -> u64 {
        let round = {
            let mut outbox = unpoisoned(&self.shared.outbox);
            outbox.trips.push(trip_id.to_owned());
            outbox.started + 1
        };
        self.shared.announced.fetch_max(round, Ordering::AcqRel);
        self.shared.ask(round);
        // Even when a reader asked for this round already: a write does not wait for hearing.
        self.shared.wake.notify_one();
        round
    }

    /// Whether every write announced so far has gone out (its round has committed).
    pub(super) fn all_told(&self) -> bool {
        *self.shared.sent.borrow() >= self.shared.announced.load(Ordering::Acquire)
    }

    /// Waits until `round` has committed (its trips are announced), or gives up after the
    /// round's time: the write stands either way, and kept copies elsewhere age out.
    pub(super) async fn reach(&self, round: u64) {
        self.shared.ask(round);
        let mut sent = self.shared.sent.subscribe();
        if tokio::time::timeout(2 * ROUND_TIMEOUT, sent.wait_for(|s| *s >= round)).await.is_err() {
            tracing::warn!(round, "a claims round did not finish: other processes may show this write late");
        }
    }

    /// Whether the cache may be trusted for a read that begins now: true once a round begun
    /// after this call has been heard; false at once while this process cannot hear (the read
    /// goes to the store, and asks for a round that may show the listener back).
    pub(super) async fn sync(&self) -> bool {
        let round = unpoisoned(&self.shared.outbox).started + 1;
        self.shared.ask(round);
        if !self.shared.hearing.load(Ordering::Acquire) {
            return false;
        }
        let mut heard = self.shared.heard.subscribe();
        if tokio::time::timeout(ROUND_TIMEOUT, heard.wait_for(|h| *h >= round)).await.is_ok() {
            return true;
        }
        if self.shared.hearing.swap(false, Ordering::AcqRel) {
            tracing::warn!(
                "not hearing the other processes: seat claims are read from the store until a round is heard"
            );
        }
        false
    }
}

impl Shared {
    fn ask(&self, round: u64) {
        if self.asked.fetch_max(round, Ordering::AcqRel) < round {
            self.wake.notify_one();
        }
    }

    /// Applies a notification: another process's trips are forgotten; this process's round is
    /// heard (after everything committed before it).
    fn hear(&self, notification: &PgNotification, slots: &Mutex<Slots>) {
        if notification.channel() == self.own_channel {
            if let Ok(round) = notification.payload().parse::<u64>() {
                self.heard.send_modify(|heard| *heard = (*heard).max(round));
                // Heard after everything committed before it: the cache may be trusted again.
                self.hearing.store(true, Ordering::Release);
            }
            return;
        }
        let (sender, trips) = read_payload(notification.payload());
        if sender == self.token {
            return; // this process's own writes: its cache saw them as they happened
        }
        let mut slots = unpoisoned(slots);
        for trip in trips {
            slots.forget(trip);
        }
    }
}

/// Runs a round whenever one is asked for, one statement at a time, while the pool is open. It
/// does not wait to hear a round before the next: a write's answer waits only for its commit.
async fn rounds(shared: Arc<Shared>, pool: Pool) {
    let mut heard = shared.heard.subscribe();
    while !pool.is_closed() {
        let sent = *shared.sent.borrow();
        if shared.asked.load(Ordering::Acquire) <= sent {
            shared.wake.notified().await;
            continue;
        }
        // Readers alone wait for the last round to be heard, so their next round carries them
        // all; a write waiting to be told goes at once.
        let unheard = *heard.borrow_and_update() < sent;
        if unheard && shared.announced.load(Ordering::Acquire) <= sent {
            let timed_out = tokio::select! {
                _ = heard.changed() => false,
                () = shared.wake.notified() => false,
                () = tokio::time::sleep(ROUND_TIMEOUT) => true,
            };
            if !timed_out {
                continue;
            }
            // Not heard in a round's time: a probe round, which may show the listener back.
        }
        let (round, mut trips) = {
            let mut outbox = unpoisoned(&shared.outbox);
            outbox.started += 1;
            (outbox.started, std::mem::take(&mut outbox.trips))
        };
        trips.sort_unstable();
        trips.dedup();
        if let Err(e) = send(&pool, &shared, round, &trips).await {
            tracing::warn!(error = %e, "could not announce claim writes to the other processes");
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        shared.sent.send_replace(round);
    }
}

/// One round's statement: the trips (in payloads under PostgreSQL's limit, marked with this
/// process's token), then the round on this process's own channel, in one transaction committed
/// without waiting for the disk.
async fn send(pool: &Pool, shared: &Shared, round: u64, trips: &[String]) -> Result<(), sqlx::Error> {
    let payloads = payloads(&shared.token, trips);
    let mut sql = String::from("SELECT set_config('synchronous_commit', 'off', true)");
    for n in 1..=payloads.len() {
        let _ = write!(sql, ", pg_notify('{CHANNEL}', ${n})");
    }
    let _ = write!(sql, ", pg_notify(${}, ${})", payloads.len() + 1, payloads.len() + 2);
    let mut query = sqlx::query(sqlx::AssertSqlSafe(sql));
    for payload in payloads {
        query = query.bind(payload);
    }
    query.bind(shared.own_channel.clone()).bind(round.to_string()).execute(pool).await?;
    Ok(())
}

/// The trips as `token trip trip ...` payloads, each under [`PAYLOAD_MAX`] bytes.
fn payloads(token: &str, trips: &[String]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for trip in trips {
        match out.last_mut() {
            Some(last) if last.len() + 1 + trip.len() <= PAYLOAD_MAX => {
                last.push(' ');
                last.push_str(trip);
            }
            _ => out.push(format!("{token} {trip}")),
        }
    }
    out
}

/// The sender's token and the trips of a payload [`payloads`] wrote.
fn read_payload(payload: &str) -> (&str, impl Iterator<Item = &str>) {
    let mut words = payload.split(' ');
    let sender = words.next().unwrap_or_default();
    (sender, words.filter(|t| !t.is_empty()))
}

/// Listens for the other processes' announcements and this process's rounds, connecting again
/// whenever the connection is lost (and forgetting every kept trip then: what was announced
/// meanwhile is lost).
async fn listen(shared: Arc<Shared>, database_url: String, slots: Arc<Mutex<Slots>>) {
    loop {
        let mut listener = match connect(&database_url, &shared.own_channel).await {
            Ok(listener) => listener,
            Err(e) => {
                tracing::warn!(error = %e, "cannot listen for other processes' claim writes; trying again");
                tokio::time::sleep(RECONNECT_AFTER).await;
                continue;
            }
        };
        forget_all(&mut unpoisoned(&slots));
        loop {
            match listener.try_recv().await {
                Ok(Some(notification)) => shared.hear(&notification, &slots),
                // Connected and listening again: what was announced while it was down is lost.
                Ok(None) => {
                    shared.hearing.store(false, Ordering::Release);
                    forget_all(&mut unpoisoned(&slots));
                }
                Err(e) => {
                    shared.hearing.store(false, Ordering::Release);
                    tracing::warn!(error = %e, "lost the connection listening for claim writes");
                    break;
                }
            }
        }
        tokio::time::sleep(RECONNECT_AFTER).await;
    }
}

async fn connect(database_url: &str, own_channel: &str) -> Result<PgListener, sqlx::Error> {
    let mut listener = PgListener::connect(database_url).await?;
    listener.listen_all([CHANNEL, own_channel]).await?;
    Ok(listener)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trips_go_out_in_payloads_postgresql_accepts_each_marked_with_the_sender() {
        let trips: Vec<String> = (0..1000).map(|n| format!("trip-dhaka-chattogram-{n:05}")).collect();
        let sent = payloads("abc", &trips);
        assert!(sent.len() > 1);
        assert!(sent.iter().all(|p| p.len() <= PAYLOAD_MAX && p.starts_with("abc ")));
        assert!(sent.iter().all(|p| read_payload(p).0 == "abc"));
        let back: Vec<&str> = sent.iter().flat_map(|p| read_payload(p).1).collect();
        assert_eq!(back, trips.iter().map(String::as_str).collect::<Vec<_>>());
        assert!(payloads("abc", &[]).is_empty());
    }
}
