//! The timetable in memory: cities, routes with their stops and points, operators, vehicles,
//! layouts, fares and trips. It changes only when the network is re-seeded or edited, while
//! searches come by the thousand per second, so searches read it from memory and ask the
//! database only for what changes every second: the seat claims.
//!
//! Coherence: seat claims are kept apart, in `crate::claims`, coherent with every write. The
//! timetable itself is reloaded when `settings.network_version` changes, checked at most once
//! per [`RECHECK`]; a re-seed reaches every server process within that time.

use std::collections::HashMap;
use std::sync::{Arc, RwLock};
use std::time::{Duration, Instant};

use crate::store::pool::Pool;
use core_wasm::pricing::DatedFare;
use core_wasm::service::Service;
use core_wasm::time::Date;

use crate::store::network as store;

/// How often a process asks whether the timetable changed.
pub const RECHECK: Duration = Duration::from_secs(2);

#[derive(Debug, Clone)]
pub struct RouteStop {
    pub city_id: String,
    pub minutes_from_start: i64,
    /// Passengers get on here (a search may start here) and get off (a search may end here).
    pub boards: bool,
    pub drops: bool,
}

#[derive(Debug, Clone)]
pub struct RoutePointName {
    pub stop: i64,
    pub id: String,
    pub name: String,
    pub name_bn: Option<String>,
    pub address: String,
    pub minutes_from_start: i64,
}

/// A seat of a layout, as the seat view draws it.
#[derive(Debug, Clone)]
pub struct LayoutSeat {
    pub seat_no: String,
    pub deck: String,
    pub deck_name: String,
    pub deck_name_bn: Option<String>,
    pub seat_class: String,
    pub class_name: String,
    pub class_name_bn: Option<String>,
    pub row: i64,
    pub col: i64,
    pub is_ladies: bool,
}

#[derive(Debug, Clone)]
pub struct Route {
    pub service: Service,
    pub name: String,
    pub name_bn: Option<String>,
    pub stops: Vec<RouteStop>,
    /// Point names in time order.
    pub points: Vec<RoutePointName>,
    /// Trips sorted by departure.
    pub trips: Vec<TripRow>,
}

#[derive(Debug, Clone)]
pub struct TripRow {
    pub id: String,
    pub departs_at: i64,
    pub operator_id: String,
    pub vehicle_id: String,
    pub layout_id: String,
    /// Seats the website leaves to the counters (issue 41).
    pub online_quota: Option<i64>,
    /// The route's points this trip uses another place for (issue 37); almost always none.
    pub moved: Vec<MovedPoint>,
}

/// A route's point (`from`, its id) that a trip moved to another place of the city: the place,
/// at the point's stop and time.
#[derive(Debug, Clone)]
pub struct MovedPoint {
    pub from: String,
    pub to: RoutePointName,
}

impl TripRow {
    /// The route's point as this trip uses it: the place it moved to, if it did.
    pub fn point<'a>(&'a self, p: &'a RoutePointName) -> &'a RoutePointName {
        self.moved.iter().find(|m| m.from == p.id).map_or(p, |m| &m.to)
    }
}

#[derive(Debug, Clone)]
pub struct Vehicle {
    pub name: String,
    pub name_bn: Option<String>,
    pub coach_type: Option<String>,
    pub bus_class: String,
    pub bus_class_bn: Option<String>,
    pub layout_id: String,
}

#[derive(Debug, Clone)]
pub struct Operator {
    pub title: String,
    pub title_bn: Option<String>,
    pub logo: String,
    /// Its cancellation and date-change policy as JSON, as a booking keeps it; none: the site's.
    pub policy: Option<String>,
}

#[derive(Debug, Clone)]
pub struct Layout {
    pub seat_count: i64,
    pub classes: Vec<String>,
}

#[derive(Debug, Default)]
pub struct Network {
    pub version: String,
    /// City id by lower-case id, lower-case name and Bangla name (a search typed in either script).
    pub city_ids: HashMap<String, String>,
    /// City name by id.
    pub city_names: HashMap<String, String>,
    /// City name in Bangla by id, where the data has it.
    pub city_names_bn: HashMap<String, String>,
    pub routes: HashMap<String, Route>,
    /// (route id, stop index) of every stop at a city.
    pub stops_by_city: HashMap<String, Vec<(String, usize)>>,
    pub vehicles: HashMap<String, Vehicle>,
    pub operators: HashMap<String, Operator>,
    pub layouts: HashMap<String, Layout>,
    /// Seats of each layout, by deck, row and column.
    pub layout_seats: HashMap<String, Vec<LayoutSeat>>,
    /// Where each trip is: its route and its index in the route's trips.
    pub trip_index: HashMap<String, (String, usize)>,
    /// (route, operator, seat class, from stop, to stop) -> taka.
    pub fares: HashMap<FareKey, i64>,
    /// The same legs' fares for periods of travel dates (Eid fares), which win on their dates.
    pub dated_fares: HashMap<FareKey, Vec<DatedFare>>,
}

