//! The claims cache of one server process among several on one PostgreSQL: what this process
//! tells the others of its writes, and what it hears of theirs.
//!
//! The promise kept: a seat sold (or held, or freed) through one process is never shown
//! otherwise by another once the sale has been answered. The writer waits; readers do not.
//!
//! - Every process sends *rounds*: one statement that notifies `seat_claims` with its token,
//!   the round's number, the trips it wrote since its last round, and its *acknowledgements*
//!   (for each other process, the last of its rounds this one has heard and whose trips it has
//!   forgotten). A round goes whenever one is asked for, one at a time, and at least every
//!   [`HEARTBEAT`].
//! - PostgreSQL delivers notifications to every listener in the order their transactions
//!   committed. So a process that hears its own round back has heard every round committed
//!   before it, and its *lease* runs for [`LEASE`] from when it began that round: while the lease
//!   runs, a search or seat view trusts the cache at once; when it lapses (the listener lost, or
//!   slow) reads go to the store.
//! - A write's answer waits until the round carrying its trips has committed and been heard
//!   back, and then until every other process that may still hold a lease has acknowledged that
//!   round ([`Book::told`]). A process that may hold a lease is one whose round was heard less
//!   than [`LEASE`] ago: a process that has not heard the round yet has heard only rounds
//!   committed before it, so its lease, begun before its last round committed, ends within
//!   [`LEASE`] of when that round of its was heard here. That also bounds the wait: [`LEASE`]
//!   after the write's round committed it is answered, whoever has not acknowledged it (a
//!   process that died, or cannot hear).
//! - A process that connects its listener (or connects it again) forgets everything it kept,
//!   and takes every other process whose listener is connected then (by its
//!   `application_name`, [`APP_NAME`]) as one that may hold a lease. One that connects later
//!   hears every round committed after it did, so it is heard here before it can trust its cache.
//!
//! A round costs the store a few hundred microseconds however many writes it carries; it
//! commits without waiting for the disk (nothing in it needs to outlive a crash, after which
//! every process connects again and forgets). A process that dies between a commit and its
//! round leaves the others a stale copy, never answered to anyone, so kept claims are used at
//! most [`MAX_AGE_MS`] after they were read (a stale copy shows a seat free that is not; the
//! store still refuses to sell it twice).
//!
//! Every process of a fleet must speak this protocol. A process of an older build (before
//! November 27: every read waited for a round of its own) answers its writes once their round
//! has committed, acknowledged by nobody, and this one's reads wait for nothing: while both
//! run, a write through the old one may show late on this one (never sold twice).

use std::collections::{HashMap, VecDeque};
use std::fmt::Write as _;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use sqlx::postgres::{PgConnectOptions, PgListener, PgPoolOptions};
use tokio::sync::{Notify, watch};

use super::coherence::{Slots, forget_all};
use super::unpoisoned;
use crate::store::db::Pool;

/// The channel every process sends its rounds on.
pub(super) const CHANNEL: &str = "seat_claims";
/// How long a process trusts its cache after it began the last of its rounds it heard back,
/// and so how long a write may wait for a process that does not acknowledge it.
pub const LEASE: Duration = Duration::from_secs(1);
/// A process sends a round at least this often, so its lease does not lapse while it hears.
const HEARTBEAT: Duration = Duration::from_millis(250);
/// How long a copy of a trip's claims read from the store is used at most.
pub(super) const MAX_AGE_MS: i64 = 5_000;
/// PostgreSQL refuses a payload of 8,000 bytes or more.
const PAYLOAD_MAX: usize = 7_900;
/// How long to wait before connecting the listener again.
const RECONNECT_AFTER: Duration = Duration::from_secs(1);
/// How long a write's answer waits for a round carrying it to commit at all: past it the store
/// is failing, the write stands, and kept copies elsewhere age out.
const SEND_GIVE_UP: Duration = Duration::from_secs(5);
/// The `application_name` of every listener connection, followed by the process's token: how a
/// process that connects finds the others already listening.
const APP_NAME: &str = "seat_claims ";
/// Own rounds kept waiting to be heard back, at most.
const IN_FLIGHT_MAX: usize = 4_096;
/// Processes not heard from for this long are dropped from the book.
const FORGET_PEER: Duration = Duration::from_secs(60);

