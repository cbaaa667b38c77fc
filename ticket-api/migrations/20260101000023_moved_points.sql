-- A trip's boarding or dropping point moved to another place of the same city (issue 37): the
-- route keeps its point; this trip's travellers board or leave at the other place, are told by
-- SMS, and may cancel free. Portable DDL, as 0001.
CREATE TABLE trip_point_moves (
    trip_id TEXT NOT NULL REFERENCES trips (id),
    -- The route's point, and the place its travellers use instead on this trip.
    point_id TEXT NOT NULL REFERENCES points (id),
    to_point_id TEXT NOT NULL REFERENCES points (id),
    moved_at BIGINT NOT NULL,
    PRIMARY KEY (trip_id, point_id)
);

-- When the booking's boarding point last moved: its ticket, if sold before, may be cancelled free.
ALTER TABLE bookings ADD COLUMN point_moved_at BIGINT;