/// A leg's fare: (route, operator, seat class, from stop, to stop).
pub type FareKey = (String, String, String, i64, i64);

async fn version(pool: &Pool) -> Result<String, sqlx::Error> {
    Ok(crate::store::content::setting(pool, "network_version").await?.unwrap_or_default())
}

impl Network {
    pub async fn load(pool: &Pool) -> Result<Network, sqlx::Error> {
        let mut n = Network { version: version(pool).await?, ..Network::default() };
        for r in store::cities(pool).await? {
            n.city_ids.insert(r.name.to_lowercase(), r.id.clone());
            n.city_ids.insert(r.id.to_lowercase(), r.id.clone());
            if let Some(bn) = r.name_bn {
                n.city_ids.insert(bn.trim().to_owned(), r.id.clone());
                n.city_names_bn.insert(r.id.clone(), bn);
            }
            n.city_names.insert(r.id, r.name);
        }
        for (alias, city_id) in store::city_aliases(pool).await? {
            n.city_ids.entry(alias.trim().to_lowercase()).or_insert(city_id);
        }
        for r in store::routes(pool).await? {
            let route = Route {
                service: r.service,
                name: r.name,
                name_bn: r.name_bn,
                stops: Vec::new(),
                points: Vec::new(),
                trips: Vec::new(),
            };
            n.routes.insert(r.id, route);
        }
        for r in store::stops(pool).await? {
            if let Some(route) = n.routes.get_mut(&r.route_id) {
                n.stops_by_city.entry(r.city_id.clone()).or_default().push((r.route_id.clone(), route.stops.len()));
                route.stops.push(RouteStop {
                    city_id: r.city_id,
                    minutes_from_start: r.minutes_from_start,
                    boards: r.boards != 0,
                    drops: r.drops != 0,
                });
            }
        }
        for r in store::points(pool).await? {
            if let Some(route) = n.routes.get_mut(&r.route_id) {
                route.points.push(RoutePointName {
                    stop: r.stop_index,
                    id: r.id,
                    name: r.name,
                    name_bn: r.name_bn,
                    address: r.address,
                    minutes_from_start: r.minutes_from_start,
                });
            }
        }
        for r in store::trips(pool).await? {
            if let Some(route) = n.routes.get_mut(&r.route_id) {
                n.trip_index.insert(r.id.clone(), (r.route_id.clone(), route.trips.len()));
                route.trips.push(TripRow {
                    id: r.id,
                    departs_at: r.departs_at,
                    operator_id: r.operator_id,
                    vehicle_id: r.vehicle_id,
                    layout_id: r.layout_id,
                    online_quota: r.online_quota,
                    moved: Vec::new(),
                });
            }
        }
        for m in store::point_moves(pool).await? {
            let Some((route_id, index)) = n.trip_index.get(&m.trip_id) else { continue };
            let Some(route) = n.routes.get_mut(route_id) else { continue };
            let Some(at) = route.points.iter().find(|p| p.id == m.point_id) else { continue };
            let to = RoutePointName {
                stop: at.stop,
                id: m.id,
                name: m.name,
                name_bn: m.name_bn,
                address: m.address,
                minutes_from_start: at.minutes_from_start,
            };
            if let Some(trip) = route.trips.get_mut(*index) {
                trip.moved.push(MovedPoint { from: m.point_id, to });
            }
        }
        for r in store::vehicles(pool).await? {
            let vehicle = Vehicle {
                name: r.name,
                name_bn: r.name_bn,
                coach_type: r.coach_type,
                bus_class: r.bus_class,
                bus_class_bn: r.bus_class_bn,
                layout_id: r.layout_id,
            };
            n.vehicles.insert(r.id, vehicle);
        }
        for r in store::operators(pool).await? {
            n.operators.insert(r.id, Operator { title: r.title, title_bn: r.title_bn, logo: r.logo, policy: r.policy });
        }
        for r in store::class_counts(pool).await? {
            let layout = n.layouts.entry(r.layout_id).or_insert(Layout { seat_count: 0, classes: Vec::new() });
            layout.seat_count += r.seats;
            layout.classes.push(r.seat_class);
        }
        for r in store::layout_seats(pool).await? {
            n.layout_seats.entry(r.layout_id).or_default().push(LayoutSeat {
                seat_no: r.seat_no,
                deck: r.deck,
                deck_name: r.deck_name,
                deck_name_bn: r.deck_name_bn,
                seat_class: r.seat_class,
                class_name: r.class_name,
                class_name_bn: r.class_name_bn,
                row: r.row_no,
                col: r.col_no,
                is_ladies: r.is_ladies != 0,
            });
        }
        for r in store::fares(pool).await? {
            n.fares.insert((r.route_id, r.operator_id, r.seat_class, r.from_stop, r.to_stop), r.fare);
        }
        for r in store::fare_periods(pool).await? {
            let (Ok(first), Ok(last)) = (Date::parse(&r.first_date), Date::parse(&r.last_date)) else { continue };
            let key = (r.route_id, r.operator_id, r.seat_class, r.from_stop, r.to_stop);
            n.dated_fares.entry(key).or_default().push(DatedFare { first, last, fare: r.fare });
        }
        Ok(n)
    }

