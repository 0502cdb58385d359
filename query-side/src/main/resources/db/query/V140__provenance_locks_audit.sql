-- Issue 27: provenance in the history, lock/unlock rows, the audit log across apps (GET
-- /api/changes) and the lock state in the app overview. Runs on MariaDB and on H2 in MariaDB mode.
-- Key sizes stay within InnoDB's 3,072 bytes in utf8mb4.

-- history view: who and what asked for each change (AppChangeStarted.provenance, AppLocked,
-- AppUnlocked) and the change a rollback deploys again. Rows from before this migration read as
-- actor `unknown`, no client, message or meta, until a rebuild fills them from the events.
ALTER TABLE app_change ADD COLUMN actor VARCHAR(512) NOT NULL DEFAULT 'unknown';
ALTER TABLE app_change ADD COLUMN client TEXT NULL;
ALTER TABLE app_change ADD COLUMN message TEXT NULL;
ALTER TABLE app_change ADD COLUMN meta LONGTEXT NULL;
ALTER TABLE app_change ADD COLUMN rolled_back_to VARCHAR(96) NULL;

-- The audit log's newest-first scans: all changes, by actor, by trigger; each ends in the cursor's
-- columns (started_at, app_id, change_number), so a page is one index range read backwards.
CREATE INDEX ix_app_change_started ON app_change (started_at, app_id, change_number);
CREATE INDEX ix_app_change_actor ON app_change (actor, started_at, app_id, change_number);
CREATE INDEX ix_app_change_trigger ON app_change (change_trigger, started_at, app_id, change_number);
-- One app's changes by start time: the audit log's app filter, and the per-day counts
-- (.../changes/per-day reads an app's changes since a day), which without a cap on the history
-- would otherwise read every change the app ever had.
CREATE INDEX ix_app_change_app_started ON app_change (app_id, started_at, change_number);

-- history view: one row per change and meta key (a copy of app_change.meta), so that the audit
-- log's meta.<key>=<value> filter is an index range on both databases rather than a JSON function.
-- started_at repeats the change's, so a filtered page reads this index in the audit log's order.
CREATE TABLE app_change_meta (
  app_id        VARCHAR(128) NOT NULL,
  change_number BIGINT       NOT NULL,
  meta_key      VARCHAR(63)  NOT NULL,
  meta_value    VARCHAR(512) NOT NULL,
  started_at    TIMESTAMP(3) NOT NULL,
  PRIMARY KEY (app_id, change_number, meta_key)
);
CREATE INDEX ix_app_change_meta ON app_change_meta (meta_key, meta_value, started_at, app_id,
  change_number);

-- overview view: the app's change freeze (AppLocked until AppUnlocked).
ALTER TABLE app_overview ADD COLUMN locked BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE app_overview ADD COLUMN locked_by VARCHAR(512) NULL;
ALTER TABLE app_overview ADD COLUMN locked_at TIMESTAMP(3) NULL;
ALTER TABLE app_overview ADD COLUMN lock_reason VARCHAR(4096) NULL;

-- The history and overview folds are version 2 (HistoryProjection, OverviewProjection). A view
-- that has applied nothing yet holds what version 2 would hold: it is built at version 2. One
-- that has applied events stays at 1 and shows `stale` until a rebuild replays it.
UPDATE projection_build SET version = 2
  WHERE projection IN ('history', 'overview') AND version = 1
  AND NOT EXISTS (SELECT 1 FROM projection_offset o WHERE o.projection = projection_build.projection);
