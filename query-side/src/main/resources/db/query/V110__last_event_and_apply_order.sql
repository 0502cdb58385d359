-- Per view: the stored time of the newest event it applied (GET /api/projections' lastEventAt and
-- the base of the current lag). Written in each batch's transaction, so it survives restarts and
-- is shared by every query-side process.
CREATE TABLE projection_status (
  projection    VARCHAR(64)  NOT NULL,
  last_event_at TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
  PRIMARY KEY (projection)
);

-- The apply order of a change's resources: when the command side recorded each one, which it does
-- right after the cluster write, one resource after the other. Microseconds: two applies within a
-- millisecond keep their order. Rows written before this column have none (they sort first, by
-- resource id).
ALTER TABLE app_change_resource ADD COLUMN applied_at TIMESTAMP(6) NULL;
