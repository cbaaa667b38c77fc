-- The Eid waiting room (issue 16): one queue per opening of a sale window, its places, and the
-- seed its pre-queue is drawn with. Portable DDL, as 0001.

CREATE TABLE queue_openings (
    -- the window's id and the opening's moment: 'eid-north@1805248800000'
    queue_id TEXT PRIMARY KEY,
    -- 64 hex digits, secret until the draw; its SHA-256 is published from the first join
    seed TEXT NOT NULL,
    seed_hash TEXT NOT NULL,
    -- 1 once the pre-queue has been drawn: every place has a position from then on
    drawn INTEGER NOT NULL DEFAULT 0 CHECK (drawn IN (0, 1)),
    -- the position the next arrival after the draw takes; joins take blocks of it under this
    -- row's lock, so processes sharing the store hand out one order
    next_position BIGINT NOT NULL DEFAULT 0
);

CREATE TABLE queue_places (
    queue_id TEXT NOT NULL REFERENCES queue_openings (queue_id),
    -- the server's identity of the visitor: one place each, however often they join
    visitor TEXT NOT NULL,
    -- random, what the site polls with; names nobody
    place_id TEXT NOT NULL UNIQUE,
    joined_at BIGINT NOT NULL,
    -- 0-based; NULL in the pre-queue until the draw
    position BIGINT,
    -- when the place's turn came (its admission runs from then), and whether it held a seat
    admitted_at BIGINT,
    held INTEGER NOT NULL DEFAULT 0 CHECK (held IN (0, 1)),
    PRIMARY KEY (queue_id, visitor)
);
-- No two places share a position, whatever the processes do.
CREATE UNIQUE INDEX queue_places_by_position ON queue_places (queue_id, position);
CREATE INDEX queue_places_by_admission ON queue_places (queue_id, admitted_at);
