-- Fewer index pages written per sale (issue 17). Every index a sale's rows move in is another
-- page in the commit, and on SQLite the commits were most of the one writer's time.
--
-- A visitor's holds were found by two indexes, (trip_id, visitor) and (visitor, expires_at):
-- a hold's insert and delete each wrote both, and renewing it for the payment moved its entry in
-- the second. Every lookup names the visitor, who has few holds: one index by visitor, then trip.
DROP INDEX holds_by_visitor;
DROP INDEX holds_by_owner;
CREATE INDEX holds_by_owner ON holds (visitor, trip_id);
-- A booking's status changes twice in a sale (pending, then ticketed): with the status in the
-- owner's index each change moved the entry. A visitor has few bookings; the status is read
-- from the row.
DROP INDEX bookings_by_owner;
CREATE INDEX bookings_by_owner ON bookings (visitor);
