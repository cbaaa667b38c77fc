-- The travel network, inventory and content. Portable DDL: the same file runs on SQLite and
-- PostgreSQL (TEXT, BIGINT, DOUBLE PRECISION; ids are chosen by the application, no sequences).
-- Times are whole numbers: *_at of the timetable are minutes since 1970-01-01 00:00 on the Dhaka
-- wall clock (DESIGN §3 "Times"); expires_at and issued_at are Unix milliseconds.

-- Places travellers search by. Terminals and ghats are points of a city, not cities.
CREATE TABLE cities (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    district TEXT NOT NULL,
    division TEXT NOT NULL,
    popularity BIGINT NOT NULL
);

-- Where travellers board or leave: bus terminals and counters, launch ghats.
CREATE TABLE points (
    id TEXT PRIMARY KEY,
    city_id TEXT NOT NULL REFERENCES cities (id),
    name TEXT NOT NULL,
    address TEXT NOT NULL
);

CREATE TABLE operators (
    id TEXT PRIMARY KEY,
    service TEXT NOT NULL CHECK (service IN ('BUS', 'LAUNCH')),
    title TEXT NOT NULL,
    slug TEXT NOT NULL UNIQUE,
    logo TEXT NOT NULL,
    description TEXT NOT NULL,
    popularity BIGINT NOT NULL
);

-- A seat layout: the seats of a coach or the berths, seats and cabins of a launch.
CREATE TABLE layouts (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL
);

CREATE TABLE layout_seats (
    layout_id TEXT NOT NULL REFERENCES layouts (id),
    seat_no TEXT NOT NULL,
    -- bus: 'main', 'upper' or 'lower'; launch: the floor's id ('floor-1')
    deck TEXT NOT NULL,
    -- launch: the floor's name ('First floor'); bus: same as deck
    deck_name TEXT NOT NULL,
    -- the fare class: economy, business, sleeper; launch: deck, chair, single, double, family, vip
    seat_class TEXT NOT NULL,
    class_name TEXT NOT NULL,
    row_no BIGINT NOT NULL,
    col_no BIGINT NOT NULL,
    is_ladies BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (layout_id, seat_no)
);

CREATE TABLE vehicles (
    id TEXT PRIMARY KEY,
    operator_id TEXT NOT NULL REFERENCES operators (id),
    -- coach number or ship name
    name TEXT NOT NULL,
    -- 'ac' or 'non-ac' for buses; NULL for launches
    coach_type TEXT,
    -- 'Economy', 'Business Class', 'Sleeper'; launches: 'Launch'
    bus_class TEXT NOT NULL,
    layout_id TEXT NOT NULL REFERENCES layouts (id)
);

CREATE TABLE routes (
    id TEXT PRIMARY KEY,
    service TEXT NOT NULL CHECK (service IN ('BUS', 'LAUNCH')),
    name TEXT NOT NULL
);

-- A route is an ordered list of stops (cities). Leg i runs from stop i to stop i + 1.
CREATE TABLE route_stops (
    route_id TEXT NOT NULL REFERENCES routes (id),
    stop_index BIGINT NOT NULL,
    city_id TEXT NOT NULL REFERENCES cities (id),
    minutes_from_start BIGINT NOT NULL,
    PRIMARY KEY (route_id, stop_index)
);

-- The boarding and dropping points of each stop, with when the coach is there.
CREATE TABLE route_points (
    route_id TEXT NOT NULL REFERENCES routes (id),
    stop_index BIGINT NOT NULL,
    point_id TEXT NOT NULL REFERENCES points (id),
    minutes_from_start BIGINT NOT NULL,
    PRIMARY KEY (route_id, point_id)
);

