-- No one acts for another traveller (DESIGN §3 "Identity and ownership").

-- Whoever proved a phone by OTP (find-ticket) may read that phone's tickets for a short while
-- without owning them; `owner` is the caller's owner id, as holds and bookings store it.
CREATE TABLE phone_grants (
    owner TEXT NOT NULL,
    phone TEXT NOT NULL,
    expires_at BIGINT NOT NULL,
    PRIMARY KEY (owner, phone)
);

-- A hold's whole life is capped however often it is renewed: a re-lock of the same trip keeps
-- the first lock's time. The address it came from counts against the per-address cap.
ALTER TABLE holds ADD COLUMN first_locked_at BIGINT NOT NULL DEFAULT 0;
ALTER TABLE holds ADD COLUMN client_address TEXT NOT NULL DEFAULT '';
UPDATE holds SET first_locked_at = created_at;
CREATE INDEX holds_by_owner ON holds (visitor, expires_at);
CREATE INDEX holds_by_address ON holds (client_address, expires_at);

-- Counting a visitor's (or an address's) held seats and adding to them happen under this row's
-- lock: a no-op upsert takes it (a row lock on PostgreSQL, the write lock on SQLite), so locks
-- sent together cannot all pass the cap.
CREATE TABLE hold_quota_locks (
    lock_key TEXT PRIMARY KEY
);

-- An Idempotency-Key is bound to its request (a hash of method, path and body): another request
-- with the same key is refused. A key whose request died with its process is released when its
-- lease ends; every key is forgotten after 24 hours.
ALTER TABLE idempotency_keys ADD COLUMN request_hash TEXT NOT NULL DEFAULT '';
ALTER TABLE idempotency_keys ADD COLUMN lease_until BIGINT NOT NULL DEFAULT 0;
CREATE INDEX idempotency_keys_by_age ON idempotency_keys (created_at);
