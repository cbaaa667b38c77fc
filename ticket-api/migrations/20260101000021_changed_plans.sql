-- When plans change (issue 37): each operator's cancellation and date-change policy and the one
-- each booking was sold under, trips an operator cancelled (and the job refunding them), trips
-- whose time or boarding point changed after sales, and the text messages travellers get about
-- their tickets. Portable DDL, as 0001.

-- core_wasm::policy::Policy as JSON; NULL: the site's flat rule (CANCEL_CUTOFF_HOURS, CANCEL_FEE_PERCENT).
ALTER TABLE operators ADD COLUMN policy TEXT;
-- The policy the traveller was shown when they booked, kept with the booking; NULL for bookings
-- made before policies (they were sold under the site's flat rule).
ALTER TABLE bookings ADD COLUMN policy TEXT;
-- 'bn' or 'en': the language the traveller booked in, for the messages about the ticket.
ALTER TABLE bookings ADD COLUMN language TEXT;

-- Who cancelled a ticket: 'traveller' (web), 'counter', 'operator' (the trip was cancelled).
ALTER TABLE tickets ADD COLUMN cancelled_by TEXT;

-- An operator cancelled the trip: off sale at once; its tickets are refunded by the job.
ALTER TABLE trips ADD COLUMN cancelled_at BIGINT;
-- The departure time or a boarding point changed after tickets were sold: those tickets may be
-- cancelled free of charge.
ALTER TABLE trips ADD COLUMN changed_at BIGINT;

-- The job of a trip's cancellation, one per trip: started once, resumed after a restart until
-- finished. The counts are the job's progress as the manager sees it.
CREATE TABLE trip_cancellations (
    trip_id TEXT PRIMARY KEY REFERENCES trips (id),
    operator_id TEXT NOT NULL REFERENCES operators (id),
    reason TEXT NOT NULL,
    staff_id TEXT NOT NULL,
    started_at BIGINT NOT NULL,
    finished_at BIGINT,
    -- a process working on it until then; another may take over after
    lease_until BIGINT NOT NULL DEFAULT 0,
    tickets_cancelled BIGINT NOT NULL DEFAULT 0,
    refunded_online BIGINT NOT NULL DEFAULT 0,
    refunds_at_counter BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX trip_cancellations_open ON trip_cancellations (finished_at);

-- Text messages to travellers about their tickets, sent by a background sender with backoff.
-- `topic` names what it is about ('ticket:<ticket id>', 'cancelled:<ticket id>', ...): one
-- message per topic, however often it is asked for.
CREATE TABLE messages (
    id TEXT PRIMARY KEY,
    topic TEXT NOT NULL UNIQUE,
    phone TEXT NOT NULL,
    body TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    attempts BIGINT NOT NULL DEFAULT 0,
    -- when it may be tried next (a process sending it moves this past its attempt)
    next_at BIGINT NOT NULL,
    sent_at BIGINT,
    -- given up after too many attempts
    failed_at BIGINT,
    last_error TEXT
);
CREATE INDEX messages_due ON messages (sent_at, failed_at, next_at);
-- a trip's bookings, for its cancellation (the trip only: a status change then touches no index)
CREATE INDEX bookings_by_trip ON bookings (trip_id);
