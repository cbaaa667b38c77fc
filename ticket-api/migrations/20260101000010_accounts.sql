-- Accounts (issue 13): a traveller logs in with their phone and an OTP; the phone is the
-- identity, so a user is made at the first login. Portable DDL, as 0001.

CREATE TABLE users (
    -- random ('user-' and 16 hex digits), never a sequence: an id tells nothing of the others
    id TEXT PRIMARY KEY,
    -- as the core normalises it (11 digits, 01...): one user per phone, whoever logs in first
    phone TEXT NOT NULL UNIQUE,
    created_at BIGINT NOT NULL
);

-- One login. Its access token names it, and every call made with that token checks it here, so
-- a logout (ended_at) takes effect at once, on every server process.
CREATE TABLE user_sessions (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users (id),
    -- the visitor whose token logged in: its holds and pending bookings moved to the user
    visitor TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    -- set by logout; a session ends once
    ended_at BIGINT,
    CHECK (expires_at > created_at)
);
CREATE INDEX user_sessions_by_user ON user_sessions (user_id);
CREATE INDEX user_sessions_by_end ON user_sessions (expires_at);

-- A user's trips, the name they last booked under, and the moves at login find bookings by
-- their owner.
CREATE INDEX bookings_by_owner ON bookings (visitor, status);
