-- One row per calendar date: how many visits the new-site banner check counted that day.
-- The primary key is what makes `INSERT ... ON CONFLICT (visit_date)` an atomic increment.
CREATE TABLE IF NOT EXISTS site_visitors (
    visit_date TEXT PRIMARY KEY NOT NULL,
    count BIGINT NOT NULL CHECK (count > 0)
);
