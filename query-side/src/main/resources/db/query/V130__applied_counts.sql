-- Per view: how many events it has applied (Driftless-View-Position, docs/API.md "Positions").
-- Kept by each batch's transaction beside last_event_at, so a query reads one row per view instead
-- of aggregating projection_offset (a full scan and a GROUP BY over every aggregate: seconds on a
-- store of a million events, on every GET). An aggregate's events are applied in sequence from 0,
-- so a view's count is the sum of its offsets' last_sequence + 1: that is the backfill, and what a
-- rebuild's swap writes. Runs on MariaDB and on H2 in MariaDB mode.
ALTER TABLE projection_status ADD COLUMN applied BIGINT NOT NULL DEFAULT 0;

UPDATE projection_status SET applied = (
  SELECT COALESCE(SUM(o.last_sequence + 1), 0) FROM projection_offset o
  WHERE o.projection = projection_status.projection);

INSERT INTO projection_status (projection, applied)
  SELECT o.projection, SUM(o.last_sequence + 1) FROM projection_offset o
  WHERE NOT EXISTS (SELECT 1 FROM projection_status s WHERE s.projection = o.projection)
  GROUP BY o.projection;
