//! `get-schedule-trips` for both services (SPEC §3 "Bus trip list state", "Launch schedule").

use super::{contract, number_or_text};

number_or_text! {
    /// A fare: one amount, or a range as text `'low-high'` when fares differ by seat or segment.
    Fare
}

contract! {
    /// AC or not: a trip's coach type (SPEC §3 coachType without `all`).
    #[serde(rename_all = "kebab-case")]
    #[derive(Copy, Eq)]
    pub enum CoachType {
        Ac,
        NonAc,
    }

    /// One departure, as a traveller compares them. Bus trips carry a coach, launch trips a ship.
    #[serde(rename_all = "camelCase")]
    pub struct Trip {
        #[serde(rename = "_id")]
        pub id: String,
        #[serde(default)]
        pub company_id: Option<String>,
        #[serde(default)]
        pub company_name: Option<String>,
        /// Names in Bangla where the data has them: `companyName`, `shipName`, `busClass`, `routeName`,
        /// and the point lists item by item (app/src/i18n/names.ts).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub company_name_bn: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub ship_name_bn: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub bus_class_bn: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub route_name_bn: Option<String>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        pub boarding_points_bn: Vec<String>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        pub dropping_points_bn: Vec<String>,
        /// Bus: the coach number. Launch: unused.
        #[serde(default)]
        pub coach_no: Option<String>,
        /// Launch: the ship.
        #[serde(default)]
        pub ship_id: Option<String>,
        #[serde(default)]
        pub ship_name: Option<String>,
        #[serde(default)]
        pub coach_type: Option<CoachType>,
        /// Bus class (e.g. "Business Class", "Sleeper"); launch: the classes on board.
        #[serde(default)]
        pub bus_class: Option<String>,
        #[serde(default)]
        pub route_name: Option<String>,
        /// Wire time (DESIGN §3: Dhaka clock + 6 h).
        pub departure_date_time: String,
        #[serde(default)]
        pub arrival_date_time: Option<String>,
        pub seat_fare: Fare,
        /// Seats still free; absent when unknown (treated as available).
        #[serde(default)]
        pub available_seats: Option<u32>,
        #[serde(default)]
        pub boarding_points: Vec<String>,
        #[serde(default)]
        pub dropping_points: Vec<String>,
        #[serde(default)]
        pub logo: Option<String>,
    }

    /// Bus search filters plus the visitor (SPEC §7: userId or anonymousId).
    #[serde(rename_all = "camelCase")]
    pub struct TripSearchRequest {
        /// City id or stored name.
        pub from: String,
        pub to: String,
        /// YYYY-MM-DD, a Dhaka date.
        pub journey_date: String,
        #[serde(default)]
        pub coach_type: Option<String>,
        #[serde(default)]
        pub user_id: Option<String>,
        #[serde(default)]
        pub anonymous_id: Option<String>,
    }

    #[serde(rename_all = "camelCase")]
    pub struct Company {
        #[serde(rename = "_id")]
        pub id: String,
        pub name: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub name_bn: Option<String>,
    }

    #[serde(rename_all = "camelCase")]
    pub struct Ship {
        #[serde(rename = "_id")]
        pub id: String,
        pub name: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub name_bn: Option<String>,
        #[serde(default)]
        pub logo: Option<String>,
    }

    #[serde(rename_all = "camelCase")]
    pub struct BusTripsResponse {
        pub trips: Vec<Trip>,
        pub boarding_points: Vec<String>,
        pub companies: Vec<Company>,
        pub bus_classes: Vec<String>,
        /// `boardingPoints` and `busClasses` in Bangla, item by item, where the data has them.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        pub boarding_points_bn: Vec<String>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        pub bus_classes_bn: Vec<String>,
    }

    #[serde(rename_all = "camelCase")]
    pub struct LaunchTripsResponse {
        pub trips: Vec<Trip>,
        pub boarding_points: Vec<String>,
        pub ships: Vec<Ship>,
        /// `boardingPoints` in Bangla, item by item, where the data has them.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        pub boarding_points_bn: Vec<String>,
    }
}