/// This process's side of the rounds.
#[derive(Debug)]
pub(super) struct Peers {
    shared: Arc<Shared>,
}

#[derive(Debug)]
struct Shared {
    /// Random per process: the mark on its rounds.
    token: String,
    /// Where the lease's milliseconds count from.
    origin: Instant,
    outbox: Mutex<Outbox>,
    /// The highest round anyone waits for.
    asked: AtomicU64,
    /// The highest round a write was given to go out with.
    announced: AtomicU64,
    /// The highest round a write's answer was let go after ([`Peers::reach`]).
    told: AtomicU64,
    wake: Notify,
    /// The highest round whose statement committed (a failed round's trips go with the next).
    committed: watch::Sender<u64>,
    /// Moves whenever the listener hears a round: waiting writes look again.
    progress: watch::Sender<u64>,
    /// Until when (milliseconds from `origin`) the cache may be trusted; 0 while it may not.
    lease_until: AtomicU64,
    /// Whether the last read found the lease running: a lapse is logged once.
    trusting: AtomicBool,
    book: Mutex<Book>,
}

#[derive(Debug, Default)]
struct Outbox {
    /// Rounds begun: trips written now go out with round `started + 1`.
    started: u64,
    trips: Vec<String>,
}

/// What this process knows of the rounds: its own in flight and heard back, and the others'.
#[derive(Debug, Default)]
struct Book {
    /// Whether the listener is connected.
    listening: bool,
    /// Until when this process cannot tell who may hold a lease: just connected, before it has
    /// seen who else listens.
    blind_until: Option<Instant>,
    /// The highest own round heard back since the listener connected.
    own_heard: u64,
    /// Own rounds begun and not yet heard back, with when each began.
    in_flight: VecDeque<(u64, Instant)>,
    /// The other processes, by token.
    peers: HashMap<String, Peer>,
    /// For each other process, the highest of its rounds heard here (its trips forgotten): what
    /// this process's rounds acknowledge.
    forgotten: HashMap<String, u64>,
}

#[derive(Debug, Clone, Copy)]
struct Peer {
    /// When a round of it was last heard (or it was found listening).
    heard_at: Instant,
    /// The highest round of this process it has acknowledged.
    acked: u64,
}

impl Book {
    /// Whether a write carried by own `round` may be answered at `now`: the round heard back,
    /// and acknowledged by every process that may still hold a lease.
    fn told(&self, round: u64, now: Instant) -> bool {
        self.listening
            && self.blind_until.is_none_or(|until| now >= until)
            && self.own_heard >= round
            && self.peers.values().all(|p| p.acked >= round || now >= p.heard_at + LEASE)
    }

    /// The next moment [`Book::told`] may change for `round` without anything heard: when a
    /// process that has not acknowledged it can no longer hold a lease, or blindness ends.
    fn next_lapse(&self, round: u64) -> Option<Instant> {
        let lapses = self.peers.values().filter(|p| p.acked < round).map(|p| p.heard_at + LEASE);
        lapses.chain(self.blind_until).min()
    }

    /// The listener (re)connected: nothing heard before counts.
    fn connected(&mut self, now: Instant) {
        self.listening = true;
        self.blind_until = Some(now + LEASE);
        self.own_heard = 0;
        self.peers.clear();
    }

    /// Every process whose listener was connected when this one's had connected may hold a lease.
    fn found_listening(&mut self, tokens: impl IntoIterator<Item = String>, now: Instant) {
        for token in tokens {
            self.peers.entry(token).or_insert(Peer { heard_at: now, acked: 0 });
        }
        self.blind_until = None;
    }

    /// Own `round` heard back: when it began, for the lease.
    fn heard_own(&mut self, round: u64) -> Option<Instant> {
        self.own_heard = self.own_heard.max(round);
        let mut began = None;
        while self.in_flight.front().is_some_and(|(r, _)| *r <= round) {
            began = self.in_flight.pop_front().map(|(_, at)| at);
        }
        began
    }

