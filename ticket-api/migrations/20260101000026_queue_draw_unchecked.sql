-- The draw's table without its foreign key to the opening (issue 38). Every row is copied from
-- the queue's own places, which reference the opening already, so the key only repeated a check:
-- once per position written, it was 3.2 s of the 5.8 s PostgreSQL took to write a million
-- positions alone (2.6 s without it). Rebuilt rather than altered: SQLite cannot drop a
-- constraint. Portable DDL, as 0001.
CREATE TABLE queue_draw_unchecked (
    queue_id TEXT NOT NULL,
    position BIGINT NOT NULL,
    draw_key BYTEA NOT NULL,
    place_id TEXT NOT NULL,
    PRIMARY KEY (queue_id, position)
);
INSERT INTO queue_draw_unchecked (queue_id, position, draw_key, place_id)
SELECT queue_id, position, draw_key, place_id FROM queue_draw;
DROP TABLE queue_draw;
ALTER TABLE queue_draw_unchecked RENAME TO queue_draw;
-- A place is drawn once; and how a place finds its position.
CREATE UNIQUE INDEX queue_draw_by_key ON queue_draw (queue_id, draw_key, place_id);
