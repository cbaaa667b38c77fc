-- What an outside attacker found in the payments (issue 39). Portable DDL, as 0001.

-- bKash's execute is what takes the money: a session is claimed for it by one statement
-- (`executing_since` set while it is NULL, or its lease ran out), so thirty returns at once send
-- one execute; and a failure or cancel return is believed only while no execute was ever sent.
ALTER TABLE payment_sessions ADD COLUMN executing_since BIGINT;
-- A session a browser's word closed (a failure or cancel return) is asked of the gateway again
-- until then: a payment the gateway confirms late is recorded, never lost. NULL: nothing to ask.
ALTER TABLE payment_sessions ADD COLUMN recheck_until BIGINT;
CREATE INDEX payment_sessions_to_recheck ON payment_sessions (recheck_until);

-- update-gateway opens sessions at the gateway's API: counted per booking in the statement
-- that allows one more, and one opening at a time (a lease until `opening_until`).
ALTER TABLE bookings ADD COLUMN sessions_opened BIGINT NOT NULL DEFAULT 0;
ALTER TABLE bookings ADD COLUMN opening_until BIGINT;

-- Refunds to the paisa: an amount a gateway confirmed (10.50) goes back whole. `amount` stays
-- (whole taka, rounded down) for what read it before; `amount_paisa` is what is sent.
ALTER TABLE refunds ADD COLUMN amount_paisa BIGINT NOT NULL DEFAULT 0;
UPDATE refunds SET amount_paisa = amount * 100;
