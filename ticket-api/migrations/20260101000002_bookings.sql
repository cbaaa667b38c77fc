-- Bookings: seat holds, bookings, payments, tickets, idempotent answers. Portable DDL, as 0001.

-- Searches find the routes of a city by its stops.
CREATE INDEX route_stops_by_city ON route_stops (city_id, route_id, stop_index);

-- A visitor's seat-lock: its rows in seat_claims carry claim_id = holds.id.
CREATE TABLE holds (
    id TEXT PRIMARY KEY,
    trip_id TEXT NOT NULL REFERENCES trips (id),
    -- userId or anonymousId: re-locking replaces the visitor's own hold on the trip
    visitor TEXT NOT NULL,
    -- seat numbers, comma-separated, in the order chosen
    seats TEXT NOT NULL,
    from_stop BIGINT NOT NULL,
    to_stop BIGINT NOT NULL,
    boarding_point TEXT,
    dropping_point TEXT,
    expires_at BIGINT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX holds_by_visitor ON holds (trip_id, visitor);

CREATE TABLE bookings (
    id TEXT PRIMARY KEY,
    tnx_id TEXT NOT NULL UNIQUE,
    service TEXT NOT NULL CHECK (service IN ('BUS', 'LAUNCH')),
    trip_id TEXT NOT NULL REFERENCES trips (id),
    hold_id TEXT NOT NULL,
    visitor TEXT NOT NULL,
    seats TEXT NOT NULL,
    from_stop BIGINT NOT NULL,
    to_stop BIGINT NOT NULL,
    boarding_point TEXT,
    dropping_point TEXT,
    passenger_name TEXT NOT NULL,
    phone TEXT NOT NULL,
    email TEXT,
    gender TEXT NOT NULL,
    -- whole taka
    sub_total BIGINT NOT NULL,
    discount BIGINT NOT NULL,
    promo_code TEXT,
    service_charge BIGINT NOT NULL,
    gateway_commission BIGINT NOT NULL,
    amount BIGINT NOT NULL,
    -- pending -> ticketed | failed | cancelled | refunded (paid but the seats were lost)
    status TEXT NOT NULL,
    gateway TEXT,
    created_at BIGINT NOT NULL,
    paid_at BIGINT
);

-- One charge per transaction: the gateway's validated outcome, recorded once.
CREATE TABLE payments (
    tnx_id TEXT PRIMARY KEY REFERENCES bookings (tnx_id),
    gateway TEXT NOT NULL,
    amount BIGINT NOT NULL,
    -- 'paid', 'failed', 'cancelled', 'refunded'
    outcome TEXT NOT NULL,
    recorded_at BIGINT NOT NULL
);

CREATE TABLE tickets (
    id TEXT PRIMARY KEY,
    -- readable aloud: no 0/O or 1/I
    pnr TEXT NOT NULL UNIQUE,
    booking_id TEXT NOT NULL UNIQUE REFERENCES bookings (id),
    status TEXT NOT NULL CHECK (status IN ('confirmed', 'cancelled', 'refunded')),
    issued_at BIGINT NOT NULL,
    cancelled_at BIGINT,
    refund_amount BIGINT
);

-- The first answer to a state-changing call with an Idempotency-Key; a repeat gets it again.
CREATE TABLE idempotency_keys (
    client TEXT NOT NULL,
    idem_key TEXT NOT NULL,
    path TEXT NOT NULL,
    -- 0 while the first call is still running
    status BIGINT NOT NULL,
    body TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (client, idem_key)
);
