-- Rebuilds by replay (issue 13) and the resource timeline, the first view that exists only
-- through a rebuild. Runs on MariaDB and on H2 in MariaDB mode.

-- Per view: the version of its fold its tables were built by. A view without a row is not built
-- (its queries answer 503 until a rebuild swaps it in); a view whose code has a higher version is
-- stale. The views that existed before rebuilds were built by the live stream, at version 1.
CREATE TABLE projection_build (
  projection VARCHAR(64)  NOT NULL,
  version    INT          NOT NULL,
  built_at   TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
  PRIMARY KEY (projection)
);
INSERT INTO projection_build (projection, version) VALUES ('history', 1), ('overview', 1),
  ('inventory', 1);

-- One row. Every live batch reads it with a shared lock; a rebuild's swap sets swap_id (waiting
-- for the batches in flight) and live batches back off until the swap clears it, so no batch
-- applies an event to a view while its tables and offsets change hands. A swap that died half-way
-- leaves swap_id set, and the swap is finished at the next start or rebuild request.
CREATE TABLE projection_gate (
  id         INT         NOT NULL,
  swap_id    VARCHAR(64) NULL,
  projection VARCHAR(64) NULL,
  PRIMARY KEY (id)
);
INSERT INTO projection_gate (id) VALUES (1);

-- Every rebuild and its progress (GET /api/projections shows each view's newest).
CREATE TABLE projection_rebuild (
  rebuild_id        VARCHAR(64)   NOT NULL,
  projection        VARCHAR(64)   NOT NULL,
  version           INT           NOT NULL,
  phase             VARCHAR(16)   NOT NULL,
  done              BIGINT        NOT NULL,
  total             BIGINT        NOT NULL,
  events_per_second DOUBLE        NOT NULL,
  started_at        TIMESTAMP(3)  NOT NULL,
  updated_at        TIMESTAMP(3)  NOT NULL,
  error             VARCHAR(4096) NULL,
  PRIMARY KEY (rebuild_id)
);
CREATE INDEX ix_rebuild_projection ON projection_rebuild (projection, started_at);

-- resource timeline: every op of every object, with its field diffs, newest first by sequence.
CREATE TABLE resource_timeline (
  resource_id     VARCHAR(544)  NOT NULL,
  sequence_number BIGINT        NOT NULL,
  app_id          VARCHAR(128)  NOT NULL,
  namespace       VARCHAR(253)  NOT NULL,
  name            VARCHAR(253)  NOT NULL,
  kind            VARCHAR(253)  NOT NULL,
  api_version     VARCHAR(253)  NOT NULL,
  change_id       VARCHAR(96)   NOT NULL,
  op              VARCHAR(16)   NOT NULL,
  fields          LONGTEXT      NOT NULL,
  error           VARCHAR(4096) NULL,
  recorded_at     TIMESTAMP(6)  NULL,
  PRIMARY KEY (resource_id, sequence_number)
);
CREATE INDEX ix_timeline_resource ON resource_timeline (app_id, kind, name);

-- The trigger of each change, for the timeline's entries (App events).
CREATE TABLE timeline_change (
  app_id         VARCHAR(128) NOT NULL,
  change_id      VARCHAR(96)  NOT NULL,
  change_trigger VARCHAR(16)  NOT NULL,
  PRIMARY KEY (app_id, change_id)
);
