//! Writes the demo network in one transaction: clears every table of the network migration
//! (children first), then inserts the data of the sibling modules in multi-row batches.
//!
//! Portable through sqlx's Any driver: `$n` placeholders, and only i64, text and typed NULLs
//! are bound (booleans are BIGINT 0/1). Batching keeps a 30-day seed to a few hundred
//! statements, so it takes seconds on SQLite and PostgreSQL alike.

use sqlx::{AnyConnection, AnyPool, AssertSqlSafe};

use super::bangla::{self, lookup};
use super::layouts::LAYOUTS;
use super::operators::{OPERATORS, VEHICLES};
use super::places::{CITIES, POINTS, city_by_id};
use super::{SeedOptions, SeedSummary, content, fares, inventory, promos, routes, schedule};

/// Tables in the order they are cleared: every table references only tables after it.
const TABLES_CHILDREN_FIRST: &[&str] = &[
    // What travellers made of the last network goes with it: a re-seed starts a fresh demo.
    "idempotency_keys",
    "surprise_deals",
    "sms_outbox",
    "otp_sends",
    "otp_codes",
    "reservations",
    "tickets",
    "payments",
    "booking_seats",
    "bookings",
    "hold_seats",
    "holds",
    "seat_claims",
    "trips",
    // The back office's network goes too (issue 35); its staff and audit log stay.
    "schedules",
    "city_aliases",
    "fares",
    "route_points",
    "route_stops",
    "routes",
    "vehicles",
    "layout_seats",
    "layouts",
    "popular_routes",
    "promo_codes",
    "operators",
    "points",
    "cities",
    "headlines",
    "banners",
    "offers",
    "blogs",
    "settings",
];

/// Bind parameters per INSERT statement, by backend. sqlx binds SQLite's `$n` parameters by
/// name, and SQLite finds a parameter's name by a linear search, so a statement's cost grows with
/// the square of its parameters: about 300 was fastest when measured (a 30-day seed, release
/// build: 12 s at 6,000 per statement, 4 s at 1,200, 2.5 s at 300). PostgreSQL has no such cost
/// and pays a round trip per statement instead, so it takes bigger statements (its limit is
/// 65,535 parameters).
const SQLITE_PARAMS_PER_STATEMENT: usize = 300;
const OTHER_PARAMS_PER_STATEMENT: usize = 3000;

/// A value to bind. NULLs carry their column's type, which PostgreSQL needs.
enum Value {
    Int(i64),
    Text(String),
    NullInt,
    NullText,
}

impl From<i64> for Value {
    fn from(v: i64) -> Self {
        Value::Int(v)
    }
}

impl From<usize> for Value {
    fn from(v: usize) -> Self {
        Value::Int(i64::try_from(v).unwrap_or(i64::MAX))
    }
}

impl From<bool> for Value {
    fn from(v: bool) -> Self {
        Value::Int(i64::from(v))
    }
}

impl From<&str> for Value {
    fn from(v: &str) -> Self {
        Value::Text(v.to_owned())
    }
}

impl From<String> for Value {
    fn from(v: String) -> Self {
        Value::Text(v)
    }
}

impl From<Option<&str>> for Value {
    fn from(v: Option<&str>) -> Self {
        v.map_or(Value::NullText, Value::from)
    }
}

impl From<Option<i64>> for Value {
    fn from(v: Option<i64>) -> Self {
        v.map_or(Value::NullInt, Value::Int)
    }
}

/// Collects the rows of one table and writes them a statement's worth at a time.
struct Batch {
    table: &'static str,
    columns: &'static [&'static str],
    values: Vec<Value>,
    /// Values per statement: whole rows, at most the backend's parameters per statement.
    capacity: usize,
    written: usize,
}

