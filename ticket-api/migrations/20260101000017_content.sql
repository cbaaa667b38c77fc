-- The home pages' content as operators edit it (issue 35): banners, offers, blog posts and
-- popular routes per operator (none: the site's), each with a revision and shown only while
-- visible; blog posts keep their Markdown and the HTML rendered and sanitised from it; images
-- uploaded by staff, stored once by the SHA-256 of their bytes; the waiting room's sale windows.
-- Portable DDL, as 0001 (BYTEA: PostgreSQL's bytes; SQLite keeps a blob in any column).

ALTER TABLE banners ADD COLUMN operator_id TEXT REFERENCES operators (id);
ALTER TABLE banners ADD COLUMN revision BIGINT NOT NULL DEFAULT 1;
ALTER TABLE banners ADD COLUMN visible BIGINT NOT NULL DEFAULT 1;

ALTER TABLE offers ADD COLUMN operator_id TEXT REFERENCES operators (id);
ALTER TABLE offers ADD COLUMN revision BIGINT NOT NULL DEFAULT 1;
ALTER TABLE offers ADD COLUMN visible BIGINT NOT NULL DEFAULT 1;

ALTER TABLE blogs ADD COLUMN operator_id TEXT REFERENCES operators (id);
ALTER TABLE blogs ADD COLUMN revision BIGINT NOT NULL DEFAULT 1;
ALTER TABLE blogs ADD COLUMN visible BIGINT NOT NULL DEFAULT 1;
ALTER TABLE blogs ADD COLUMN body TEXT;
ALTER TABLE blogs ADD COLUMN body_html TEXT;
CREATE INDEX blogs_by_url ON blogs (url);

ALTER TABLE popular_routes ADD COLUMN operator_id TEXT REFERENCES operators (id);
ALTER TABLE popular_routes ADD COLUMN revision BIGINT NOT NULL DEFAULT 1;
ALTER TABLE popular_routes ADD COLUMN visible BIGINT NOT NULL DEFAULT 1;

CREATE TABLE content_images (
    id TEXT PRIMARY KEY,
    content_type TEXT NOT NULL,
    width BIGINT NOT NULL,
    height BIGINT NOT NULL,
    size BIGINT NOT NULL,
    bytes BYTEA NOT NULL,
    uploaded_by TEXT NOT NULL,
    uploaded_at BIGINT NOT NULL
);

-- A window as the SALE_WINDOWS file writes it (JSON), checked by the same rules.
CREATE TABLE sale_windows (
    id TEXT PRIMARY KEY,
    spec TEXT NOT NULL,
    active BIGINT NOT NULL,
    revision BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
