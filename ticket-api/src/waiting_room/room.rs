//! The room: places kept in memory for status polls, the gate in front of seat-lock, and the
//! joins handed to the writer ([`super::writer`]).

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError, RwLock, Weak};

use crate::store::pool::Pool;
use core_wasm::time::Date;
use tokio::sync::{mpsc, oneshot};

use super::admission::{Admission, Admissions, Refusal};
use super::draw::Seed;
use super::pacing::Pace;
use super::places::{self as store, PlaceRow};
use super::windows::{Opening, SaleWindows};
use crate::ids::{NoRandomness, random_bytes};
use core_wasm::contract::queue::QueuePhase;
use core_wasm::service::Service;

/// How long another process's save of a sale window takes to reach this one, at most.
pub const WINDOWS_REFRESH: std::time::Duration = std::time::Duration::from_secs(2);

/// Keeps the room's windows those of the store, while the room lives.
async fn follow_the_store(room: Weak<WaitingRoom>) {
    loop {
        let Some(live) = room.upgrade() else { return };
        if let Err(e) = live.reload(false).await {
            tracing::warn!(error = %e, "sale windows: the store could not be read; keeping the last ones");
        }
        drop(live);
        tokio::time::sleep(WINDOWS_REFRESH).await;
    }
}

/// How stale a queue's counts may be when a poll reads them.
const REFRESH_MS: i64 = 1_000;
/// How long the pre-queue's positions may stop moving before another process writes them.
const PLACING_STALLED_MS: i64 = 3_000;

/// Where a visitor stands in a queue, as a join or a status poll answers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Standing {
    pub place_id: String,
    pub queue_id: String,
    pub phase: QueuePhase,
    /// When the window opens and closes, in the API's wire format.
    pub opens_at: String,
    pub closes_at: String,
    /// 0-based; `None` in the pre-queue until the draw.
    pub position: Option<u64>,
    /// How many places have been let in so far.
    pub admitted: u64,
    pub total: u64,
    /// Until the place's turn, an estimate; `None` in the pre-queue.
    pub wait_seconds: Option<u64>,
    /// The signed admission and when it ends, once the turn has come.
    pub admission: Option<(String, i64)>,
    /// The turn came and went without a seat held.
    pub lapsed: bool,
    pub seed_hash: String,
    /// Revealed once the pre-queue is drawn.
    pub seed: Option<String>,
    /// When to ask again.
    pub poll_after_ms: u64,
}

/// Why seat-lock turns a visitor away from a trip in a sale window.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Turned {
    /// No admission sent: join the queue.
    NoAdmission { opens_ms: i64 },
    /// The admission sent cannot be used.
    Refused(Refusal),
}

#[derive(Debug, Clone)]
struct Place {
    visitor: String,
    /// The trip its admission opens.
    trip: String,
    position: Option<u64>,
    admitted_at: Option<i64>,
    /// The signed admission, made once when the turn came.
    admission: Option<String>,
}

#[derive(Debug, Default)]
struct Known {
    places: HashMap<String, Place>,
    visitors: HashMap<String, String>,
    total: u64,
    no_shows: u64,
    refreshed_ms: i64,
    drawn: bool,
    /// The pre-queue's positions this process knows (written by its placer, or read after
    /// another's): the first `learned` of them.
    learned: i64,
    /// The store's count of written positions when it last moved, and when: a placer that
    /// stopped (its process died) is taken over.
    placed_seen: (i64, i64),
    /// The pre-queue's turns this process has started the no-show clock of: the first `stamped`.
    stamped: i64,
}

impl Known {
    fn learn(&mut self, row: &PlaceRow) {
        let position = row.position.and_then(|p| u64::try_from(p).ok());
        self.visitors.insert(row.visitor.clone(), row.place_id.clone());
        // What this process signed stays: the store has no admissions, only when they began.
        let admission = self.places.get(&row.place_id).and_then(|known| known.admission.clone());
        let place = Place {
            visitor: row.visitor.clone(),
            trip: row.trip_id.clone(),
            position,
            admitted_at: row.admitted_at,
            admission,
        };
        self.places.insert(row.place_id.clone(), place);
    }
}

