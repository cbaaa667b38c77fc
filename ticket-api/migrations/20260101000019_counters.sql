-- The counter (issue 41): counters, sellers' shifts, counter sales and their cash refunds, seats
-- held back for a channel, and online quotas. Portable DDL, as 0001.

-- A place an operator sells at.
CREATE TABLE counters (
    id TEXT PRIMARY KEY,
    operator_id TEXT NOT NULL REFERENCES operators (id),
    code TEXT NOT NULL,
    name TEXT NOT NULL,
    name_bn TEXT,
    revision BIGINT NOT NULL
);
CREATE INDEX counters_by_operator ON counters (operator_id);

-- A seller's shift at a counter: opened with a float, closed with the cash counted.
CREATE TABLE shifts (
    id TEXT PRIMARY KEY,
    operator_id TEXT NOT NULL REFERENCES operators (id),
    counter_id TEXT NOT NULL REFERENCES counters (id),
    seller_id TEXT NOT NULL,
    float_taka BIGINT NOT NULL CHECK (float_taka >= 0),
    opened_at BIGINT NOT NULL,
    closed_at BIGINT,
    expected BIGINT,
    counted BIGINT,
    difference BIGINT,
    -- the count, note by note, as JSON
    notes TEXT,
    reason TEXT
);
-- One open shift per seller, whatever races: the second open is refused by the store.
CREATE UNIQUE INDEX shifts_one_open ON shifts (seller_id) WHERE closed_at IS NULL;
CREATE INDEX shifts_by_operator ON shifts (operator_id, opened_at);

-- A booking sold at a counter (its ticket is an ordinary ticket): by whom, in which shift, paid how.
CREATE TABLE counter_sales (
    booking_id TEXT PRIMARY KEY REFERENCES bookings (id),
    shift_id TEXT NOT NULL REFERENCES shifts (id),
    counter_id TEXT NOT NULL REFERENCES counters (id),
    seller_id TEXT NOT NULL,
    method TEXT NOT NULL CHECK (method IN ('cash', 'bkash-counter')),
    reference TEXT,
    sold_at BIGINT NOT NULL
);
CREATE INDEX counter_sales_by_shift ON counter_sales (shift_id);
-- A bKash transaction pays for one ticket.
CREATE UNIQUE INDEX counter_sales_bkash_once ON counter_sales (reference);

-- Cash handed back at a counter for a cancelled counter ticket, from the canceller's drawer.
CREATE TABLE counter_refunds (
    booking_id TEXT PRIMARY KEY REFERENCES bookings (id),
    shift_id TEXT NOT NULL REFERENCES shifts (id),
    amount BIGINT NOT NULL CHECK (amount >= 0),
    method TEXT NOT NULL CHECK (method IN ('cash', 'bkash-counter')),
    refunded_at BIGINT NOT NULL
);
CREATE INDEX counter_refunds_by_shift ON counter_refunds (shift_id);

-- Seats held back for a channel, on one trip or on every coming trip of a schedule. The seats
-- themselves are `seat_claims` rows (state 'blocked', claim_id = the block's id), so the UNIQUE
-- claim per seat-leg keeps them from any sale; a release time is the rows' expiry.
CREATE TABLE seat_blocks (
    id TEXT PRIMARY KEY,
    operator_id TEXT NOT NULL REFERENCES operators (id),
    trip_id TEXT REFERENCES trips (id),
    schedule_id TEXT REFERENCES schedules (id),
    -- seat numbers, comma-separated (a seat label has no comma)
    seats TEXT NOT NULL,
    channel TEXT NOT NULL CHECK (channel IN ('counter', 'staff', 'vip')),
    release_minutes BIGINT,
    created_at BIGINT NOT NULL,
    removed_at BIGINT,
    CHECK ((trip_id IS NULL) <> (schedule_id IS NULL))
);
CREATE INDEX seat_blocks_by_trip ON seat_blocks (trip_id);
CREATE INDEX seat_blocks_by_schedule ON seat_blocks (schedule_id);

-- The website stops selling when a trip's free seats fall to its quota; counters sell to zero.
ALTER TABLE trips ADD COLUMN online_quota BIGINT;
ALTER TABLE schedules ADD COLUMN online_quota BIGINT;

-- The site's commission per operator on the fares sold online, in hundredths of a percent
-- (250 = 2.5 %): whole numbers, as money is kept.
ALTER TABLE operators ADD COLUMN commission_bp BIGINT NOT NULL DEFAULT 0;
