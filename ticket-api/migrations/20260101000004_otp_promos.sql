-- One-time codes, the SMS outbox, surprise deals.

CREATE TABLE otp_codes (
    id TEXT PRIMARY KEY,
    phone TEXT NOT NULL,
    -- 'search' (find tickets) or 'cancel' (cancel a ticket)
    purpose TEXT NOT NULL,
    -- sha-256 of the server secret, phone, purpose and code: the code itself is never stored
    code_hash TEXT NOT NULL,
    expires_at BIGINT NOT NULL,
    attempts BIGINT NOT NULL,
    used BIGINT NOT NULL,
    sent_at BIGINT NOT NULL,
    -- the requesting client's address, for the daily cap per address
    client_address TEXT NOT NULL
);
CREATE INDEX otp_codes_by_phone ON otp_codes (phone, purpose, sent_at);
CREATE INDEX otp_codes_by_address ON otp_codes (client_address, sent_at);

-- Every SMS the site sends, whatever the sender: the demo reads codes from here.
CREATE TABLE sms_outbox (
    id TEXT PRIMARY KEY,
    phone TEXT NOT NULL,
    body TEXT NOT NULL,
    created_at BIGINT NOT NULL
);

-- A surprise deal offered for a booking, claimable for 120 s after offered_at.
CREATE TABLE surprise_deals (
    tnx_id TEXT PRIMARY KEY,
    promo_code TEXT NOT NULL,
    amount BIGINT NOT NULL,
    offered_at BIGINT NOT NULL
);