/// One opening's queue in this process.
#[derive(Debug)]
pub(super) struct Queue {
    pub id: String,
    pub opens_ms: i64,
    pace: Pace,
    admission_ms: i64,
    pub seed: Seed,
    seed_hash: String,
    /// The seed as revealed after the draw, and the opening and closing times, written out once
    /// (not on every poll).
    seed_hex: String,
    opens_at: String,
    closes_at: String,
    known: Mutex<Known>,
    /// Whether this process is writing the pre-queue's positions ([`super::placing`]).
    pub(super) placing: AtomicBool,
    /// Held while this process starts turns' no-show clocks ([`WaitingRoom::stamp_turns`]).
    stamping: tokio::sync::Mutex<()>,
}

impl Queue {
    fn known(&self) -> std::sync::MutexGuard<'_, Known> {
        // A poll that panicked mid-update leaves maps that are still whole: go on with them.
        self.known.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Whether this process knows the pre-queue was drawn.
    pub(super) fn is_drawn(&self) -> bool {
        self.known().drawn
    }

    /// The opening is drawn: arrivals queue after the pre-queue.
    pub(super) fn learn_drawn(&self) {
        self.known().drawn = true;
    }

    /// Positions of the pre-queue as written, `placed` of them so far. Places this process has
    /// not seen are read when they are asked about.
    pub(super) fn learn_placed(&self, drew: Vec<(String, i64)>, placed: i64) {
        let mut known = self.known();
        for (place, position) in drew {
            if let Some(known) = known.places.get_mut(&place) {
                known.position = u64::try_from(position).ok();
            }
        }
        known.learned = known.learned.max(placed);
    }
}

/// A join waiting for the writer.
pub(super) struct Join {
    pub queue: Arc<Queue>,
    /// `None`: only draw the queue if its moment has come (a poll after the opening).
    pub visitor: Option<String>,
    /// The trip the visitor queues for ('' with no visitor).
    pub trip: String,
    pub now_ms: i64,
    pub reply: oneshot::Sender<Result<Option<PlaceRow>, sqlx::Error>>,
}

/// The waiting rooms of this process's sale windows.
pub struct WaitingRoom {
    pool: Pool,
    /// The windows of the configuration (the demo's), under those staff wrote.
    configured: SaleWindows,
    /// Both, as last read from the store (`reload`).
    windows: RwLock<Arc<SaleWindows>>,
    /// What the store's windows were when last read: their count and latest change.
    stored_mark: Mutex<Option<(i64, i64)>>,
    admissions: Admissions,
    queues: Mutex<HashMap<String, Arc<Queue>>>,
    writer: mpsc::Sender<Join>,
}

impl std::fmt::Debug for WaitingRoom {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("WaitingRoom").field("windows", &self.windows).finish_non_exhaustive()
    }
}

/// A store failure, or no randomness for a seed or a place id.
#[derive(Debug)]
pub enum RoomError {
    Store(sqlx::Error),
    NoRandomness,
}

impl From<sqlx::Error> for RoomError {
    fn from(e: sqlx::Error) -> RoomError {
        RoomError::Store(e)
    }
}

impl From<NoRandomness> for RoomError {
    fn from(_: NoRandomness) -> RoomError {
        RoomError::NoRandomness
    }
}

pub(super) fn as_i64(n: u64) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}

impl WaitingRoom {
    /// The waiting rooms of `windows`, admissions signed under `secret`; starts the writer task
    /// (so it must be called inside the Tokio runtime).
    /// The windows staff wrote join them at the first [`WaitingRoom::reload`], and follow the
    /// store within [`WINDOWS_REFRESH`] after (a save reloads its own process at once).
    pub fn start(pool: Pool, windows: SaleWindows, admissions: Admissions) -> Arc<WaitingRoom> {
        let (writer, jobs) = mpsc::channel(super::writer::BATCH * 16);
        tokio::spawn(super::writer::write_joins(pool.clone(), jobs));
        let room = Arc::new(WaitingRoom {
            pool,
            windows: RwLock::new(Arc::new(windows.clone())),
            configured: windows,
            stored_mark: Mutex::new(None),
            admissions,
            queues: Mutex::new(HashMap::new()),
            writer,
        });
        tokio::spawn(follow_the_store(Arc::downgrade(&room)));
        room
    }