-- Fares in whole taka per operator, fare class and stop pair.
CREATE TABLE fares (
    route_id TEXT NOT NULL REFERENCES routes (id),
    operator_id TEXT NOT NULL REFERENCES operators (id),
    seat_class TEXT NOT NULL,
    from_stop BIGINT NOT NULL,
    to_stop BIGINT NOT NULL,
    fare BIGINT NOT NULL CHECK (fare > 0),
    PRIMARY KEY (route_id, operator_id, seat_class, from_stop, to_stop)
);

CREATE TABLE trips (
    id TEXT PRIMARY KEY,
    route_id TEXT NOT NULL REFERENCES routes (id),
    vehicle_id TEXT NOT NULL REFERENCES vehicles (id),
    operator_id TEXT NOT NULL REFERENCES operators (id),
    service TEXT NOT NULL CHECK (service IN ('BUS', 'LAUNCH')),
    -- departure from the first stop, Dhaka wall clock, minutes since the epoch
    departs_at BIGINT NOT NULL
);
CREATE INDEX trips_by_route_and_time ON trips (route_id, departs_at);

-- Inventory (DESIGN §3): one row per seat per leg. The UNIQUE constraint is the guard that no
-- seat-leg is ever sold twice, whatever the application does; checks in code are a courtesy.
CREATE TABLE seat_claims (
    trip_id TEXT NOT NULL REFERENCES trips (id),
    seat_no TEXT NOT NULL,
    leg BIGINT NOT NULL,
    -- the hold or booking the row belongs to
    claim_id TEXT NOT NULL,
    -- 'held' (a seat-lock, until expires_at), 'sold', or 'blocked' by the operator
    state TEXT NOT NULL CHECK (state IN ('held', 'sold', 'blocked')),
    expires_at BIGINT,
    CONSTRAINT seat_claims_one_per_leg UNIQUE (trip_id, seat_no, leg)
);
CREATE INDEX seat_claims_by_claim ON seat_claims (claim_id);

-- Content of the home pages.
CREATE TABLE headlines (
    service TEXT PRIMARY KEY CHECK (service IN ('BUS', 'LAUNCH')),
    text TEXT NOT NULL,
    is_visible BIGINT NOT NULL
);

CREATE TABLE banners (
    id TEXT PRIMARY KEY,
    module_type TEXT NOT NULL CHECK (module_type IN ('intercity', 'water')),
    title TEXT NOT NULL,
    image TEXT NOT NULL,
    link TEXT,
    position BIGINT NOT NULL
);

CREATE TABLE offers (
    id TEXT PRIMARY KEY,
    title TEXT NOT NULL,
    image TEXT NOT NULL,
    promo_code TEXT,
    description TEXT,
    position BIGINT NOT NULL
);

CREATE TABLE blogs (
    id TEXT PRIMARY KEY,
    title TEXT NOT NULL,
    summary TEXT NOT NULL,
    image TEXT NOT NULL,
    url TEXT NOT NULL,
    position BIGINT NOT NULL
);

CREATE TABLE popular_routes (
    id TEXT PRIMARY KEY,
    service TEXT NOT NULL CHECK (service IN ('BUS', 'LAUNCH')),
    from_city_id TEXT NOT NULL REFERENCES cities (id),
    to_city_id TEXT NOT NULL REFERENCES cities (id),
    title TEXT NOT NULL,
    image TEXT,
    description TEXT,
    position BIGINT NOT NULL
);

-- Promo codes (used by the booking calls): flat taka or a percentage with a cap.
CREATE TABLE promo_codes (
    code TEXT PRIMARY KEY,
    kind TEXT NOT NULL CHECK (kind IN ('flat', 'percent')),
    amount BIGINT NOT NULL,
    max_discount BIGINT,
    min_fare BIGINT NOT NULL,
    service TEXT,
    operator_id TEXT REFERENCES operators (id),
    valid_from BIGINT NOT NULL,
    valid_until BIGINT NOT NULL,
    total_uses BIGINT NOT NULL,
    uses_per_phone BIGINT NOT NULL
);

-- Settings the site reads: 'helpline', 'rollout_percentage'.
CREATE TABLE settings (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