    /// Another process's round heard: its trips were forgotten before this.
    fn heard_other(&mut self, sender: &str, round: u64, acks: &str, own_token: &str, now: Instant) {
        let forgotten = self.forgotten.entry(sender.to_owned()).or_default();
        *forgotten = (*forgotten).max(round);
        let peer = self.peers.entry(sender.to_owned()).or_insert(Peer { heard_at: now, acked: 0 });
        peer.heard_at = now;
        if let Some(acked) = ack_for(acks, own_token) {
            peer.acked = peer.acked.max(acked);
        }
        self.peers.retain(|_, p| now < p.heard_at + FORGET_PEER);
        let peers = &self.peers;
        self.forgotten.retain(|token, _| peers.contains_key(token));
    }

    /// The acknowledgements a round carries: `token:round,...`, or `-` for none.
    fn acks(&self) -> String {
        let mut out = String::new();
        for (token, round) in &self.forgotten {
            let _ = write!(out, "{}{token}:{round}", if out.is_empty() { "" } else { "," });
        }
        if out.is_empty() { "-".to_owned() } else { out }
    }
}

impl Peers {
    /// Starts sending rounds through `pool` and listening at `database_url`; rounds heard from
    /// other processes forget their trips in `slots`.
    pub(super) fn start(database_url: &str, pool: Pool, slots: Arc<Mutex<Slots>>) -> Result<Peers, String> {
        let token = crate::ids::hex(&crate::ids::random_bytes::<8>().map_err(|e| e.to_string())?);
        let shared = Arc::new(Shared::new(token));
        tokio::spawn(rounds(Arc::clone(&shared), pool.clone()));
        tokio::spawn(listen(Arc::clone(&shared), database_url.to_owned(), pool, slots));
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
        round
    }

    /// Whether every write announced so far may be answered (its round acknowledged, or waited
    /// for as long as a lease runs).
    pub(super) fn all_told(&self) -> bool {
        self.shared.told.load(Ordering::Acquire) >= self.shared.announced.load(Ordering::Acquire)
    }

    /// Waits until a write carried by `round` may be answered: its round committed, heard back
    /// and acknowledged by every process that may hold a lease, or [`LEASE`] after it committed.
    pub(super) async fn reach(&self, round: u64) {
        self.shared.ask(round);
        let mut committed = self.shared.committed.subscribe();
        if tokio::time::timeout(SEND_GIVE_UP, committed.wait_for(|c| *c >= round)).await.is_err() {
            tracing::warn!(round, "a claims round did not commit: other processes may show this write late");
            self.shared.told.fetch_max(round, Ordering::AcqRel);
            return;
        }
        // A round carrying the write has committed by now: no lease begun before it outlives this.
        let latest = Instant::now() + LEASE;
        let mut progress = self.shared.progress.subscribe();
        loop {
            progress.borrow_and_update();
            let now = Instant::now();
            let wake = {
                let book = unpoisoned(&self.shared.book);
                if now >= latest || book.told(round, now) {
                    break;
                }
                book.next_lapse(round).map_or(latest, |at| at.min(latest))
            };
            tokio::select! {
                changed = progress.changed() => if changed.is_err() { break },
                () = tokio::time::sleep_until(wake.into()) => {}
            }
        }
        self.shared.told.fetch_max(round, Ordering::AcqRel);
    }

    /// Whether the cache may be trusted for a read that begins now: while this process's lease
    /// runs. Not waiting for anything: a lapsed lease sends the read to the store and asks for a
    /// round that may win it back.
    pub(super) fn trusts(&self) -> bool {
        self.shared.trusts_at(Instant::now())
    }
}

impl Shared {
    fn new(token: String) -> Shared {
        Shared {
            token,
            origin: Instant::now(),
            outbox: Mutex::default(),
            asked: AtomicU64::new(0),
            announced: AtomicU64::new(0),
            told: AtomicU64::new(0),
            wake: Notify::new(),
            committed: watch::Sender::new(0),
            progress: watch::Sender::new(0),
            lease_until: AtomicU64::new(0),
            trusting: AtomicBool::new(false),
            book: Mutex::default(),
        }
    }