    /// The windows in force.
    pub fn windows(&self) -> Arc<SaleWindows> {
        self.windows.read().unwrap_or_else(PoisonError::into_inner).clone()
    }

    /// Reads the store's windows again if they changed since last read (or `force`).
    pub async fn reload(&self, force: bool) -> Result<(), sqlx::Error> {
        let mark = super::windows::stored_mark(&self.pool).await?;
        let last = *self.stored_mark.lock().unwrap_or_else(PoisonError::into_inner);
        if !force && last == Some(mark) {
            return Ok(());
        }
        let stored = super::windows::stored(&self.pool).await?;
        let windows = Arc::new(self.configured.with(&stored));
        *self.windows.write().unwrap_or_else(PoisonError::into_inner) = windows;
        *self.stored_mark.lock().unwrap_or_else(PoisonError::into_inner) = Some(mark);
        Ok(())
    }

    /// The opening of a sale window covering a trip of `service` through `stops`, departing at
    /// `departs_at` (Dhaka minutes since the epoch: its travel date is its departure's), under way
    /// at `now_ms`, if any.
    pub(crate) fn opening_for(
        &self,
        service: Service,
        stops: &[String],
        departs_at: i64,
        now_ms: i64,
    ) -> Option<Opening> {
        let travel_date = Date::from_days_since_epoch(departs_at.div_euclid(24 * 60));
        self.windows().for_trip(service, stops, travel_date, now_ms)
    }

    fn cached(&self, queue_id: &str) -> Option<Arc<Queue>> {
        self.queues.lock().unwrap_or_else(PoisonError::into_inner).get(queue_id).cloned()
    }

    /// The opening's queue in this process, made (and its store row, with a new seed unless
    /// another process made it first) on first use.
    async fn queue(&self, opening: &Opening) -> Result<Arc<Queue>, RoomError> {
        let id = opening.queue_id();
        if let Some(queue) = self.cached(&id) {
            return Ok(queue);
        }
        let seed = Seed::new(random_bytes()?);
        let row = store::open(&self.pool, &id, &seed.to_hex(), &seed.commitment()).await?;
        let seed = Seed::from_hex(&row.seed)
            .ok_or(RoomError::Store(sqlx::Error::Protocol(format!("queue {id}: stored seed unreadable"))))?;
        // A restarted process, or one joining late, reads no places: each is read when first
        // asked about (a million rows read before serving would be a minute of 503s).
        let known = Known {
            drawn: row.drawn == 1,
            total: u64::try_from(row.places).unwrap_or(0),
            learned: row.placed,
            refreshed_ms: i64::MIN,
            ..Known::default()
        };
        let queue = Arc::new(Queue {
            id: id.clone(),
            opens_ms: opening.opens_ms,
            pace: opening.window.pace,
            admission_ms: opening.window.admission_ms,
            seed_hex: seed.to_hex(),
            opens_at: crate::clock::wire_instant(opening.opens_ms),
            closes_at: crate::clock::wire_instant(opening.closes_ms()),
            seed,
            seed_hash: row.seed_hash,
            known: Mutex::new(known),
            placing: AtomicBool::new(false),
            stamping: tokio::sync::Mutex::new(()),
        });
        let mut queues = self.queues.lock().unwrap_or_else(PoisonError::into_inner);
        Ok(queues.entry(id).or_insert(queue).clone())
    }

    /// The opening a queue id names, if its window still runs it at `now_ms`.
    fn opening_of(&self, queue_id: &str, now_ms: i64) -> Option<Opening> {
        let (window, opens) = queue_id.rsplit_once('@')?;
        let opening = self.windows().get(window)?.opening_at(now_ms)?;
        (opening.opens_ms.to_string() == opens).then_some(opening)
    }

