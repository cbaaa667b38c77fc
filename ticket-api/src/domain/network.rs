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

use core_wasm::service::Service;
use sqlx::{AnyPool, Row};

/// How often a process asks whether the timetable changed.
pub const RECHECK: Duration = Duration::from_secs(2);

#[derive(Debug, Clone)]
pub struct RouteStop {
    pub city_id: String,
    pub minutes_from_start: i64,
}

#[derive(Debug, Clone)]
pub struct RoutePointName {
    pub stop: i64,
    pub id: String,
    pub name: String,
    pub address: String,
    pub minutes_from_start: i64,
}

/// A seat of a layout, as the seat view draws it.
#[derive(Debug, Clone)]
pub struct LayoutSeat {
    pub seat_no: String,
    pub deck: String,
    pub deck_name: String,
    pub seat_class: String,
    pub class_name: String,
    pub row: i64,
    pub col: i64,
    pub is_ladies: bool,
}

#[derive(Debug, Clone)]
pub struct Route {
    pub service: Service,
    pub name: String,
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
}

#[derive(Debug, Clone)]
pub struct Vehicle {
    pub name: String,
    pub coach_type: Option<String>,
    pub bus_class: String,
    pub layout_id: String,
}

#[derive(Debug, Clone)]
pub struct Operator {
    pub title: String,
    pub logo: String,
}

#[derive(Debug, Clone)]
pub struct Layout {
    pub seat_count: i64,
    pub classes: Vec<String>,
}

#[derive(Debug, Default)]
pub struct Network {
    pub version: String,
    /// City id by lower-case id and lower-case name.
    pub city_ids: HashMap<String, String>,
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
    pub fares: HashMap<(String, String, String, i64, i64), i64>,
}

async fn version(pool: &AnyPool) -> Result<String, sqlx::Error> {
    let row = sqlx::query("SELECT value FROM settings WHERE key = 'network_version'").fetch_optional(pool).await?;
    Ok(row.map(|r| r.try_get::<String, _>("value")).transpose()?.unwrap_or_default())
}