    /// A leg's fare for a trip leaving on `travel_date` (a Dhaka date), by the core's rule.
    pub fn fare(&self, key: &FareKey, travel_date: Date) -> Option<i64> {
        let dated = self.dated_fares.get(key).map_or(&[][..], Vec::as_slice);
        core_wasm::pricing::fare_on(self.fares.get(key).copied(), dated, travel_date)
    }

    /// The id and the vehicle a trip runs with.
    pub fn trip_vehicle(&self, trip_id: &str) -> Option<(&str, &Vehicle)> {
        let (route_id, index) = self.trip_index.get(trip_id)?;
        let trip = self.routes.get(route_id)?.trips.get(*index)?;
        self.vehicles.get(&trip.vehicle_id).map(|v| (trip.vehicle_id.as_str(), v))
    }

    /// A city by id or stored name, or by its shown name ('Chittagong' finds 'Chattogram').
    pub fn city_id(&self, given: &str) -> Option<&String> {
        let given = given.trim();
        self.city_ids
            .get(&given.to_lowercase())
            .or_else(|| self.city_ids.get(&core_wasm::cities::stored_name(given).to_lowercase()))
    }
}

/// The current timetable, reloaded when it changed.
#[derive(Debug)]
pub struct NetworkCache {
    current: RwLock<(Arc<Network>, Instant)>,
    reload: tokio::sync::Mutex<()>,
}

impl NetworkCache {
    pub async fn load(pool: &Pool) -> Result<NetworkCache, sqlx::Error> {
        let network = Network::load(pool).await?;
        Ok(NetworkCache {
            current: RwLock::new((Arc::new(network), Instant::now())),
            reload: tokio::sync::Mutex::new(()),
        })
    }

    fn snapshot(&self) -> (Arc<Network>, Instant) {
        match self.current.read() {
            Ok(guard) => (Arc::clone(&guard.0), guard.1),
            Err(poisoned) => (Arc::clone(&poisoned.get_ref().0), poisoned.get_ref().1),
        }
    }

    /// Loads the timetable again now (this process wrote it: the back office); other processes
    /// see the new `network_version` within [`RECHECK`].
    pub async fn refresh(&self, pool: &Pool) -> Result<(), sqlx::Error> {
        let _guard = self.reload.lock().await;
        let fresh = Arc::new(Network::load(pool).await?);
        if let Ok(mut current) = self.current.write() {
            *current = (fresh, Instant::now());
        }
        Ok(())
    }

    /// The timetable, checking at most once per [`RECHECK`] whether it changed.
    pub async fn get(&self, pool: &Pool) -> Result<Arc<Network>, sqlx::Error> {
        let (network, checked) = self.snapshot();
        if checked.elapsed() < RECHECK {
            return Ok(network);
        }
        // One task checks; the others keep using the current timetable meanwhile.
        let Ok(_guard) = self.reload.try_lock() else {
            return Ok(network);
        };
        let fresh =
            if version(pool).await? == network.version { network } else { Arc::new(Network::load(pool).await?) };
        if let Ok(mut current) = self.current.write() {
            *current = (Arc::clone(&fresh), Instant::now());
        }
        Ok(fresh)
    }
}
