-- Real payment gateways (issue 11). Each attempt to pay is a session whose amount is frozen when
-- it opens; a payment records what the gateway's own server confirmed for a session; refunds are
-- requested from the gateway and tracked until they are done. Portable DDL, as 0001.

CREATE TABLE payment_sessions (
    -- the transaction id the gateway knows (SSLCommerz tran_id, bKash merchantInvoiceNumber)
    id TEXT PRIMARY KEY,
    tnx_id TEXT NOT NULL REFERENCES bookings (tnx_id),
    gateway TEXT NOT NULL,
    amount BIGINT NOT NULL CHECK (amount >= 0),
    currency TEXT NOT NULL,
    -- the gateway's handle of the session (SSLCommerz sessionkey, bKash paymentID)
    gateway_ref TEXT,
    -- where the traveller pays
    redirect_url TEXT,
    -- what a refund of the payment names (SSLCommerz bank_tran_id, bKash trxID)
    paid_ref TEXT,
    state TEXT NOT NULL CHECK (state IN ('open', 'paid', 'failed', 'cancelled')),
    opened_at BIGINT NOT NULL,
    -- when an open session's outcome is asked of the gateway next (the reconciler)
    check_at BIGINT NOT NULL
);
CREATE INDEX payment_sessions_by_booking ON payment_sessions (tnx_id);
CREATE INDEX payment_sessions_to_check ON payment_sessions (state, check_at);

-- The payment that bought a booking names its session. Payments recorded before sessions
-- existed (the demo's sandbox) get a session of their own.
ALTER TABLE payments ADD COLUMN session_id TEXT;
INSERT INTO payment_sessions (id, tnx_id, gateway, amount, currency, state, opened_at, check_at)
SELECT tnx_id, tnx_id, gateway, amount, 'BDT', CASE outcome WHEN 'refunded' THEN 'paid' ELSE outcome END,
    recorded_at, recorded_at
FROM payments;
UPDATE payments SET session_id = tnx_id;

-- Money going back to the traveller, one refund per paid session: requested (to be sent or
-- retried), processing (the gateway accepted it), done, or failed (given up: an operator acts).
CREATE TABLE refunds (
    session_id TEXT PRIMARY KEY REFERENCES payment_sessions (id),
    tnx_id TEXT NOT NULL,
    gateway TEXT NOT NULL,
    amount BIGINT NOT NULL CHECK (amount >= 0),
    -- 'cancelled' (the traveller cancelled), 'seats-lost', 'amount-mismatch', 'duplicate'
    reason TEXT NOT NULL,
    state TEXT NOT NULL CHECK (state IN ('requested', 'processing', 'done', 'failed')),
    refund_ref TEXT,
    tries BIGINT NOT NULL DEFAULT 0,
    next_try_at BIGINT NOT NULL,
    last_error TEXT,
    requested_at BIGINT NOT NULL,
    settled_at BIGINT
);
CREATE INDEX refunds_by_booking ON refunds (tnx_id);
CREATE INDEX refunds_due ON refunds (state, next_try_at);
