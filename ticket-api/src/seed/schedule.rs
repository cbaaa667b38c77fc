//! Timetables: which coach or ship leaves on which route at what time of day, every day.
//!
//! Times are Dhaka wall clock (DESIGN §3 "Times"). Day coaches leave 06:30-10:00 and in the
//! afternoon, night coaches 20:30-00:30 (an 00:30 departure belongs to the calendar day it
//! leaves on); launches leave Sadarghat in the evening and reach the south next morning. A
//! both-ways route runs back at the same times with each vehicle's partner
//! (`operators::partner`): a coach number or ship per direction, as on real tickets.

use core_wasm::time::Date;

use super::operators::{Vehicle, partner, vehicle_by_id};
use super::routes::Route;

pub struct Timetable {
    /// A written route's id (`routes::ROUTES`); its reverse runs the same times.
    pub route: &'static str,
    /// Minute of the day (0..1440) and the vehicle's id.
    pub departures: &'static [(i64, &'static str)],
}

const fn at(hour: i64, minute: i64) -> i64 {
    hour * 60 + minute
}

const fn timetable(route: &'static str, departures: &'static [(i64, &'static str)]) -> Timetable {
    Timetable { route, departures }
}

pub const TIMETABLES: &[Timetable] = &[
    timetable(
        "dhaka-chattogram",
        &[
            (at(7, 0), "gl-101"),
            (at(15, 0), "gl-301"),
            (at(23, 30), "gl-201"),
            (at(8, 0), "hn-101"),
            (at(22, 30), "hn-102"),
            (at(9, 30), "sp-101"),
            (at(23, 0), "sp-102"),
            (at(10, 0), "sm-101"),
            (at(23, 45), "sm-201"),
            (at(7, 30), "sa-101"),
            (at(21, 30), "sa-102"),
            (at(0, 30), "sa-501"),
            (at(6, 30), "sd-101"),
            (at(22, 0), "sd-102"),
        ],
    ),
    timetable(
        "dhaka-coxs-bazar",
        &[
            (at(21, 30), "gl-102"),
            (at(7, 30), "hn-102"),
            (at(21, 0), "hn-101"),
            (at(22, 30), "sp-201"),
            (at(23, 0), "sm-102"),
            (at(20, 30), "sa-102"),
            (at(22, 0), "le-101"),
            (at(23, 15), "le-301"),
        ],
    ),
    timetable(
        "dhaka-sylhet",
        &[
            (at(7, 0), "en-101"),
            (at(14, 0), "en-501"),
            (at(23, 30), "en-102"),
            (at(8, 30), "hn-102"),
            (at(22, 0), "hn-501"),
            (at(10, 0), "sy-101"),
            (at(6, 30), "uq-101"),
            (at(23, 0), "uq-501"),
            (at(9, 0), "le-102"),
        ],
    ),
    timetable(
        "dhaka-rajshahi",
        &[
            (at(7, 30), "dt-101"),
            (at(23, 0), "dt-501"),
            (at(8, 0), "hn-101"),
            (at(22, 30), "hn-102"),
            (at(9, 0), "nt-101"),
            (at(23, 45), "nt-102"),
            (at(10, 30), "gt-101"),
            (at(22, 0), "gt-501"),
            (at(21, 30), "sy-102"),
        ],
    ),
    timetable(
        "dhaka-khulna",
        &[
            (at(7, 0), "te-101"),
            (at(22, 0), "te-501"),
            (at(8, 0), "gl-102"),
            (at(23, 0), "gl-201"),
            (at(9, 30), "hn-501"),
            (at(21, 30), "hn-102"),
            (at(6, 30), "em-101"),
            (at(22, 30), "em-102"),
            (at(10, 0), "eg-101"),
            (at(23, 30), "eg-102"),
        ],
    ),
    timetable(
        "dhaka-barishal",
        &[
            (at(7, 0), "sk-101"),
            (at(22, 0), "sk-501"),
            (at(9, 0), "gl-101"),
            (at(23, 0), "gl-102"),
            (at(10, 0), "hn-101"),
            (at(21, 0), "hn-501"),
            (at(7, 30), "gd-101"),
            (at(22, 30), "gd-501"),
            (at(8, 30), "eg-102"),
        ],
    ),
    timetable(
        "dhaka-rangpur",
        &[
            (at(8, 0), "nb-101"),
            (at(22, 0), "nb-501"),
            (at(23, 30), "nb-201"),
            (at(9, 0), "hn-102"),
            (at(21, 30), "hn-501"),
            (at(7, 30), "sr-101"),
            (at(22, 30), "sr-201"),
            (at(10, 0), "sy-101"),
            (at(23, 0), "sy-501"),
        ],
    ),
    timetable(
        "dhaka-dinajpur",
        &[
            (at(21, 0), "nb-102"),
            (at(20, 30), "hn-101"),
            (at(22, 0), "sr-102"),
            (at(8, 0), "sy-102"),
            (at(21, 45), "sy-501"),
        ],
    ),
    timetable(
        "dhaka-jashore",
        &[
            (at(7, 30), "eg-101"),
            (at(22, 30), "eg-501"),
            (at(8, 30), "gl-101"),
            (at(9, 0), "gd-102"),
            (at(23, 0), "gd-101"),
            (at(21, 30), "hn-102"),
            (at(10, 0), "sp-101"),
        ],
    ),
    timetable(
        "dhaka-benapole",
        &[
            (at(7, 0), "sp-102"),
            (at(23, 0), "sp-101"),
            (at(22, 0), "gl-101"),
            (at(9, 30), "eg-102"),
            (at(21, 0), "hn-101"),
        ],
    ),
    timetable(
        "dhaka-kushtia",
        &[
            (at(7, 30), "sy-101"),
            (at(22, 30), "sy-102"),
            (at(8, 30), "hn-101"),
            (at(21, 30), "hn-102"),
            (at(9, 30), "nt-101"),
            (at(23, 0), "nt-102"),
            (at(10, 30), "rc-101"),
            (at(22, 0), "rc-102"),
        ],
    ),
    timetable(
        "dhaka-bogura",
        &[
            (at(7, 0), "sy-102"),
            (at(8, 0), "hn-102"),
            (at(23, 0), "hn-101"),
            (at(9, 30), "sr-101"),
            (at(14, 30), "nb-101"),
            (at(22, 30), "nb-501"),
        ],
    ),
    timetable(
        "dhaka-mymensingh",
        &[
            (at(6, 30), "en-101"),
            (at(12, 0), "en-102"),
            (at(18, 0), "en-501"),
            (at(7, 30), "nt-101"),
            (at(16, 0), "nt-102"),
            (at(8, 30), "uq-102"),
            (at(19, 0), "uq-101"),
            (at(10, 0), "sy-101"),
        ],
    ),
    timetable(
        "dhaka-cumilla",
        &[
            (at(6, 30), "rc-101"),
            (at(11, 0), "rc-102"),
            (at(17, 0), "rc-101"),
            (at(8, 0), "sd-101"),
            (at(14, 0), "sd-102"),
            (at(9, 30), "sa-101"),
            (at(12, 30), "nt-102"),
        ],
    ),
    timetable(
        "dhaka-noakhali",
        &[
            (at(7, 0), "hn-101"),
            (at(22, 0), "hn-102"),
            (at(8, 30), "eg-101"),
            (at(23, 0), "eg-501"),
            (at(10, 0), "sa-102"),
            (at(21, 30), "sd-101"),
        ],
    ),
    timetable(
        "dhaka-moulvibazar",
        &[
            (at(7, 30), "hn-102"),
            (at(22, 30), "hn-101"),
            (at(9, 0), "sy-101"),
            (at(11, 0), "en-102"),
            (at(23, 0), "en-501"),
            (at(8, 0), "uq-101"),
        ],
    ),
    timetable(
        "dhaka-kuakata",
        &[
            (at(7, 30), "sk-102"),
            (at(21, 30), "sk-101"),
            (at(21, 0), "gl-201"),
            (at(22, 0), "gd-102"),
            (at(8, 30), "te-102"),
        ],
    ),
    timetable(
        "dhaka-satkhira",
        &[(at(21, 0), "eg-102"), (at(22, 0), "sp-102"), (at(8, 0), "gd-101"), (at(7, 30), "hn-101")],
    ),
    timetable(
        "dhaka-tangail",
        &[
            (at(6, 30), "nt-101"),
            (at(10, 30), "nt-102"),
            (at(16, 0), "nt-101"),
            (at(8, 0), "uq-102"),
            (at(14, 0), "uq-501"),
            (at(9, 0), "en-101"),
            (at(18, 0), "en-102"),
        ],
    ),
    timetable(
        "dhaka-faridpur",
        &[
            (at(7, 0), "gd-101"),
            (at(13, 0), "gd-102"),
            (at(8, 30), "sk-101"),
            (at(10, 0), "te-101"),
            (at(17, 30), "te-102"),
            (at(9, 30), "em-101"),
        ],
    ),
    timetable(
        "dhaka-chapainawabganj",
        &[(at(22, 0), "dt-102"), (at(21, 30), "nt-101"), (at(22, 30), "gt-501"), (at(8, 30), "hn-102")],
    ),
    timetable(
        "dhaka-pabna",
        &[
            (at(7, 0), "sy-102"),
            (at(22, 0), "sy-101"),
            (at(9, 0), "hn-101"),
            (at(10, 0), "gt-101"),
            (at(23, 0), "gt-501"),
            (at(8, 0), "dt-101"),
        ],
    ),
    timetable(
        "dhaka-bandarban",
        &[(at(22, 0), "sa-101"), (at(21, 0), "sy-102"), (at(22, 30), "hn-102"), (at(23, 0), "sm-102")],
    ),
    timetable(
        "dhaka-rangamati",
        &[(at(21, 30), "sa-102"), (at(22, 0), "sy-101"), (at(23, 0), "hn-501"), (at(8, 0), "sd-102")],
    ),
    timetable(
        "dhaka-brahmanbaria",
        &[
            (at(7, 0), "sd-102"),
            (at(9, 30), "uq-101"),
            (at(17, 0), "uq-501"),
            (at(12, 0), "en-101"),
            (at(15, 0), "nt-102"),
        ],
    ),
    timetable(
        "chattogram-coxs-bazar",
        &[
            (at(7, 0), "sa-101"),
            (at(15, 0), "sa-501"),
            (at(8, 0), "sd-101"),
            (at(13, 0), "sd-102"),
            (at(9, 0), "sm-101"),
            (at(11, 0), "gl-102"),
        ],
    ),
    timetable(
        "chattogram-sylhet",
        &[
            (at(7, 30), "uq-102"),
            (at(21, 0), "uq-501"),
            (at(9, 0), "en-102"),
            (at(22, 0), "en-501"),
            (at(20, 30), "hn-102"),
        ],
    ),
    timetable("dhaka-barishal-launch", &[(at(20, 30), "mv-sundarban-10"), (at(21, 0), "mv-parabat-12")]),
    timetable("dhaka-bhola-launch", &[(at(19, 30), "mv-tasrif-1"), (at(20, 0), "mv-prince-awlad-10")]),
    timetable("dhaka-patuakhali-launch", &[(at(18, 0), "mv-kuakata-2")]),
    // Chandpur is the short run of the Meghna: the evening launch arrives before midnight.
    timetable("dhaka-chandpur-launch", &[(at(18, 30), "mv-meghna-rani")]),
    timetable("dhaka-pirojpur-launch", &[(at(19, 0), "mv-farhan-3")]),
    timetable("dhaka-jhalokathi-launch", &[(at(19, 30), "mv-adventure-9"), (at(20, 0), "mv-kirtankhola-10")]),
    timetable("dhaka-barguna-launch", &[(at(18, 0), "mv-surovi-9")]),
];

/// One daily departure of a route as written to the database.
pub struct Departure {
    /// Index into the routes of `routes::all()`.
    pub route: usize,
    pub minute: i64,
    pub vehicle: &'static Vehicle,
}

/// Every daily departure of every route. A timetable naming an unknown vehicle is a data error
/// the unit tests catch; here such a departure is left out rather than failing the seed.
pub fn departures(routes: &[Route]) -> Vec<Departure> {
    let mut all = Vec::new();
    for (index, route) in routes.iter().enumerate() {
        for table in TIMETABLES.iter().filter(|t| t.route == route.def.id) {
            for &(minute, vehicle_id) in table.departures {
                let Some(vehicle) = vehicle_by_id(vehicle_id) else { continue };
                let vehicle = if route.reversed { partner(vehicle) } else { vehicle };
                all.push(Departure { route: index, minute, vehicle });
            }
        }
    }
    all
}

/// A trip's id: readable and unique per route, vehicle and departure
/// ('trip-dhaka-chattogram-gl-101-20260105-0700').
pub fn trip_id(route: &Route, vehicle: &Vehicle, date: Date, minute: i64) -> String {
    let day = date.to_string().replace('-', "");
    format!("trip-{}-{}-{day}-{:02}{:02}", route.id, vehicle.id, minute / 60, minute % 60)
}

/// Departure time as stored: Dhaka wall-clock minutes since the epoch.
pub fn departs_at(date: Date, minute: i64) -> i64 {
    date.days_since_epoch() * 1440 + minute
}
