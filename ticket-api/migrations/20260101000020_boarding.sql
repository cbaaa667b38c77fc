-- Boarding (issue 36): operators' signing keys for boarding codes, supervisors' scanning
-- devices, every scan as it arrived, boarding closed on a trip and its no-shows. Portable DDL,
-- as 0001.

-- An operator's boarding-code keys, several valid at once while they rotate. The secret is
-- never stored: it is derived from the server's token secret and the salt, so the database
-- alone signs nothing. A retired key's codes no longer verify.
CREATE TABLE boarding_keys (
    operator_id TEXT NOT NULL REFERENCES operators (id),
    key_id BIGINT NOT NULL CHECK (key_id BETWEEN 0 AND 255),
    salt TEXT NOT NULL,
    -- 32 bytes, hex
    public_key TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    retired_at BIGINT,
    PRIMARY KEY (operator_id, key_id)
);

-- A phone a manager enrolled to keep trip packs and scan offline.
CREATE TABLE boarding_devices (
    id TEXT PRIMARY KEY,
    operator_id TEXT NOT NULL REFERENCES operators (id),
    name TEXT NOT NULL,
    -- the one-time enrolment code's hash, until it is used or expires
    enrol_hash TEXT,
    enrol_expires_at BIGINT,
    -- the device key's hash, once enrolled
    key_hash TEXT,
    created_at BIGINT NOT NULL,
    enrolled_at BIGINT,
    revoked_at BIGINT
);
CREATE INDEX boarding_devices_by_operator ON boarding_devices (operator_id);
CREATE UNIQUE INDEX boarding_devices_enrol ON boarding_devices (enrol_hash);

-- Every scan, online or uploaded later, once per nonce. Which scan boarded a ticket is not
-- stored: it is the earliest admitted scan, whatever order the scans arrived in.
CREATE TABLE boarding_scans (
    nonce TEXT PRIMARY KEY,
    operator_id TEXT NOT NULL REFERENCES operators (id),
    trip_id TEXT NOT NULL REFERENCES trips (id),
    -- the ticket's, when the code or the typed PNR named one
    pnr TEXT,
    device_id TEXT,
    staff_id TEXT NOT NULL,
    scanned_at BIGINT NOT NULL,
    received_at BIGINT NOT NULL,
    outcome TEXT NOT NULL CHECK (outcome IN ('admitted', 'refused')),
    reason TEXT,
    -- what was sent (code or PNR, time, device): the same nonce with anything else is refused
    request TEXT NOT NULL
);
CREATE INDEX boarding_scans_by_ticket ON boarding_scans (trip_id, pnr, scanned_at);

ALTER TABLE trips ADD COLUMN boarding_closed_at BIGINT;
-- Minutes before departure when boarding may close (NULL: 15).
ALTER TABLE operators ADD COLUMN boarding_cutoff_minutes BIGINT;
-- Set when boarding closed without the ticket boarding: its seats were freed for the counter.
ALTER TABLE tickets ADD COLUMN no_show_at BIGINT;
