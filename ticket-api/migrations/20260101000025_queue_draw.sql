-- The pre-queue's positions in a table of their own, appended in draw order (issue 38). Written
-- into the places' own rows, which lie in the order visitors joined, each batch of a thousand
-- positions rewrote about a thousand scattered pages: a million took a minute, and every join
-- waited behind the batch in hand. Here both keys grow with each batch (the position, and the
-- draw key the positions are handed out by), so a batch writes a few pages at the end of each:
-- a million in a couple of seconds. Portable DDL, as 0001.
--
-- A pre-queue place's position is this table's, found by its draw key; `queue_places.position`
-- stays NULL for it (it keeps the positions of arrivals after the draw, and of queues drawn
-- before this migration).
CREATE TABLE queue_draw (
    queue_id TEXT NOT NULL REFERENCES queue_openings (queue_id),
    position BIGINT NOT NULL,
    draw_key BYTEA NOT NULL,
    place_id TEXT NOT NULL,
    PRIMARY KEY (queue_id, position)
);
-- A place is drawn once; and how a place finds its position.
CREATE UNIQUE INDEX queue_draw_by_key ON queue_draw (queue_id, draw_key, place_id);
