-- A traveller's date change (issue 37). The money of a changed ticket moves to the new one, so a
-- payment may now pay for more than one booking and give money back more than once: a cheaper
-- date's difference, then the new ticket's cancellation. Portable DDL, as 0001.

-- Refunds keyed by their own id, once per session and booking they give back for (before, once
-- per session). A refund of a session for the booking it paid keeps the session's id as its id,
-- the reference the gateways were given for refunds asked before this migration.
CREATE TABLE refunds_keyed (
    id TEXT PRIMARY KEY,
    session_id TEXT NOT NULL REFERENCES payment_sessions (id),
    -- The booking whose ticket (or payment) the money came back for.
    tnx_id TEXT NOT NULL,
    gateway TEXT NOT NULL,
    amount BIGINT NOT NULL CHECK (amount >= 0),
    amount_paisa BIGINT NOT NULL DEFAULT 0,
    -- 'cancelled', 'seats-lost', 'amount-mismatch', 'duplicate', 'trip-cancelled', 'changed'
    reason TEXT NOT NULL,
    state TEXT NOT NULL CHECK (state IN ('requested', 'processing', 'done', 'failed')),
    refund_ref TEXT,
    tries BIGINT NOT NULL DEFAULT 0,
    next_try_at BIGINT NOT NULL,
    last_error TEXT,
    requested_at BIGINT NOT NULL,
    settled_at BIGINT,
    UNIQUE (session_id, tnx_id)
);
INSERT INTO refunds_keyed (id, session_id, tnx_id, gateway, amount, amount_paisa, reason, state, refund_ref, tries,
    next_try_at, last_error, requested_at, settled_at)
SELECT session_id, session_id, tnx_id, gateway, amount, amount_paisa, reason, state, refund_ref, tries, next_try_at,
    last_error, requested_at, settled_at
FROM refunds;
DROP TABLE refunds;
ALTER TABLE refunds_keyed RENAME TO refunds;
CREATE INDEX refunds_by_booking ON refunds (tnx_id);
CREATE INDEX refunds_due ON refunds (state, next_try_at);

-- What paid for a booking that a date change made, by the session that took the money (oldest
-- first): the changed ticket's money less the fee, and the difference paid for a dearer date.
-- A booking without rows here was paid by its own session.
CREATE TABLE booking_funds (
    tnx_id TEXT NOT NULL,
    session_id TEXT NOT NULL REFERENCES payment_sessions (id),
    amount_paisa BIGINT NOT NULL CHECK (amount_paisa > 0),
    position BIGINT NOT NULL,
    PRIMARY KEY (tnx_id, session_id)
);

-- A pending booking that changes a ticket's date: the ticket, and the taka it brings (what was
-- paid less the change fee), so the gateway is asked for the rest only.
ALTER TABLE bookings ADD COLUMN changes_ticket TEXT;
ALTER TABLE bookings ADD COLUMN credit BIGINT NOT NULL DEFAULT 0;
-- The fee the change kept, told on the new ticket.
ALTER TABLE bookings ADD COLUMN change_fee BIGINT NOT NULL DEFAULT 0;
-- The ticket a changed ticket became.
ALTER TABLE tickets ADD COLUMN changed_to TEXT;