    async fn send(
        &self,
        queue: &Arc<Queue>,
        visitor: Option<(String, String)>,
        now_ms: i64,
    ) -> Result<Option<PlaceRow>, RoomError> {
        let (reply, answer) = oneshot::channel();
        let (visitor, trip) = visitor.map_or((None, String::new()), |(visitor, trip)| (Some(visitor), trip));
        let job = Join { queue: queue.clone(), visitor, trip, now_ms, reply };
        let closed = || RoomError::Store(sqlx::Error::PoolClosed);
        self.writer.send(job).await.map_err(|_| closed())?;
        answer.await.map_err(|_| closed())?.map_err(RoomError::Store)
    }

    /// Joins `visitor` to the opening's queue for `trip_id`, or finds the place they already have
    /// (moved to `trip_id` while its turn has not come: the admission opens the trip last asked
    /// for, and once given it stays with its trip).
    pub async fn join(
        &self,
        opening: &Opening,
        visitor: &str,
        trip_id: &str,
        now_ms: i64,
    ) -> Result<Standing, RoomError> {
        let queue = self.queue(opening).await?;
        let known = queue.known().visitors.get(visitor).cloned();
        let place_id = match known {
            Some(place_id) => {
                let other_trip = queue.known().places.get(&place_id).is_some_and(|p| p.trip != trip_id);
                if other_trip
                    && store::move_to_trip(&self.pool, &place_id, trip_id).await?
                    && let Some(place) = queue.known().places.get_mut(&place_id)
                {
                    place.trip = trip_id.to_owned();
                }
                place_id
            }
            None => {
                let row = self.send(&queue, Some((visitor.to_owned(), trip_id.to_owned())), now_ms).await?;
                let row = row.ok_or(RoomError::Store(sqlx::Error::RowNotFound))?;
                queue.known().learn(&row);
                row.place_id
            }
        };
        self.standing(&queue, &place_id, now_ms).await
    }

    /// Where the place `place_id` stands, if it is `visitor`'s (another visitor's place is as
    /// unknown as a made-up id) in a queue still running.
    pub async fn status(&self, place_id: &str, visitor: &str, now_ms: i64) -> Result<Option<Standing>, RoomError> {
        let in_memory = {
            let queues = self.queues.lock().unwrap_or_else(PoisonError::into_inner);
            queues.values().find(|q| q.known().places.contains_key(place_id)).cloned()
        };
        let queue = match in_memory {
            Some(queue) => queue,
            None => {
                // Joined through another process (or before a restart).
                let Some(row) = store::place(&self.pool, place_id).await? else { return Ok(None) };
                let Some(opening) = self.opening_of(&row.queue_id, now_ms) else { return Ok(None) };
                let queue = self.queue(&opening).await?;
                queue.known().learn(&row);
                queue
            }
        };
        if queue.known().places.get(place_id).is_none_or(|place| place.visitor != visitor) {
            return Ok(None);
        }
        self.standing(&queue, place_id, now_ms).await.map(Some)
    }

    /// Re-reads the queue's counts (and the pre-queue's positions written elsewhere since) when
    /// stale. One poll does it while the others answer from what is known (a second old at most):
    /// a stampede of polls costs one read a second, not one each.
    async fn refresh(&self, queue: &Arc<Queue>, now_ms: i64) -> Result<(), RoomError> {
        {
            let mut known = queue.known();
            if now_ms.saturating_sub(known.refreshed_ms) < REFRESH_MS {
                return Ok(());
            }
            known.refreshed_ms = now_ms;
        }
        let Some(row) = store::opening(&self.pool, &queue.id).await? else { return Ok(()) };
        let total = u64::try_from(row.places).unwrap_or(0);
        let no_shows =
            u64::try_from(store::no_shows(&self.pool, &queue.id, queue.admission_ms, now_ms).await?).unwrap_or(0);
        // Every place whose turn has come starts its no-show clock now, polled or not (issue 39:
        // closed tabs and bots that never polled again held two thirds of an opening's turns).
        // Within a second of the turn while anyone still waits: they poll, and so refresh.
        let admitted = queue.pace.admitted(queue.opens_ms, now_ms, no_shows, total);
        if admitted > 0 && row.drawn == 1 {
            self.stamp_turns(queue, admitted, row.placed, None, now_ms).await?;
        }
        // The pre-queue's positions another process wrote since: read once each, by position
        // (while placing here too: two placers may run at once, each batch written by one).
        let placing_here = queue.placing.load(Ordering::Acquire);
        let learned = queue.known().learned;
        let read = if row.drawn == 1 && row.placed > learned {
            store::positions_between(&self.pool, &queue.id, learned, row.placed).await?
        } else {
            Vec::new()
        };
        let stalled = {
            let mut known = queue.known();
            for (place, position) in read {
                if let Some(known) = known.places.get_mut(&place) {
                    known.position = u64::try_from(position).ok();
                }
            }
            known.learned = known.learned.max(row.placed);
            known.drawn |= row.drawn == 1;
            known.total = known.total.max(total);
            known.no_shows = no_shows;
            if known.placed_seen.0 != row.placed || known.placed_seen.1 == 0 {
                known.placed_seen = (row.placed, now_ms);
            }
            row.drawn == 1 && !row.all_placed() && !placing_here && now_ms - known.placed_seen.1 > PLACING_STALLED_MS
        };
        if stalled {
            // Its placer's process went away: this one goes on from what the store has.
            tokio::spawn(super::placing::place_all(self.pool.clone(), queue.clone()));
        }
        Ok(())
    }

