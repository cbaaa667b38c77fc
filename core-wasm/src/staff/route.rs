//! What a route must be, and its fares between stops: used by the staff wing on every save
//! and import, and by the staff site's route form before it sends.

use std::collections::BTreeMap;

use super::messages::{self as say, StaffSaid};
use crate::contract::staff::StaffStop;

/// The most stops a route may have.
pub const MAX_STOPS: usize = 40;
/// A stop is at most a week after the first.
pub const MAX_MINUTES: i64 = 7 * 24 * 60;

/// A route's stops: at least two, each city once, the first at minute 0 and each later one
/// after the one before (within a week), points within the week, the first boarding and the
/// last dropping.
pub fn check_stops(stops: &[StaffStop]) -> Result<(), StaffSaid> {
    if stops.len() < 2 {
        return Err(say::STOPS_FEW.with(&[]));
    }
    if stops.len() > MAX_STOPS {
        return Err(say::OUT_OF_RANGE.with(&[("field", "stops"), ("min", "2"), ("max", &MAX_STOPS.to_string())]));
    }
    for (i, stop) in stops.iter().enumerate() {
        let city = stop.city_id.trim();
        if stops[..i].iter().any(|s| s.city_id.trim() == city) {
            return Err(say::STOP_TWICE.with(&[("city", city)]));
        }
        let in_order = if i == 0 { stop.minutes == 0 } else { stop.minutes > stops[i - 1].minutes };
        if !in_order || stop.minutes > MAX_MINUTES {
            return Err(say::STOPS_ORDER.with(&[("stop", &(i + 1).to_string())]));
        }
        if stop.points.iter().any(|p| !(0..=MAX_MINUTES).contains(&p.minutes)) {
            let max = MAX_MINUTES.to_string();
            return Err(say::OUT_OF_RANGE.with(&[("field", "points.minutes"), ("min", "0"), ("max", &max)]));
        }
    }
    if !stops[0].boards || !stops[stops.len() - 1].drops {
        return Err(say::NO_BOARDING.with(&[]));
    }
    Ok(())
}

/// The fares of every leg (`from` stop index, `to` stop index) from each stop's fare from the
/// first stop (`None` for the first itself): from the first stop as given; between later stops,
/// the difference, where it is positive.
pub fn leg_fares(from_start: &[Option<i64>]) -> BTreeMap<(i64, i64), i64> {
    let from_start: Vec<i64> = from_start.iter().map(|f| f.unwrap_or(0)).collect();
    let mut legs = BTreeMap::new();
    for to in 1..from_start.len() {
        for from in 0..to {
            let fare = from_start[to] - if from == 0 { 0 } else { from_start[from] };
            if fare > 0 {
                legs.insert((from as i64, to as i64), fare);
            }
        }
    }
    legs
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stop(city: &str, minutes: i64) -> StaffStop {
        StaffStop { city_id: city.into(), minutes, boards: true, drops: true, points: vec![] }
    }

    #[test]
    fn a_route_runs_forward_in_time_through_distinct_cities() {
        assert!(check_stops(&[stop("dhaka", 0), stop("paturia", 90), stop("kushtia", 240)]).is_ok());
        assert_eq!(check_stops(&[stop("dhaka", 0)]).unwrap_err().code, "route.stopsFew");
        assert_eq!(check_stops(&[stop("dhaka", 0), stop(" dhaka", 60)]).unwrap_err().code, "route.stopTwice");
        assert_eq!(check_stops(&[stop("dhaka", 5), stop("kushtia", 60)]).unwrap_err().code, "route.stopsOrder");
        let back = check_stops(&[stop("dhaka", 0), stop("paturia", 90), stop("kushtia", 90)]).unwrap_err();
        assert_eq!((back.code.as_str(), back.params[0].value.as_str()), ("route.stopsOrder", "3"));
        assert_eq!(
            check_stops(&[stop("dhaka", 0), stop("kushtia", MAX_MINUTES + 1)]).unwrap_err().code,
            "route.stopsOrder"
        );
        let too_many: Vec<StaffStop> = (0..=MAX_STOPS as i64).map(|i| stop(&format!("c{i}"), i)).collect();
        assert_eq!(check_stops(&too_many).unwrap_err().code, "staff.range");
    }

    #[test]
    fn the_first_stop_boards_and_the_last_drops() {
        let mut stops = vec![stop("dhaka", 0), stop("kushtia", 60)];
        stops[0].boards = false;
        assert_eq!(check_stops(&stops).unwrap_err().code, "route.noBoarding");
        stops[0].boards = true;
        stops[1].drops = false;
        assert_eq!(check_stops(&stops).unwrap_err().code, "route.noBoarding");
    }

    #[test]
    fn later_legs_cost_the_difference_of_their_fares_from_the_start() {
        assert_eq!(
            leg_fares(&[None, Some(300), Some(700)]),
            BTreeMap::from([((0, 1), 300), ((0, 2), 700), ((1, 2), 400)])
        );
        // A later stop no dearer than an earlier one gives that leg no fare.
        assert_eq!(leg_fares(&[None, Some(300), Some(300)]), BTreeMap::from([((0, 1), 300), ((0, 2), 300)]));
    }
}
