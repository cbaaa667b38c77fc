-- The Eid opening at scale (issue 38). Portable DDL, as 0001 (BYTEA: PostgreSQL's bytes; SQLite
-- keeps a blob in any column).
--
-- A queue's places are counted as they are written (under the opening row's lock, with the
-- positions), not by COUNT(*) over a million rows once a second.
ALTER TABLE queue_openings ADD COLUMN places BIGINT NOT NULL DEFAULT 0;
UPDATE queue_openings SET places = (SELECT COUNT(*) FROM queue_places p WHERE p.queue_id = queue_openings.queue_id);

-- The draw no longer holds the opening while it writes every position: at the opening the
-- pre-queue's size is fixed (`prequeue`; positions 0 to prequeue - 1 are its), arrivals after
-- it queue from there at once, and the pre-queue's positions are written in draw order in short
-- batches (`placed` of them so far). A queue drawn before this migration has every position.
ALTER TABLE queue_openings ADD COLUMN prequeue BIGINT;
ALTER TABLE queue_openings ADD COLUMN placed BIGINT NOT NULL DEFAULT 0;

-- SHA-256(seed || place id), the place's draw key, written when a pre-queue place is made (the
-- seed is the server's from the first join); the pre-queue is these in order. Indexed (the
-- pre-queue's places only), so each batch of positions reads the next keys in order from where
-- the last one ended.
ALTER TABLE queue_places ADD COLUMN draw_key BYTEA;
CREATE INDEX queue_places_by_key ON queue_places (queue_id, draw_key, place_id) WHERE draw_key IS NOT NULL;
