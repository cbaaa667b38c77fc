-- A booking's gateway is its payment sessions' (issue 17): the one it was paid through, else the
-- one last chosen. The copy on the booking cost every update-gateway a transaction of two writes
-- (on PostgreSQL four round trips, one now), and a ticket showed the gateway last chosen, not
-- the one that took the money.
ALTER TABLE bookings DROP COLUMN gateway;