    fn trusts_at(&self, now: Instant) -> bool {
        if self.millis(now) < self.lease_until.load(Ordering::Acquire) {
            return true;
        }
        self.ask_next();
        if self.trusting.swap(false, Ordering::AcqRel) {
            tracing::warn!(
                "not hearing the other processes: seat claims are read from the store until a round is heard"
            );
        }
        false
    }

    fn ask(&self, round: u64) {
        if self.asked.fetch_max(round, Ordering::AcqRel) < round {
            self.wake.notify_one();
        }
    }

    /// Asks for the next round to begin (one already on its way does not do).
    fn ask_next(&self) {
        self.ask(unpoisoned(&self.outbox).started + 1);
    }

    fn millis(&self, at: Instant) -> u64 {
        u64::try_from(at.saturating_duration_since(self.origin).as_millis()).unwrap_or(u64::MAX)
    }

    /// Applies a notification: another process's trips are forgotten (then its round counts as
    /// heard here, and acknowledged by this process's next round); this process's own round
    /// renews its lease.
    fn hear(&self, payload: &str, slots: &Mutex<Slots>) {
        let heard = read_payload(payload);
        let now = Instant::now();
        if heard.sender == self.token {
            if heard.ending.is_some() {
                let began = unpoisoned(&self.book).heard_own(heard.round);
                if let Some(began) = began {
                    self.lease_until.fetch_max(self.millis(began + LEASE), Ordering::AcqRel);
                    self.trusting.store(true, Ordering::Release);
                }
                self.progress.send_modify(|p| *p += 1);
            }
            return;
        }
        if !heard.trips.is_empty() {
            let mut slots = unpoisoned(slots);
            for trip in heard.trips {
                slots.forget(trip);
            }
        }
        if let Some(ending) = heard.ending {
            unpoisoned(&self.book).heard_other(heard.sender, heard.round, ending.acks, &self.token, now);
            if ending.carried_trips {
                // Its writer waits for this process's acknowledgement: the next round carries it.
                self.ask_next();
            }
            self.progress.send_modify(|p| *p += 1);
        }
    }

    /// The listener (re)connected: everything kept is forgotten (what was sent meanwhile is
    /// lost), and the processes listening now are taken as ones that may hold a lease.
    async fn connected(&self, pool: &Pool, slots: &Mutex<Slots>) {
        self.lease_until.store(0, Ordering::Release);
        forget_all(&mut unpoisoned(slots));
        unpoisoned(&self.book).connected(Instant::now());
        match listening_peers(pool, &self.token).await {
            Ok(tokens) => unpoisoned(&self.book).found_listening(tokens, Instant::now()),
            Err(e) => tracing::warn!(error = %e, "cannot see which processes listen: writes wait a lease for now"),
        }
        self.progress.send_modify(|p| *p += 1);
        self.ask_next();
    }

    fn disconnected(&self) {
        self.lease_until.store(0, Ordering::Release);
        unpoisoned(&self.book).listening = false;
    }
}

/// The tokens of the other processes whose listener is connected to the store now.
async fn listening_peers(pool: &Pool, own_token: &str) -> Result<Vec<String>, sqlx::Error> {
    let names: Vec<String> = sqlx::query_scalar(
        "SELECT application_name FROM pg_stat_activity \
         WHERE datname = current_database() AND starts_with(application_name, $1) AND application_name <> $2",
    )
    .bind(APP_NAME)
    .bind(format!("{APP_NAME}{own_token}"))
    .fetch_all(pool)
    .await?;
    Ok(names.into_iter().filter_map(|name| name.strip_prefix(APP_NAME).map(str::to_owned)).collect())
}

