-- A booking's open payment session is looked up on every payment page and gateway outcome:
-- with only (tnx_id) and (state, check_at) to choose from, SQLite took the state index and
-- walked every open session of every booking (more of them the busier the sale). One index
-- matching both (then by opening) serves the lookup; the narrower booking index it covers goes.
CREATE INDEX payment_sessions_open_of_booking ON payment_sessions (tnx_id, state, opened_at);
DROP INDEX payment_sessions_by_booking;
-- A gateway's callback names its own handle of the session (bKash's paymentID): found by index,
-- not by reading every session ever opened.
CREATE INDEX payment_sessions_by_gateway_ref ON payment_sessions (gateway, gateway_ref);
