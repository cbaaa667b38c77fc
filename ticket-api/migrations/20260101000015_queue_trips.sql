-- Issue 39, 8: an admission opens the trip its visitor queued for, not every trip of the window.
-- '' for a place made before this (its admission opens no trip: it joins again).
ALTER TABLE queue_places ADD COLUMN trip_id TEXT NOT NULL DEFAULT '';