impl Batch {
    fn new(conn: &AnyConnection, table: &'static str, columns: &'static [&'static str]) -> Batch {
        let params = if conn.backend_name().eq_ignore_ascii_case("sqlite") {
            SQLITE_PARAMS_PER_STATEMENT
        } else {
            OTHER_PARAMS_PER_STATEMENT
        };
        let width = columns.len().max(1);
        Batch { table, columns, values: Vec::new(), capacity: (params / width).max(1) * width, written: 0 }
    }

    async fn push(&mut self, conn: &mut AnyConnection, row: Vec<Value>) -> Result<(), sqlx::Error> {
        if row.len() != self.columns.len() {
            return Err(sqlx::Error::Protocol(format!(
                "seed: {} values for the {} columns of {}",
                row.len(),
                self.columns.len(),
                self.table
            )));
        }
        self.values.extend(row);
        if self.values.len() >= self.capacity {
            self.flush(conn).await?;
        }
        Ok(())
    }

    async fn flush(&mut self, conn: &mut AnyConnection) -> Result<(), sqlx::Error> {
        let width = self.columns.len();
        let rows = self.values.len() / width;
        if rows == 0 {
            return Ok(());
        }
        let mut sql = format!("INSERT INTO {} ({}) VALUES ", self.table, self.columns.join(", "));
        for row in 0..rows {
            sql.push_str(if row == 0 { "(" } else { ", (" });
            for col in 0..width {
                if col > 0 {
                    sql.push_str(", ");
                }
                sql.push_str(&format!("${}", row * width + col + 1));
            }
            sql.push(')');
        }
        // The text holds only our constant table and column names and numbered placeholders;
        // every value is bound.
        let mut query = sqlx::query(AssertSqlSafe(sql));
        for value in self.values.drain(..) {
            query = match value {
                Value::Int(v) => query.bind(v),
                Value::Text(v) => query.bind(v),
                Value::NullInt => query.bind(None::<i64>),
                Value::NullText => query.bind(None::<String>),
            };
        }
        query.execute(&mut *conn).await?;
        self.written += rows;
        Ok(())
    }

    /// Writes what is left; returns the number of rows written in all.
    async fn finish(mut self, conn: &mut AnyConnection) -> Result<usize, sqlx::Error> {
        self.flush(conn).await?;
        Ok(self.written)
    }
}

/// Builds a row from values of mixed types.
macro_rules! row {
    ($($value:expr),* $(,)?) => { vec![$(Value::from($value)),*] };
}

pub async fn write(pool: &AnyPool, options: &SeedOptions) -> Result<SeedSummary, sqlx::Error> {
    let mut tx = pool.begin().await?;
    let conn: &mut AnyConnection = &mut tx;
    for table in TABLES_CHILDREN_FIRST {
        // Constant table names only.
        sqlx::query(AssertSqlSafe(format!("DELETE FROM {table}"))).execute(&mut *conn).await?;
    }
    let summary = write_all(conn, options).await?;
    tx.commit().await?;
    Ok(summary)
}

async fn write_all(conn: &mut AnyConnection, options: &SeedOptions) -> Result<SeedSummary, sqlx::Error> {
    let mut summary = SeedSummary::default();

    let mut batch = Batch::new(conn, "cities", &["id", "name", "name_bn", "district", "division", "popularity"]);
    for (rank, c) in CITIES.iter().enumerate() {
        let name_bn = lookup(bangla::CITIES, c.id);
        batch.push(conn, row![c.id, c.name, name_bn, c.district, c.division, rank + 1]).await?;
    }
    summary.cities = batch.finish(conn).await?;

    let mut batch = Batch::new(conn, "points", &["id", "city_id", "name", "name_bn", "address"]);
    for p in POINTS {
        batch.push(conn, row![p.id, p.city, p.name, lookup(bangla::POINTS, p.id), p.address]).await?;
    }
    batch.finish(conn).await?;

    let mut batch = Batch::new(
        conn,
        "operators",
        &["id", "service", "title", "title_bn", "slug", "logo", "description", "popularity"],
    );
    for (rank, o) in OPERATORS.iter().enumerate() {
        let title_bn = lookup(bangla::OPERATORS, o.id);
        batch.push(conn, row![o.id, o.service, o.title, title_bn, o.slug, o.logo(), o.description, rank + 1]).await?;
    }
    summary.operators = batch.finish(conn).await?;

    let mut layouts = Batch::new(conn, "layouts", &["id", "name"]);
    let mut seats = Batch::new(
        conn,
        "layout_seats",
        &[
            "layout_id",
            "seat_no",
            "deck",
            "deck_name",
            "deck_name_bn",
            "seat_class",
            "class_name",
            "class_name_bn",
            "row_no",
            "col_no",
            "is_ladies",
        ],
    );
    for layout in LAYOUTS {
        layouts.push(conn, row![layout.id, layout.name]).await?;
    }
    layouts.finish(conn).await?;
    for layout in LAYOUTS {
        for s in layout.seats() {
            let (deck_bn, class_bn) = (lookup(bangla::WORDS, s.deck_name), lookup(bangla::WORDS, s.class_name));
            let row = row![
                layout.id,
                s.seat_no,
                s.deck,
                s.deck_name,
                deck_bn,
                s.seat_class,
                s.class_name,
                class_bn,
                s.row,
                s.col,
                s.ladies
            ];
            seats.push(conn, row).await?;
        }
    }
    seats.finish(conn).await?;

    let mut batch = Batch::new(
        conn,
        "vehicles",
        &["id", "operator_id", "name", "name_bn", "coach_type", "bus_class", "bus_class_bn", "layout_id"],
    );
    for v in VEHICLES {
        let (name_bn, class_bn) = (lookup(bangla::SHIPS, v.id), lookup(bangla::WORDS, v.bus_class));
        batch
            .push(conn, row![v.id, v.operator, v.name, name_bn, v.coach_type, v.bus_class, class_bn, v.layout])
            .await?;
    }
    batch.finish(conn).await?;

    let routes = routes::all();
    let mut route_rows = Batch::new(conn, "routes", &["id", "service", "name", "name_bn"]);
    let mut stop_rows = Batch::new(conn, "route_stops", &["route_id", "stop_index", "city_id", "minutes_from_start"]);
    let mut point_rows =
        Batch::new(conn, "route_points", &["route_id", "stop_index", "point_id", "minutes_from_start"]);
    for r in &routes {
        // 'ঢাকা - চট্টগ্রাম', as the English name: the first and the last stop.
        let city_bn = |stop: Option<&routes::Stop>| stop.and_then(|s| lookup(bangla::CITIES, s.city));
        let name_bn = match (city_bn(r.stops.first()), city_bn(r.stops.last())) {
            (Some(first), Some(last)) => Some(format!("{first} - {last}")),
            _ => None,
        };
        route_rows.push(conn, row![r.id.as_str(), r.service, r.name.as_str(), name_bn.as_deref()]).await?;
    }
    summary.routes = route_rows.finish(conn).await?;
    for r in &routes {
        for (index, stop) in r.stops.iter().enumerate() {
            stop_rows.push(conn, row![r.id.as_str(), index, stop.city, stop.minutes]).await?;
        }
    }
    stop_rows.finish(conn).await?;
    for r in &routes {
        for (index, stop) in r.stops.iter().enumerate() {
            for &(point, minutes) in &stop.points {
                point_rows.push(conn, row![r.id.as_str(), index, point, minutes]).await?;
            }
        }
    }
    point_rows.finish(conn).await?;

    let departures = schedule::departures(&routes);
    let mut batch =
        Batch::new(conn, "fares", &["route_id", "operator_id", "seat_class", "from_stop", "to_stop", "fare"]);
    for f in fares::all(&routes, &departures) {
        let route_id = routes.get(f.route).map_or("", |r| r.id.as_str());
        batch.push(conn, row![route_id, f.operator, f.seat_class, f.from_stop, f.to_stop, f.fare]).await?;
    }
    batch.finish(conn).await?;

    let (trips, sold) = write_trips(conn, options, &routes, &departures).await?;
    summary.trips = trips;
    summary.sold_seat_legs = sold;

    write_content(conn, options).await?;
    Ok(summary)
}

/// Trips for every day of the seed window, and the seats already sold on them. Trips are all
/// written before their claims (the claims reference them).
async fn write_trips(
    conn: &mut AnyConnection,
    options: &SeedOptions,
    routes: &[routes::Route],
    departures: &[schedule::Departure],
) -> Result<(usize, usize), sqlx::Error> {
    // (trip id, departs_at, days ahead, route, departure)
    let mut trips: Vec<(String, i64, usize, &routes::Route, &schedule::Departure)> = Vec::new();
    for day in 0..options.days {
        let date = options.today.add_days(i64::from(day));
        for d in departures {
            let Some(route) = routes.get(d.route) else { continue };
            let id = schedule::trip_id(route, d.vehicle, date, d.minute);
            trips.push((id, schedule::departs_at(date, d.minute), day as usize, route, d));
        }
    }
    let mut batch =
        Batch::new(conn, "trips", &["id", "route_id", "vehicle_id", "operator_id", "service", "departs_at"]);
    for (id, departs_at, _, route, d) in &trips {
        let row = row![id.as_str(), route.id.as_str(), d.vehicle.id, d.vehicle.operator, route.service, *departs_at];
        batch.push(conn, row).await?;
    }
    let written = batch.finish(conn).await?;

    // Seat numbers per layout, computed once.
    let seat_numbers: Vec<(&str, Vec<String>)> =
        LAYOUTS.iter().map(|l| (l.id, l.seats().into_iter().map(|s| s.seat_no).collect())).collect();
    let mut batch = Batch::new(conn, "seat_claims", &["trip_id", "seat_no", "leg", "claim_id", "state", "expires_at"]);
    let mut sold = 0;
    for (id, _, days_ahead, route, d) in &trips {
        let Some((_, seats)) = seat_numbers.iter().find(|(layout, _)| *layout == d.vehicle.layout) else { continue };
        let legs = route.stops.len().saturating_sub(1);
        for claim in inventory::claims(id, seats, legs, *days_ahead) {
            if claim.state == inventory::SOLD {
                sold += 1;
            }
            batch
                .push(conn, row![id.as_str(), claim.seat_no, claim.leg, claim.claim_id, claim.state, None::<i64>])
                .await?;
        }
    }
    batch.finish(conn).await?;
    Ok((written, sold))
}

async fn write_content(conn: &mut AnyConnection, options: &SeedOptions) -> Result<(), sqlx::Error> {
    let mut batch = Batch::new(conn, "headlines", &["service", "text", "text_bn", "is_visible"]);
    for h in content::HEADLINES {
        batch.push(conn, row![h.service, h.text, lookup(bangla::HEADLINES, h.service), h.visible]).await?;
    }
    batch.finish(conn).await?;

    let mut batch = Batch::new(conn, "banners", &["id", "module_type", "title", "image", "link", "position"]);
    for (position, b) in content::BANNERS.iter().enumerate() {
        batch.push(conn, row![b.id, b.module_type, b.title, b.image, b.link, position + 1]).await?;
    }
    batch.finish(conn).await?;

    let mut batch = Batch::new(conn, "offers", &["id", "title", "image", "promo_code", "description", "position"]);
    for (position, o) in content::OFFERS.iter().enumerate() {
        batch.push(conn, row![o.id, o.title, o.image, o.promo_code, o.description, position + 1]).await?;
    }
    batch.finish(conn).await?;

    let mut batch = Batch::new(conn, "blogs", &["id", "title", "summary", "image", "url", "position"]);
    for (position, b) in content::BLOGS.iter().enumerate() {
        batch.push(conn, row![b.id, b.title, b.summary, b.image, b.url, position + 1]).await?;
    }
    batch.finish(conn).await?;

    let mut batch = Batch::new(
        conn,
        "popular_routes",
        &["id", "service", "from_city_id", "to_city_id", "title", "title_bn", "image", "description", "position"],
    );
    for (position, p) in content::POPULAR_ROUTES.iter().enumerate() {
        let name = |id: &str| city_by_id(id).map_or_else(|| id.to_owned(), |c| c.name.to_owned());
        let title = format!("{} to {}", name(p.from), name(p.to));
        let title_bn = match (lookup(bangla::CITIES, p.from), lookup(bangla::CITIES, p.to)) {
            (Some(from), Some(to)) => Some(format!("{from} থেকে {to}")),
            _ => None,
        };
        let row =
            row![p.id(), p.service, p.from, p.to, title, title_bn.as_deref(), p.image(), p.description, position + 1];
        batch.push(conn, row).await?;
    }
    batch.finish(conn).await?;

    let mut batch = Batch::new(
        conn,
        "promo_codes",
        &[
            "code",
            "kind",
            "amount",
            "max_discount",
            "min_fare",
            "service",
            "operator_id",
            "valid_from",
            "valid_until",
            "total_uses",
            "uses_per_phone",
        ],
    );
    for p in promos::PROMO_CODES {
        let row = row![
            p.code,
            p.kind,
            p.amount,
            p.max_discount,
            p.min_fare,
            p.service,
            p.operator,
            p.valid_from(options.today),
            p.valid_until(options.today),
            p.total_uses,
            p.uses_per_phone,
        ];
        batch.push(conn, row).await?;
    }
    batch.finish(conn).await?;

    let mut batch = Batch::new(conn, "settings", &["key", "value"]);
    for &(key, value) in content::SETTINGS {
        batch.push(conn, row![key, value]).await?;
    }
    // Every server process reloads its in-memory timetable when this changes (network.rs).
    let version =
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos()).to_string();
    batch.push(conn, row!["network_version", version.as_str()]).await?;
    batch.finish(conn).await?;
    Ok(())
}