/// Sends a round whenever one is asked for (or every [`HEARTBEAT`]), one statement at a time,
/// while the pool is open. A round that fails puts its trips back for the next.
async fn rounds(shared: Arc<Shared>, pool: Pool) {
    let mut sent = 0;
    while !pool.is_closed() {
        if shared.asked.load(Ordering::Acquire) <= sent {
            // Woken by an ask, or a heartbeat: either way a round goes.
            let _ = tokio::time::timeout(HEARTBEAT, shared.wake.notified()).await;
        }
        let (round, mut trips) = {
            let mut outbox = unpoisoned(&shared.outbox);
            outbox.started += 1;
            (outbox.started, std::mem::take(&mut outbox.trips))
        };
        trips.sort_unstable();
        trips.dedup();
        let acks = {
            let mut book = unpoisoned(&shared.book);
            if book.in_flight.len() >= IN_FLIGHT_MAX {
                book.in_flight.pop_front(); // not heard back for long: the listener is down
            }
            book.in_flight.push_back((round, Instant::now()));
            book.acks()
        };
        match send(&pool, &shared.token, round, &acks, &trips).await {
            Ok(()) => {
                shared.committed.send_replace(round);
            }
            Err(e) => {
                tracing::warn!(error = %e, "could not send a claims round to the other processes");
                unpoisoned(&shared.book).in_flight.retain(|(r, _)| *r != round);
                unpoisoned(&shared.outbox).trips.extend(trips);
                shared.ask(round + 1);
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
        }
        sent = round;
    }
}

/// One round's statement: its payloads, in one transaction committed without waiting for the
/// disk.
async fn send(pool: &Pool, token: &str, round: u64, acks: &str, trips: &[String]) -> Result<(), sqlx::Error> {
    let payloads = payloads(token, round, acks, trips);
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

/// A round as payloads under [`PAYLOAD_MAX`] bytes: `token round+ trip ...` for each but the
/// last, and the last `token round t|n acks trip ...`, where `t` says the round carried trips
/// (its writers wait for acknowledgements) and `acks` is `token:round,...` or `-`.
fn payloads(token: &str, round: u64, acks: &str, trips: &[String]) -> Vec<String> {
    let part = format!("{token} {round}+");
    let ending = format!("{token} {round} {} {acks}", if trips.is_empty() { 'n' } else { 't' });
    let room = PAYLOAD_MAX.saturating_sub(part.len().max(ending.len()));
    let mut chunks: Vec<String> = vec![String::new()];
    for trip in trips {
        let last = chunks.last_mut().filter(|c| c.len() + 1 + trip.len() <= room);
        match last {
            Some(chunk) => {
                chunk.push(' ');
                chunk.push_str(trip);
            }
            None => chunks.push(format!(" {trip}")),
        }
    }
    let last = chunks.len() - 1;
    chunks
        .into_iter()
        .enumerate()
        .map(|(n, chunk)| format!("{}{chunk}", if n == last { &ending } else { &part }))
        .collect()
}

/// A payload [`payloads`] wrote.
#[derive(Debug)]
struct Heard<'a> {
    sender: &'a str,
    round: u64,
    /// The round's last payload; `None` for a part of it (more trips follow).
    ending: Option<Ending<'a>>,
    trips: Vec<&'a str>,
}

#[derive(Debug, Clone, Copy)]
struct Ending<'a> {
    carried_trips: bool,
    acks: &'a str,
}

fn read_payload(payload: &str) -> Heard<'_> {
    let mut words = payload.split(' ').filter(|w| !w.is_empty());
    let sender = words.next().unwrap_or_default();
    let round_word = words.clone().next().unwrap_or_default();
    let (round, part) = match round_word.strip_suffix('+') {
        Some(round) => (round.parse::<u64>().ok(), true),
        None => (round_word.parse::<u64>().ok(), false),
    };
    let Some(round) = round else {
        // Not a round this version writes: every word after the sender is taken for a trip, so
        // nothing it names stays kept.
        return Heard { sender, round: 0, ending: None, trips: words.collect() };
    };
    words.next();
    let ending =
        (!part).then(|| Ending { carried_trips: words.next() == Some("t"), acks: words.next().unwrap_or("-") });
    Heard { sender, round, ending, trips: words.collect() }
}

/// The round of `token`'s that `acks` acknowledges, if any.
fn ack_for(acks: &str, token: &str) -> Option<u64> {
    acks.split(',').find_map(|ack| ack.strip_prefix(token)?.strip_prefix(':')?.parse().ok())
}