impl Network {
    pub async fn load(pool: &AnyPool) -> Result<Network, sqlx::Error> {
        let mut n = Network { version: version(pool).await?, ..Network::default() };
        for r in sqlx::query("SELECT id, name FROM cities").fetch_all(pool).await? {
            let id: String = r.try_get("id")?;
            let name: String = r.try_get("name")?;
            n.city_ids.insert(name.to_lowercase(), id.clone());
            n.city_ids.insert(id.to_lowercase(), id);
        }
        for r in sqlx::query("SELECT id, service, name FROM routes").fetch_all(pool).await? {
            let route = Route {
                service: Service::try_from(r.try_get::<String, _>("service")?)
                    .map_err(|e| sqlx::Error::Decode(Box::new(e)))?,
                name: r.try_get("name")?,
                stops: Vec::new(),
                points: Vec::new(),
                trips: Vec::new(),
            };
            n.routes.insert(r.try_get("id")?, route);
        }
        for r in
            sqlx::query("SELECT route_id, city_id, minutes_from_start FROM route_stops ORDER BY route_id, stop_index")
                .fetch_all(pool)
                .await?
        {
            let route_id: String = r.try_get("route_id")?;
            let city_id: String = r.try_get("city_id")?;
            if let Some(route) = n.routes.get_mut(&route_id) {
                n.stops_by_city.entry(city_id.clone()).or_default().push((route_id.clone(), route.stops.len()));
                route.stops.push(RouteStop { city_id, minutes_from_start: r.try_get("minutes_from_start")? });
            }
        }
        for r in sqlx::query(
            "SELECT rp.route_id, rp.stop_index, rp.minutes_from_start, p.id, p.name, p.address FROM route_points rp \
             JOIN points p ON p.id = rp.point_id ORDER BY rp.route_id, rp.minutes_from_start, p.name",
        )
        .fetch_all(pool)
        .await?
        {
            let route_id: String = r.try_get("route_id")?;
            if let Some(route) = n.routes.get_mut(&route_id) {
                route.points.push(RoutePointName {
                    stop: r.try_get("stop_index")?,
                    id: r.try_get("id")?,
                    name: r.try_get("name")?,
                    address: r.try_get("address")?,
                    minutes_from_start: r.try_get("minutes_from_start")?,
                });
            }
        }
        for r in
            sqlx::query("SELECT id, route_id, departs_at, operator_id, vehicle_id FROM trips ORDER BY departs_at, id")
                .fetch_all(pool)
                .await?
        {
            let route_id: String = r.try_get("route_id")?;
            if let Some(route) = n.routes.get_mut(&route_id) {
                n.trip_index.insert(r.try_get("id")?, (route_id.clone(), route.trips.len()));
                route.trips.push(TripRow {
                    id: r.try_get("id")?,
                    departs_at: r.try_get("departs_at")?,
                    operator_id: r.try_get("operator_id")?,
                    vehicle_id: r.try_get("vehicle_id")?,
                });
            }
        }
        for r in sqlx::query("SELECT id, name, coach_type, bus_class, layout_id FROM vehicles").fetch_all(pool).await? {
            n.vehicles.insert(
                r.try_get("id")?,
                Vehicle {
                    name: r.try_get("name")?,
                    coach_type: r.try_get("coach_type")?,
                    bus_class: r.try_get("bus_class")?,
                    layout_id: r.try_get("layout_id")?,
                },
            );
        }
        for r in sqlx::query("SELECT id, title, logo FROM operators").fetch_all(pool).await? {
            n.operators.insert(r.try_get("id")?, Operator { title: r.try_get("title")?, logo: r.try_get("logo")? });
        }
        for r in sqlx::query(
            "SELECT layout_id, seat_class, COUNT(*) AS seats FROM layout_seats GROUP BY layout_id, seat_class",
        )
        .fetch_all(pool)
        .await?
        {
            let layout =
                n.layouts.entry(r.try_get("layout_id")?).or_insert(Layout { seat_count: 0, classes: Vec::new() });
            layout.seat_count += r.try_get::<i64, _>("seats")?;
            layout.classes.push(r.try_get("seat_class")?);
        }
        for r in sqlx::query(
            "SELECT layout_id, seat_no, deck, deck_name, seat_class, class_name, row_no, col_no, is_ladies FROM layout_seats \
             ORDER BY layout_id, deck, row_no, col_no",
        )
        .fetch_all(pool)
        .await?
        {
            n.layout_seats.entry(r.try_get("layout_id")?).or_default().push(LayoutSeat {
                seat_no: r.try_get("seat_no")?,
                deck: r.try_get("deck")?,
                deck_name: r.try_get("deck_name")?,
                seat_class: r.try_get("seat_class")?,
                class_name: r.try_get("class_name")?,
                row: r.try_get("row_no")?,
                col: r.try_get("col_no")?,
                is_ladies: r.try_get::<i64, _>("is_ladies")? != 0,
            });
        }
        for r in sqlx::query("SELECT route_id, operator_id, seat_class, from_stop, to_stop, fare FROM fares")
            .fetch_all(pool)
            .await?
        {
            n.fares.insert(
                (
                    r.try_get("route_id")?,
                    r.try_get("operator_id")?,
                    r.try_get("seat_class")?,
                    r.try_get("from_stop")?,
                    r.try_get("to_stop")?,
                ),
                r.try_get("fare")?,
            );
        }
        Ok(n)
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
    pub async fn load(pool: &AnyPool) -> Result<NetworkCache, sqlx::Error> {
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

    /// The timetable, checking at most once per [`RECHECK`] whether it changed.
    pub async fn get(&self, pool: &AnyPool) -> Result<Arc<Network>, sqlx::Error> {
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
