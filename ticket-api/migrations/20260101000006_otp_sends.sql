-- One row per (phone, purpose): when a code was last sent. A send claims it with one conditional
-- upsert, so sends that arrive together cannot all pass the resend wait (DESIGN §3: send caps
-- counted atomically).
CREATE TABLE otp_sends (
    phone TEXT NOT NULL,
    purpose TEXT NOT NULL,
    last_sent BIGINT NOT NULL,
    PRIMARY KEY (phone, purpose)
);
INSERT INTO otp_sends (phone, purpose, last_sent)
SELECT phone, purpose, MAX(sent_at) FROM otp_codes GROUP BY phone, purpose;
