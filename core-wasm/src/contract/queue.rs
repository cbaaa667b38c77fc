//! The Eid waiting room (issue 16): joining a sale window's queue and asking where one stands.
//! While a sale window runs, seat-lock on its trips asks for the admission a status answer
//! carries once the visitor's turn has come (`SeatLockRequest::admission`).

use super::contract;

contract! {
    /// `common/queue/join`: a place in the queue of the sale window covering the trip. Joining
    /// again (a retry, a reload, another tab) keeps the place the visitor has.
    #[serde(rename_all = "camelCase")]
    pub struct QueueJoinRequest {
        pub trip_id: String,
    }

    /// `common/queue/status?queueId=`: where the caller's place stands.
    #[serde(rename_all = "camelCase")]
    #[derive(Default)]
    pub struct QueueStatusQuery {
        pub queue_id: Option<String>,
    }

    /// Where an opening stands (the server's sale windows use it too).
    #[serde(rename_all = "SCREAMING_SNAKE_CASE")]
    #[derive(Copy, Eq)]
    pub enum QueuePhase {
        /// Before the opening: arrivals until then are drawn in a random order at the opening.
        PreQueue,
        /// Sales are open: visitors are let in, in order, at the operator's rate.
        Open,
    }

    /// On a seat view: the trip is in an Eid sale window now, so seats are held through its
    /// queue (`common/queue/join`); the site shows the waiting room in place of the seat plan.
    #[serde(rename_all = "camelCase")]
    pub struct QueueNotice {
        pub phase: QueuePhase,
        /// When sales open, and when the queue stops being needed (wire times, DESIGN §3).
        pub opens_at: String,
        pub closes_at: String,
    }

    /// The admission a visitor's turn brings: sent back with seat-lock until it ends.
    #[serde(rename_all = "camelCase")]
    pub struct QueueAdmission {
        pub token: String,
        /// When it ends (a wire time, DESIGN §3).
        pub expires_at: String,
        /// Seconds left when answered.
        pub seconds_left: u64,
    }

    /// A place in a queue, as `join` and `status` answer it.
    #[serde(rename_all = "camelCase")]
    pub struct QueueStanding {
        /// The place's id, for `status` (names nobody).
        pub queue_id: String,
        pub phase: QueuePhase,
        /// When sales open, and when the queue stops being needed (wire times, DESIGN §3).
        pub opens_at: String,
        pub closes_at: String,
        /// 1 = first; null in the pre-queue until the draw.
        pub position: Option<u64>,
        /// Places still to be let in before this one; null in the pre-queue.
        pub ahead: Option<u64>,
        /// Places in the queue.
        pub total: u64,
        /// An estimate, in seconds; null in the pre-queue.
        pub wait_seconds: Option<u64>,
        /// Present once the turn has come, until it ends.
        pub admission: Option<QueueAdmission>,
        /// The turn came and ended without seats held.
        pub lapsed: bool,
        /// SHA-256 (hex) of the seed the pre-queue is drawn with, published from the first join.
        pub seed_hash: String,
        /// The seed itself (hex), once drawn: anyone can redo the draw (docs/waiting-room.md).
        pub seed: Option<String>,
        /// When to ask again, in milliseconds; 0 once nothing more will change.
        pub poll_after_ms: u64,
    }
}