    /// Starts the no-show clock of every turn come by `admitted` (positions below it) of which
    /// the store has a position (the pre-queue's first `placed`, and the arrivals): one stamping
    /// at a time in this process (and under the store's lock across processes), the pre-queue's
    /// positions each stamped once. With `through`, only if the pre-queue's turn at that position
    /// is not stamped yet: the polls that came with it while another stamped wait, then find it
    /// done (at an opening hundreds of turns come at once, each asking).
    async fn stamp_turns(
        &self,
        queue: &Queue,
        admitted: u64,
        placed: i64,
        through: Option<i64>,
        now_ms: i64,
    ) -> Result<(), RoomError> {
        let _alone = queue.stamping.lock().await;
        let stamped = queue.known().stamped;
        if through.is_some_and(|position| position < stamped) {
            return Ok(());
        }
        let drawn = (stamped, placed.min(as_i64(admitted)));
        store::admit_turns(&self.pool, &queue.id, drawn, as_i64(admitted), now_ms).await?;
        let mut known = queue.known();
        known.stamped = known.stamped.max(drawn.1);
        Ok(())
    }

    async fn standing(&self, queue: &Arc<Queue>, place_id: &str, now_ms: i64) -> Result<Standing, RoomError> {
        self.refresh(queue, now_ms).await?;
        if now_ms >= queue.opens_ms && !queue.known().drawn {
            // The first to ask after the opening has the pre-queue drawn (the writer tells
            // this process's memory; another process's draw shows at the next refresh).
            self.send(queue, None, now_ms).await?;
            if !queue.known().drawn {
                queue.known().refreshed_ms = i64::MIN;
                self.refresh(queue, now_ms).await?;
            }
        }
        let (mut place, admitted, total, no_shows, drawn) = {
            let known = queue.known();
            let place = known.places.get(place_id).cloned().ok_or(RoomError::Store(sqlx::Error::RowNotFound))?;
            let admitted = queue.pace.admitted(queue.opens_ms, now_ms, known.no_shows, known.total);
            (place, admitted, known.total, known.no_shows, known.drawn)
        };
        let turn = place.position.is_some_and(|p| p < admitted);
        let admitted_at = match (turn, place.admitted_at) {
            (true, None) => {
                // Every turn ahead is stamped first, now at the latest: a turn whose visitor
                // asks is never stamped before one ahead whose visitor does not (that one's
                // clock waited for the next refresh, over a second under load).
                let position = place.position.map_or(0, as_i64);
                let (stamped, learned) = {
                    let known = queue.known();
                    (known.stamped, known.learned)
                };
                if position >= stamped {
                    self.stamp_turns(queue, admitted, learned.max(position + 1), Some(position), now_ms).await?;
                }
                // The store's word: when the turn came (perhaps stamped by a refresh, here or
                // in another process) and the trip it opens, which no longer moves.
                let (at, trip) =
                    store::admit(&self.pool, place_id, now_ms).await?.unwrap_or((now_ms, place.trip.clone()));
                if let Some(known) = queue.known().places.get_mut(place_id) {
                    known.admitted_at = Some(at);
                    known.trip = trip.clone();
                }
                place.trip = trip;
                Some(at)
            }
            (_, at) => at,
        };
        let ends = admitted_at.map(|at| at + queue.admission_ms);
        let lapsed = ends.is_some_and(|end| end <= now_ms);
        let admission = match ends {
            Some(end) if !lapsed => {
                let token = place.admission.clone().unwrap_or_else(|| {
                    let visitor = place.visitor.clone();
                    let token = self.admissions.sign(&Admission {
                        queue: queue.id.clone(),
                        visitor,
                        trip: place.trip.clone(),
                        expires_ms: end,
                    });
                    if let Some(known) = queue.known().places.get_mut(place_id) {
                        known.admission = Some(token.clone());
                    }
                    token
                });
                Some((token, end))
            }
            _ => None,
        };
        let wait_seconds = place.position.map(|p| queue.pace.wait_seconds(queue.opens_ms, now_ms, no_shows, p));
        let phase = if now_ms < queue.opens_ms { QueuePhase::PreQueue } else { QueuePhase::Open };
        Ok(Standing {
            place_id: place_id.to_owned(),
            queue_id: queue.id.clone(),
            phase,
            opens_at: queue.opens_at.clone(),
            closes_at: queue.closes_at.clone(),
            position: place.position,
            admitted,
            total,
            wait_seconds,
            poll_after_ms: poll_after(
                now_ms,
                queue.opens_ms,
                wait_seconds,
                admission.is_some() || lapsed,
                spread_of(place_id, opening_spread_ms(total)),
            ),
            admission,
            lapsed,
            seed_hash: queue.seed_hash.clone(),
            seed: drawn.then(|| queue.seed_hex.clone()),
        })
    }