/// Listens for the rounds, connecting again whenever the connection is lost.
async fn listen(shared: Arc<Shared>, database_url: String, pool: Pool, slots: Arc<Mutex<Slots>>) {
    loop {
        let mut listener = match connect(&database_url, &shared.token).await {
            Ok(listener) => listener,
            Err(e) => {
                tracing::warn!(error = %e, "cannot listen for other processes' claim writes; trying again");
                tokio::time::sleep(RECONNECT_AFTER).await;
                continue;
            }
        };
        shared.connected(&pool, &slots).await;
        loop {
            match listener.try_recv().await {
                Ok(Some(notification)) => shared.hear(notification.payload(), &slots),
                // Connected and listening again: what was sent while it was down is lost.
                Ok(None) => shared.connected(&pool, &slots).await,
                Err(e) => {
                    shared.disconnected();
                    tracing::warn!(error = %e, "lost the connection listening for claim writes");
                    break;
                }
            }
        }
        tokio::time::sleep(RECONNECT_AFTER).await;
    }
}

/// A listener on [`CHANNEL`], its connection named so that other processes find it.
async fn connect(database_url: &str, token: &str) -> Result<PgListener, sqlx::Error> {
    let options: PgConnectOptions = database_url.parse()?;
    let pool = PgPoolOptions::new()
        .max_connections(1)
        .max_lifetime(None)
        .idle_timeout(None)
        .connect_with(options.application_name(&format!("{APP_NAME}{token}")))
        .await?;
    let mut listener = PgListener::connect_with(&pool).await?;
    listener.ignore_pool_close_event(true);
    listener.listen(CHANNEL).await?;
    Ok(listener)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn trips(n: usize) -> Vec<String> {
        (0..n).map(|n| format!("trip-dhaka-chattogram-{n:05}")).collect()
    }

    #[test]
    fn a_round_goes_out_in_payloads_postgresql_accepts_its_ending_last() {
        let trips = trips(1000);
        let sent = payloads("abc", 7, "def:3,ghi:9", &trips);
        assert!(sent.len() > 1);
        assert!(sent.iter().all(|p| p.len() <= PAYLOAD_MAX && p.starts_with("abc 7")));
        let heard: Vec<_> = sent.iter().map(|p| read_payload(p)).collect();
        assert!(heard.iter().all(|h| h.sender == "abc" && h.round == 7));
        let (last, parts) = heard.split_last().unwrap();
        assert!(parts.iter().all(|h| h.ending.is_none()));
        let ending = last.ending.unwrap();
        assert!(ending.carried_trips);
        assert_eq!(ack_for(ending.acks, "ghi"), Some(9));
        assert_eq!(ack_for(ending.acks, "gh"), None);
        let back: Vec<&str> = heard.into_iter().flat_map(|h| h.trips).collect();
        assert_eq!(back, trips.iter().map(String::as_str).collect::<Vec<_>>());
    }

    #[test]
    fn a_round_without_trips_is_one_payload_that_asks_no_acknowledgement() {
        let sent = payloads("abc", 12, "-", &[]);
        assert_eq!(sent, ["abc 12 n -"]);
        let heard = read_payload(&sent[0]);
        assert!(!heard.ending.unwrap().carried_trips);
        assert_eq!(ack_for(heard.ending.unwrap().acks, "abc"), None);
        assert!(heard.trips.is_empty());
    }

    #[test]
    fn a_payload_of_another_form_forgets_every_trip_it_names() {
        let heard = read_payload("0123abcd trip-a trip-b");
        assert!(heard.ending.is_none());
        assert_eq!(heard.trips, ["trip-a", "trip-b"]);
    }

    fn listening(now: Instant) -> Book {
        let mut book = Book::default();
        book.connected(now);
        book.found_listening([], now);
        book
    }

    #[test]
    fn a_write_is_told_once_its_round_is_heard_back_and_every_live_peer_acknowledged_it() {
        let now = Instant::now();
        let mut book = listening(now);
        assert!(!book.told(3, now), "not heard back yet");
        book.heard_own(3);
        assert!(book.told(3, now), "alone: heard back is enough");
        book.heard_other("p2", 10, "me:2", "me", now);
        assert!(!book.told(3, now), "p2 may hold a lease and has seen only round 2");
        book.heard_other("p2", 11, "me:3", "me", now);
        assert!(book.told(3, now));
        book.heard_own(4);
        assert!(!book.told(4, now));
        assert_eq!(book.next_lapse(4), Some(now + LEASE));
        assert!(book.told(4, now + LEASE), "p2 not heard for a lease: its lease has lapsed");
    }

    #[test]
    fn a_process_that_cannot_tell_who_listens_tells_no_write() {
        let now = Instant::now();
        let mut book = Book::default();
        book.heard_own(1);
        assert!(!book.told(1, now), "not listening");
        book.connected(now);
        book.heard_own(1);
        assert!(!book.told(1, now), "connected, but who else listens is not known yet");
        assert!(book.told(1, now + LEASE), "a lease after connecting, whoever listened has heard or lapsed");
        book.found_listening(["p2".to_owned()], now);
        assert!(!book.told(1, now), "p2 was listening: it may hold a lease");
        book.heard_other("p2", 5, "me:1", "me", now);
        assert!(book.told(1, now));
        book.connected(now);
        book.found_listening([], now);
        assert!(!book.told(1, now), "a round heard before connecting again does not count");
    }

    #[test]
    fn acknowledgements_name_the_last_round_of_each_process_heard() {
        let now = Instant::now();
        let mut book = listening(now);
        assert_eq!(book.acks(), "-");
        book.heard_other("p2", 4, "-", "me", now);
        book.heard_other("p2", 6, "-", "me", now);
        book.heard_other("p2", 5, "-", "me", now);
        assert_eq!(book.acks(), "p2:6");
    }

    #[test]
    fn the_cache_is_trusted_for_a_lease_from_when_the_last_own_round_heard_back_began() {
        let shared = Shared::new("me".to_owned());
        let slots = Mutex::new(Slots::aging(MAX_AGE_MS));
        let began = Instant::now();
        assert!(!shared.trusts_at(began), "nothing heard back yet");
        {
            let mut book = unpoisoned(&shared.book);
            book.connected(began);
            book.in_flight.push_back((1, began));
        }
        shared.hear("p2 8 t - trip-a", &slots);
        assert!(!shared.trusts_at(began), "another process's round renews no lease");
        shared.hear("me 1 n -", &slots);
        assert!(shared.trusts_at(began + LEASE - Duration::from_millis(1)));
        assert!(!shared.trusts_at(began + LEASE), "the lease has run out");
        shared.disconnected();
        assert!(!shared.trusts_at(began), "a lost listener ends it at once");
        assert!(shared.asked.load(Ordering::Acquire) >= 1, "a read that finds no lease asks for a round");
    }

    #[test]
    fn another_process_round_with_trips_is_forgotten_and_acknowledged_by_the_next_round() {
        let shared = Shared::new("me".to_owned());
        let slots = Mutex::new(Slots::aging(MAX_AGE_MS));
        let seen = unpoisoned(&slots).before("trip-a");
        super::super::coherence::store(&mut unpoisoned(&slots), &seen, &Arc::default(), 0);
        assert!(unpoisoned(&slots).kept("trip-a", 0).is_some());
        shared.hear("p2 4+ trip-a", &slots);
        assert!(unpoisoned(&slots).kept("trip-a", 0).is_none(), "its trips are forgotten as they come");
        assert_eq!(unpoisoned(&shared.book).acks(), "-", "acknowledged only once the round's last part is heard");
        shared.hear("p2 4 t - trip-b", &slots);
        assert_eq!(unpoisoned(&shared.book).acks(), "p2:4");
        assert_eq!(shared.asked.load(Ordering::Acquire), 1, "a round is asked for to carry the acknowledgement");
        shared.hear("p2 5 n -", &slots);
        assert_eq!(shared.asked.load(Ordering::Acquire), 1, "a round without trips asks for none");
    }

    #[test]
    fn an_own_round_heard_back_gives_when_it_began() {
        let now = Instant::now();
        let mut book = listening(now);
        book.in_flight.extend([(1, now), (2, now + HEARTBEAT), (3, now + 2 * HEARTBEAT)]);
        assert_eq!(book.heard_own(2), Some(now + HEARTBEAT));
        assert_eq!(book.in_flight.len(), 1);
        assert_eq!(book.heard_own(2), None);
    }
}
