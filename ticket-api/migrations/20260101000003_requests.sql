-- Full-bus reservation requests (bus-reservation), as the traveller sent them once validated.
CREATE TABLE reservations (
    id TEXT PRIMARY KEY,
    journey_date TEXT NOT NULL,
    return_date TEXT,
    bus_type TEXT NOT NULL,
    boarding_place TEXT NOT NULL,
    dropping_place TEXT NOT NULL,
    number_of_seats BIGINT NOT NULL,
    number_of_buses BIGINT NOT NULL,
    preferred_bus TEXT,
    comment TEXT,
    contact_name TEXT NOT NULL,
    contact_phone TEXT NOT NULL,
    contact_email TEXT,
    approximate_budget BIGINT NOT NULL,
    created_at BIGINT NOT NULL
);