    /// Whether `visitor` may hold seats on trip `trip_id` now: `Ok(None)` when no window covers
    /// it, `Ok(Some(queue id))` with a good admission for that trip in the window's opening.
    pub fn gate(
        &self,
        opening: Option<Opening>,
        visitor: &str,
        trip_id: &str,
        admission: Option<&str>,
        now_ms: i64,
    ) -> Result<Option<String>, Turned> {
        let Some(opening) = opening else { return Ok(None) };
        let text = admission
            .map(str::trim)
            .filter(|t| !t.is_empty())
            .ok_or(Turned::NoAdmission { opens_ms: opening.opens_ms })?;
        let queue_id = opening.queue_id();
        self.admissions.check(text, visitor, &queue_id, trip_id, now_ms).map_err(Turned::Refused)?;
        Ok(Some(queue_id))
    }

    /// Notes that the visitor held seats with their admission (their turn was used, not lost).
    pub async fn held(&self, queue_id: &str, visitor: &str) -> Result<(), RoomError> {
        store::mark_held(&self.pool, queue_id, visitor).await?;
        Ok(())
    }
}

/// The pre-queue's polls at the opening are spread over at least this long, each place at its
/// own moment (issue 38): every pre-queued client polling in the opening's first second would be
/// its spike.
const OPENING_SPREAD_MS: u64 = 5_000;
/// ... and longer for a longer pre-queue, so its first polls come at about this rate at most: a
/// million places over 50 s. Nothing is lost by asking later: the order is the draw's, and a
/// turn's admission runs from when the turn comes.
const OPENING_POLLS_PER_SECOND: u64 = 20_000;
/// The longest spread.
const OPENING_SPREAD_MAX_MS: u64 = 60_000;

/// How long the first polls after an opening with `places` places are spread over.
fn opening_spread_ms(places: u64) -> u64 {
    (places.saturating_mul(1_000) / OPENING_POLLS_PER_SECOND).clamp(OPENING_SPREAD_MS, OPENING_SPREAD_MAX_MS)
}

/// A place's moment in a spread of `spread_ms`: from its id (random), so the same on every poll.
fn spread_of(place_id: &str, spread_ms: u64) -> u64 {
    // FNV-1a: a fixed, even scatter of the id's bytes; nothing here needs to be secret.
    let hash =
        place_id.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3));
    hash % spread_ms.max(1)
}

