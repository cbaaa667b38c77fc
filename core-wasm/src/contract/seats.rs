//! `get-seat-view` for both services (SPEC §3 "Bus seat view", "Launch seat view").

use super::contract;
use super::queue::QueueNotice;

contract! {
    #[serde(rename_all = "lowercase")]
    #[derive(Copy, Eq)]
    pub enum SeatStatus {
        Available,
        Booked,
        /// Held by another visitor's seat-lock.
        Locked,
        /// Not for sale (crew, reserved by the operator).
        Blocked,
    }

    /// A seat's fare and status for one boarding/dropping pair, where they differ by segment.
    #[serde(rename_all = "camelCase")]
    pub struct FareEntry {
        pub boarding_point: String,
        pub dropping_point: String,
        #[serde(default)]
        pub fare: Option<f64>,
        pub status: SeatStatus,
    }

    #[serde(rename_all = "camelCase")]
    pub struct BusSeat {
        pub seat_no: String,
        pub status: SeatStatus,
        #[serde(default)]
        pub fare: Option<f64>,
        #[serde(default)]
        pub fare_list: Option<Vec<FareEntry>>,
        /// A seat set aside for women travellers.
        #[serde(default)]
        pub is_ladies: Option<bool>,
        /// Position in the deck's grid (0-based), so the site draws aisles where the coach has them.
        #[serde(default)]
        pub row: Option<u16>,
        #[serde(default)]
        pub col: Option<u16>,
    }

    #[serde(rename_all = "camelCase")]
    pub struct Point {
        #[serde(rename = "_id", default)]
        pub id: Option<String>,
        pub name: String,
        /// The name in Bangla, where the data has it.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub name_bn: Option<String>,
        /// Wire time at this point.
        #[serde(default)]
        pub time: Option<String>,
        #[serde(default)]
        pub address: Option<String>,
    }

    /// A bus's seats: one deck in `seatList`, or two in the upper/lower lists (sleepers,
    /// double-deckers). `bordingPoints` is spelt as SPEC spells it.
    #[serde(rename_all = "camelCase")]
    #[derive(Default)]
    pub struct BusSeatPlan {
        #[serde(default)]
        pub seat_list: Vec<BusSeat>,
        #[serde(default)]
        pub upper_deck_seat_list: Vec<BusSeat>,
        #[serde(default)]
        pub lower_deck_seat_list: Vec<BusSeat>,
        #[serde(rename = "bordingPoints", default)]
        pub boarding_points: Vec<Point>,
        #[serde(default)]
        pub dropping_points: Vec<Point>,
    }

    #[serde(rename_all = "camelCase")]
    /// The seats of a trip for a segment: the boarding and dropping points when chosen, else
    /// the searched cities (`from`, `to`), else the whole route.
    pub struct SeatViewRequest {
        #[serde(rename = "tripId")]
        pub trip_id: String,
        #[serde(default)]
        pub from: Option<String>,
        #[serde(default)]
        pub to: Option<String>,
        #[serde(default)]
        pub boarding_point: Option<String>,
        #[serde(default)]
        pub dropping_point: Option<String>,
        #[serde(default)]
        pub user_id: Option<String>,
        #[serde(default)]
        pub anonymous_id: Option<String>,
    }

    #[serde(rename_all = "camelCase")]
    pub struct BusSeatViewResponse {
        pub seat_plan: BusSeatPlan,
        /// Present while an Eid sale window covers the trip (issue 16).
        #[serde(default)]
        pub queue: Option<QueueNotice>,
    }

    /// One cell of a launch deck's grid: a seat or cabin, or a gap (no `seatNo`).
    #[serde(rename_all = "camelCase")]
    pub struct LaunchCell {
        #[serde(default)]
        pub seat_no: Option<String>,
        pub available: bool,
        #[serde(default)]
        pub fare: Option<f64>,
    }

    /// One class on one floor: deck, chair, single/double/family/VIP cabins.
    #[serde(rename_all = "camelCase")]
    pub struct ClassPlan {
        pub class_id: String,
        #[serde(default)]
        pub class_name: Option<String>,
        #[serde(default)]
        pub floor_id: Option<String>,
        #[serde(default)]
        pub floor_name: Option<String>,
        /// `className` and `floorName` in Bangla, where the data has them.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub class_name_bn: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub floor_name_bn: Option<String>,
        #[serde(default)]
        pub fare: Option<f64>,
        /// Rows of cells.
        pub seats: Vec<Vec<LaunchCell>>,
    }

    pub struct LaunchSeatPlan {
        #[serde(rename = "ClassWiseSeatPlan")]
        pub class_wise_seat_plan: Vec<ClassPlan>,
    }

    #[serde(rename_all = "camelCase")]
    pub struct LaunchSeatViewResponse {
        pub seat_plan: LaunchSeatPlan,
        /// Present while an Eid sale window covers the trip (issue 16).
        #[serde(default)]
        pub queue: Option<QueueNotice>,
    }
}
