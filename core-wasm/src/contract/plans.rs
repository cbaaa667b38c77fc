//! When plans change (issue 37): an operator's cancellation and date-change policy as managers
//! edit it, and a trip an operator cancels with the job's progress.

use super::contract;
use crate::policy::Policy;

/// How long a trip's cancellation reason may be, in characters: every traveller's SMS tells it.
pub const REASON_CHARS: std::ops::RangeInclusive<usize> = 3..=120;

contract! {
    /// `GET staff/policies`: each of the caller's operators' policy, with the words travellers
    /// read.
    #[serde(rename_all = "camelCase")]
    pub struct Policies {
        pub operators: Vec<OperatorPolicy>,
    }

    /// `POST staff/policies`: an operator's policy; tickets sold from then on keep it, tickets
    /// sold before keep theirs.
    #[serde(rename_all = "camelCase", deny_unknown_fields)]
    pub struct OperatorPolicy {
        /// The caller's operator when they have one.
        #[serde(default)]
        pub operator_id: Option<String>,
        pub policy: Policy,
        /// Whether the operator set it (else the site's rule applies). Ignored on a save.
        #[serde(default)]
        pub own: bool,
    }

    /// `POST staff/trips/cancel`: the operator cancels a trip; every ticket is refunded in full.
    #[serde(rename_all = "camelCase", deny_unknown_fields)]
    pub struct TripCancel {
        pub trip_id: String,
        /// Told to every traveller (by SMS and on the ticket): 3 to 120 characters.
        #[cfg_attr(feature = "schema", schemars(length(min = 3, max = 120)))]
        pub reason: String,
    }

    /// `POST staff/trips/change`: the trip leaves at another time; everyone with a ticket is told
    /// by SMS and may cancel free of charge until departure.
    #[serde(rename_all = "camelCase", deny_unknown_fields)]
    pub struct TripChange {
        pub trip_id: String,
        /// Dhaka wall clock, `YYYY-MM-DD HH:MM`, in the future.
        pub departs: String,
    }

    #[serde(rename_all = "camelCase")]
    pub struct TripChanged {
        pub trip_id: String,
        pub departs: String,
        /// Tickets whose travellers are told.
        pub tickets_told: i64,
    }

    /// `POST staff/trips/points`: a trip's travellers who board or leave at one of its route's
    /// points do so at another place of that city instead (a road closed, a counter moved); those
    /// who board there are told by SMS and may cancel free. Moved back to the route's own point,
    /// the trip is as its route again.
    #[serde(rename_all = "camelCase", deny_unknown_fields)]
    pub struct PointMove {
        pub trip_id: String,
        /// The route's point (its id).
        pub point_id: String,
        /// A point of the same city (its id) of the trip's operator or shared by all.
        pub to_point_id: String,
    }

    #[serde(rename_all = "camelCase")]
    pub struct PointMoved {
        pub trip_id: String,
        pub point_id: String,
        pub to_point_id: String,
        /// The place's name, as tickets now say.
        pub name: String,
        /// Tickets whose travellers are told (those boarding there).
        pub tickets_told: i64,
    }

    /// `GET staff/trips/points/{id}`: the trip's route points as the trip uses them, and the
    /// places each may move to.
    #[serde(rename_all = "camelCase")]
    pub struct TripPoints {
        pub trip_id: String,
        pub points: Vec<TripPoint>,
    }

    #[serde(rename_all = "camelCase")]
    pub struct TripPoint {
        /// The route's point.
        pub point_id: String,
        pub name: String,
        pub city_id: String,
        /// Where this trip's travellers use instead, if it moved.
        pub moved_to: Option<PlaceChoice>,
        /// Places of the same city it may move to (itself included, to move it back).
        pub choices: Vec<PlaceChoice>,
    }

    #[serde(rename_all = "camelCase")]
    pub struct PlaceChoice {
        pub id: String,
        pub name: String,
    }

    /// A trip's cancellation and how far its job has come.
    #[serde(rename_all = "camelCase")]
    pub struct TripCancellation {
        pub trip_id: String,
        pub reason: String,
        /// Unix ms.
        pub started_at: i64,
        /// Unix ms, once every ticket is cancelled and its refund asked for.
        #[serde(default)]
        pub finished_at: Option<i64>,
        pub tickets_cancelled: i64,
        /// Tickets paid online whose refund went to the gateway that took the money.
        pub refunded_online: i64,
        /// Counter tickets paid in cash: the traveller collects the refund at a counter.
        pub refunds_at_counter: i64,
        /// Of the online refunds, those the gateway has done.
        pub refunds_done: i64,
        /// Tickets not yet handled.
        pub remaining: i64,
        /// Messages to travellers sent, and waiting to be.
        pub messages_sent: i64,
        pub messages_waiting: i64,
    }
}
