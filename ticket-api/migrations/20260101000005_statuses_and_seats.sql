-- Statuses the schema itself guards (CHECK), and a booking's and a hold's seats in their own
-- rows instead of comma-separated text. Portable DDL, as 0001: SQLite cannot add a CHECK to an
-- existing table, so bookings, payments and tickets are built anew, filled from the old ones,
-- and renamed (both SQLite and PostgreSQL carry the references along with a rename).

CREATE TABLE bookings_v2 (
    id TEXT PRIMARY KEY,
    tnx_id TEXT NOT NULL UNIQUE,
    service TEXT NOT NULL CHECK (service IN ('BUS', 'LAUNCH')),
    trip_id TEXT NOT NULL REFERENCES trips (id),
    hold_id TEXT NOT NULL,
    visitor TEXT NOT NULL,
    from_stop BIGINT NOT NULL,
    to_stop BIGINT NOT NULL,
    boarding_point TEXT,
    dropping_point TEXT,
    passenger_name TEXT NOT NULL,
    phone TEXT NOT NULL,
    email TEXT,
    gender TEXT NOT NULL CHECK (gender IN ('male', 'female', 'other')),
    -- whole taka, computed by the core's pricing
    sub_total BIGINT NOT NULL CHECK (sub_total >= 0),
    discount BIGINT NOT NULL CHECK (discount >= 0 AND discount <= sub_total),
    promo_code TEXT,
    service_charge BIGINT NOT NULL CHECK (service_charge >= 0),
    gateway_commission BIGINT NOT NULL CHECK (gateway_commission >= 0),
    amount BIGINT NOT NULL CHECK (amount >= 0),
    -- pending -> ticketed | failed | cancelled | refunded (paid but the seats were lost)
    status TEXT NOT NULL CHECK (status IN ('pending', 'ticketed', 'failed', 'cancelled', 'refunded')),
    gateway TEXT,
    created_at BIGINT NOT NULL,
    paid_at BIGINT
);
INSERT INTO bookings_v2 (id, tnx_id, service, trip_id, hold_id, visitor, from_stop, to_stop, boarding_point,
    dropping_point, passenger_name, phone, email, gender, sub_total, discount, promo_code, service_charge,
    gateway_commission, amount, status, gateway, created_at, paid_at)
SELECT id, tnx_id, service, trip_id, hold_id, visitor, from_stop, to_stop, boarding_point, dropping_point,
    passenger_name, phone, email, gender, sub_total, discount, promo_code, service_charge, gateway_commission, amount,
    status, gateway, created_at, paid_at
FROM bookings;

-- A booking's seats, in the order chosen. Moved from the comma-separated `bookings.seats` with a
-- recursive walk over its characters (substr and length are the string functions both stores
-- share).
CREATE TABLE booking_seats (
    booking_id TEXT NOT NULL REFERENCES bookings_v2 (id),
    ordinal BIGINT NOT NULL,
    seat_no TEXT NOT NULL,
    PRIMARY KEY (booking_id, seat_no)
);
INSERT INTO booking_seats (booking_id, ordinal, seat_no)
WITH RECURSIVE walk (booking_id, rest, seat, ordinal, done) AS (
    SELECT id, seats || ',', CAST('' AS TEXT), CAST(0 AS BIGINT), CAST(NULL AS TEXT) FROM bookings
    UNION ALL
    SELECT booking_id,
        substr(rest, 2),
        CASE WHEN substr(rest, 1, 1) = ',' THEN CAST('' AS TEXT) ELSE seat || substr(rest, 1, 1) END,
        CASE WHEN substr(rest, 1, 1) = ',' THEN ordinal + 1 ELSE ordinal END,
        CASE WHEN substr(rest, 1, 1) = ',' THEN seat ELSE CAST(NULL AS TEXT) END
    FROM walk
    WHERE length(rest) > 0
)
SELECT booking_id, ordinal - 1, done FROM walk WHERE done IS NOT NULL AND done <> '';

CREATE TABLE payments_v2 (
    tnx_id TEXT PRIMARY KEY REFERENCES bookings_v2 (tnx_id),
    gateway TEXT NOT NULL,
    amount BIGINT NOT NULL CHECK (amount >= 0),
    outcome TEXT NOT NULL CHECK (outcome IN ('paid', 'failed', 'cancelled', 'refunded')),
    recorded_at BIGINT NOT NULL
);
INSERT INTO payments_v2 (tnx_id, gateway, amount, outcome, recorded_at)
SELECT tnx_id, gateway, amount, outcome, recorded_at FROM payments;

CREATE TABLE tickets_v2 (
    id TEXT PRIMARY KEY,
    -- readable aloud: no 0/O or 1/I
    pnr TEXT NOT NULL UNIQUE,
    booking_id TEXT NOT NULL UNIQUE REFERENCES bookings_v2 (id),
    status TEXT NOT NULL CHECK (status IN ('confirmed', 'cancelled', 'refunded')),
    issued_at BIGINT NOT NULL,
    cancelled_at BIGINT,
    refund_amount BIGINT CHECK (refund_amount >= 0)
);
INSERT INTO tickets_v2 (id, pnr, booking_id, status, issued_at, cancelled_at, refund_amount)
SELECT id, pnr, booking_id, status, issued_at, cancelled_at, refund_amount FROM tickets;

DROP TABLE tickets;
DROP TABLE payments;
DROP TABLE bookings;
ALTER TABLE bookings_v2 RENAME TO bookings;
ALTER TABLE payments_v2 RENAME TO payments;
ALTER TABLE tickets_v2 RENAME TO tickets;
CREATE INDEX bookings_by_phone ON bookings (phone, service);

-- A hold's seats, in the order chosen.
CREATE TABLE hold_seats (
    hold_id TEXT NOT NULL REFERENCES holds (id) ON DELETE CASCADE,
    ordinal BIGINT NOT NULL,
    seat_no TEXT NOT NULL,
    PRIMARY KEY (hold_id, seat_no)
);
INSERT INTO hold_seats (hold_id, ordinal, seat_no)
WITH RECURSIVE walk (hold_id, rest, seat, ordinal, done) AS (
    SELECT id, seats || ',', CAST('' AS TEXT), CAST(0 AS BIGINT), CAST(NULL AS TEXT) FROM holds
    UNION ALL
    SELECT hold_id,
        substr(rest, 2),
        CASE WHEN substr(rest, 1, 1) = ',' THEN CAST('' AS TEXT) ELSE seat || substr(rest, 1, 1) END,
        CASE WHEN substr(rest, 1, 1) = ',' THEN ordinal + 1 ELSE ordinal END,
        CASE WHEN substr(rest, 1, 1) = ',' THEN seat ELSE CAST(NULL AS TEXT) END
    FROM walk
    WHERE length(rest) > 0
)
SELECT hold_id, ordinal - 1, done FROM walk WHERE done IS NOT NULL AND done <> '';
ALTER TABLE holds DROP COLUMN seats;
