-- Dated fares (issue 35): an operator's fare of a leg and seat class for a period of travel
-- dates (Eid), in place of its base fare (`fares`) on those dates. Periods of one leg and class
-- never overlap (checked on save). Portable DDL, as 0001.
CREATE TABLE fare_periods (
    route_id TEXT NOT NULL REFERENCES routes (id),
    operator_id TEXT NOT NULL REFERENCES operators (id),
    seat_class TEXT NOT NULL,
    first_date TEXT NOT NULL,
    last_date TEXT NOT NULL,
    from_stop BIGINT NOT NULL,
    to_stop BIGINT NOT NULL,
    fare BIGINT NOT NULL CHECK (fare > 0),
    PRIMARY KEY (route_id, operator_id, seat_class, first_date, from_stop, to_stop)
);
