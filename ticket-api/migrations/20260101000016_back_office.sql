-- The back office (issue 35): staff and their grants, authenticators, the audit log, and the
-- network as operators edit it (each object per operator, with a revision), schedules and the
-- trips made from them. Portable DDL, as 0001.

-- A role held by a user: for one operator, or (admin) for the site ('' as operator).
CREATE TABLE staff_grants (
    user_id TEXT NOT NULL REFERENCES users (id),
    role TEXT NOT NULL CHECK (role IN ('admin', 'manager', 'counter', 'supervisor', 'finance')),
    operator_id TEXT NOT NULL,
    granted_by TEXT NOT NULL,
    granted_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, role, operator_id)
);
CREATE INDEX staff_grants_by_operator ON staff_grants (operator_id);

-- A staff member's authenticator (RFC 6238): its base32 secret, as the app holds it (whoever reads
-- the store could make codes, as on any TOTP server: the store is the boundary). Counts once
-- confirmed; a code's time step is used once.
CREATE TABLE staff_totp (
    user_id TEXT PRIMARY KEY REFERENCES users (id),
    secret TEXT NOT NULL,
    confirmed_at BIGINT,
    last_step BIGINT NOT NULL DEFAULT 0
);

-- Single-use recovery codes, by their hash.
CREATE TABLE staff_recovery_codes (
    user_id TEXT NOT NULL REFERENCES users (id),
    code_hash TEXT NOT NULL,
    used_at BIGINT,
    PRIMARY KEY (user_id, code_hash)
);

-- A login proved its second factor (staff whose roles need one).
ALTER TABLE user_sessions ADD COLUMN second_factor BIGINT NOT NULL DEFAULT 0;

-- Every staff write, hash-chained: each entry's hash covers the one before, so an entry edited
-- in the database breaks the chain from there (`ticket-api audit-verify` names it). The head row
-- is taken (updated) first by every audited write: writes are appended one at a time, in order.
CREATE TABLE audit_log (
    seq BIGINT PRIMARY KEY,
    at BIGINT NOT NULL,
    user_id TEXT NOT NULL,
    role TEXT NOT NULL,
    operator_id TEXT NOT NULL,
    call TEXT NOT NULL,
    object TEXT NOT NULL,
    before_json TEXT,
    after_json TEXT,
    client_address TEXT NOT NULL,
    prev_hash TEXT NOT NULL,
    hash TEXT NOT NULL
);
CREATE INDEX audit_log_by_operator ON audit_log (operator_id, seq);

CREATE TABLE audit_head (
    id BIGINT PRIMARY KEY CHECK (id = 1),
    seq BIGINT NOT NULL,
    hash TEXT NOT NULL
);
INSERT INTO audit_head (id, seq, hash) VALUES (1, 0, '');

-- Who owns what: NULL is the site's (the demo network, shared cities); managers use those and
-- change only their operator's. A revision counts saves, for stale-edit checks.
ALTER TABLE cities ADD COLUMN operator_id TEXT;
ALTER TABLE cities ADD COLUMN revision BIGINT NOT NULL DEFAULT 1;
ALTER TABLE points ADD COLUMN operator_id TEXT;
ALTER TABLE points ADD COLUMN revision BIGINT NOT NULL DEFAULT 1;
ALTER TABLE routes ADD COLUMN operator_id TEXT;
ALTER TABLE routes ADD COLUMN revision BIGINT NOT NULL DEFAULT 1;
ALTER TABLE layouts ADD COLUMN operator_id TEXT;
ALTER TABLE layouts ADD COLUMN revision BIGINT NOT NULL DEFAULT 1;
-- The layout as drawn (JSON of the core's LayoutSpec); layout_seats is what it sells. A layout
-- with sales is never changed in place: a save writes a new version (`replaced_by` points to it).
ALTER TABLE layouts ADD COLUMN spec TEXT;
ALTER TABLE layouts ADD COLUMN replaced_by TEXT;
ALTER TABLE vehicles ADD COLUMN revision BIGINT NOT NULL DEFAULT 1;
ALTER TABLE vehicles ADD COLUMN amenities TEXT NOT NULL DEFAULT '';

-- Other names travellers type for a city.
CREATE TABLE city_aliases (
    alias TEXT PRIMARY KEY,
    city_id TEXT NOT NULL REFERENCES cities (id)
);

-- Which stops of a route board and drop passengers (all, where not said).
ALTER TABLE route_stops ADD COLUMN boards BIGINT NOT NULL DEFAULT 1;
ALTER TABLE route_stops ADD COLUMN drops BIGINT NOT NULL DEFAULT 1;

CREATE TABLE schedules (
    id TEXT PRIMARY KEY,
    operator_id TEXT NOT NULL REFERENCES operators (id),
    code TEXT NOT NULL,
    route_id TEXT NOT NULL REFERENCES routes (id),
    -- minutes after midnight, Dhaka
    departure BIGINT NOT NULL,
    -- bit 0 Sunday .. bit 6 Saturday
    days BIGINT NOT NULL,
    from_date TEXT NOT NULL,
    to_date TEXT NOT NULL,
    class TEXT NOT NULL,
    layout_id TEXT NOT NULL REFERENCES layouts (id),
    -- the vehicle row its trips name (class and layout as travellers see them)
    vehicle_id TEXT NOT NULL REFERENCES vehicles (id),
    revision BIGINT NOT NULL
);
CREATE INDEX schedules_by_operator ON schedules (operator_id);

-- A trip made from a schedule, and the layout it sells (its vehicle's when NULL).
ALTER TABLE trips ADD COLUMN schedule_id TEXT;
ALTER TABLE trips ADD COLUMN layout_id TEXT;
CREATE INDEX trips_by_schedule ON trips (schedule_id, departs_at);
CREATE INDEX trips_by_operator ON trips (operator_id, departs_at);