/// When a client should poll again: often near the turn, seldom far from it, never more than
/// half a minute apart; for the pre-queue, the poll that reaches the opening comes `spread_ms`
/// after it, and one that finds its position still being written asks again within seconds.
fn poll_after(now_ms: i64, opens_ms: i64, wait_seconds: Option<u64>, done: bool, spread_ms: u64) -> u64 {
    if done {
        return 0;
    }
    let until_opening = u64::try_from(opens_ms - now_ms).ok().filter(|&until| until > 0);
    match (wait_seconds, until_opening) {
        (None, Some(until)) if until > 30_000 => 30_000,
        (None, Some(until)) => (until + spread_ms).max(1_000),
        (None, None) => 1_000 + spread_ms % 4_000,
        (Some(wait), until) => (wait * 1000 / 4).clamp(2_000, 30_000).min(until.map_or(u64::MAX, |u| u.max(1_000))),
    }
}

impl std::fmt::Display for RoomError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RoomError::Store(e) => write!(f, "{e}"),
            RoomError::NoRandomness => f.write_str("no randomness"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{OPENING_SPREAD_MAX_MS, OPENING_SPREAD_MS, opening_spread_ms, poll_after, spread_of};

    #[test]
    fn polls_come_at_the_opening_then_often_near_the_turn() {
        // Pre-queue: at the opening (and the place's moment of the spread), at least a second and
        // at most half a minute apart.
        assert_eq!(poll_after(0, 10_000, None, false, 0), 10_000);
        assert_eq!(poll_after(0, 10_000, None, false, 3_210), 13_210);
        assert_eq!(poll_after(0, 600_000, None, false, 3_210), 30_000, "far from it: half a minute");
        assert_eq!(poll_after(0, 100, None, false, 0), 1_000);
        // Opened, its position not written yet: again within 1 to 5 s, at the place's moment.
        assert_eq!(poll_after(500, 100, None, false, 4_000), 1_000);
        assert_eq!(poll_after(500, 100, None, false, 2_500), 3_500);
        assert_eq!(poll_after(500, 100, None, false, 41_234), 2_234);
        // In the queue: a quarter of the wait, 2 to 30 s.
        assert_eq!(poll_after(10, 0, Some(4), false, 0), 2_000);
        assert_eq!(poll_after(10, 0, Some(60), false, 0), 15_000);
        assert_eq!(poll_after(10, 0, Some(3_600), false, 0), 30_000);
        // Admitted, or lapsed: no more polls.
        assert_eq!(poll_after(10, 0, Some(0), true, 0), 0);
    }

    #[test]
    fn the_pre_queue_reaches_the_opening_spread_over_seconds_each_place_at_its_own_moment() {
        let moments: Vec<u64> = (0..10_000).map(|i| spread_of(&format!("place-{i:016x}"), OPENING_SPREAD_MS)).collect();
        assert!(moments.iter().all(|&m| m < OPENING_SPREAD_MS));
        assert_eq!(spread_of("place-0000000000000007", OPENING_SPREAD_MS), moments[7], "the same moment on every poll");
        // Each of the five seconds gets about a fifth of the places.
        for second in 0..5 {
            let share = moments.iter().filter(|&&m| m / 1_000 == second).count();
            assert!((1_700..=2_300).contains(&share), "second {second}: {share} of 10,000");
        }
    }

    #[test]
    fn a_longer_pre_queue_is_spread_longer_so_its_first_polls_come_at_a_bearable_rate() {
        assert_eq!(opening_spread_ms(0), OPENING_SPREAD_MS);
        assert_eq!(opening_spread_ms(100_000), OPENING_SPREAD_MS);
        assert_eq!(opening_spread_ms(1_000_000), 50_000, "a million places: 20,000 first polls a second");
        assert_eq!(opening_spread_ms(10_000_000), OPENING_SPREAD_MAX_MS);
        let moments: Vec<u64> = (0..10_000).map(|i| spread_of(&format!("q-{i:016x}"), 50_000)).collect();
        assert!(moments.iter().all(|&m| m < 50_000) && moments.iter().any(|&m| m > 45_000));
    }
}
