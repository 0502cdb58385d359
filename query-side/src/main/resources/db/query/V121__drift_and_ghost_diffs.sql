-- Drift and ghost diffs (issue 12; query side README, "Drift and ghost diffs").
-- Runs on MariaDB and on H2 in MariaDB mode. Key sizes stay within InnoDB's 3,072 bytes in utf8mb4.

-- drift view: the trigger of each change (App events), joined at query time with the inventory's
-- last change of each resource, as the App's and the ResourceChange's events arrive in any order.
CREATE TABLE drift_change (
  app_id         VARCHAR(128) NOT NULL,
  change_id      VARCHAR(96)  NOT NULL,
  change_trigger VARCHAR(16)  NOT NULL,
  started_at     TIMESTAMP(3) NOT NULL,
  PRIMARY KEY (app_id, change_id)
);

-- drift view: one row per ResourceChange and field path the cluster keeps setting back
-- (GhostDiffDetected), marked when Driftless yielded it (GhostDiffYielded); dropped when the
-- object is deleted or taken over. path_key: SHA-256 of the path, hex, as paths can be long.
CREATE TABLE ghost_diff (
  resource_id           VARCHAR(544)  NOT NULL,
  path_key              VARCHAR(64)   NOT NULL,
  app_id                VARCHAR(128)  NOT NULL,
  namespace             VARCHAR(253)  NOT NULL,
  name                  VARCHAR(253)  NOT NULL,
  kind                  VARCHAR(253)  NOT NULL,
  api_version           VARCHAR(253)  NOT NULL,
  path                  VARCHAR(4096) NOT NULL,
  desired_value         LONGTEXT      NULL,
  live_value            LONGTEXT      NULL,
  flips                 INT           NOT NULL,
  policy                VARCHAR(16)   NULL,
  suggested_rebase_rule LONGTEXT      NULL,
  change_id             VARCHAR(96)   NOT NULL,
  last_seen_at          TIMESTAMP(6)  NOT NULL,
  yielded               BOOLEAN       NOT NULL,
  yielded_change_id     VARCHAR(96)   NULL,
  yielded_at            TIMESTAMP(6)  NULL,
  PRIMARY KEY (resource_id, path_key)
);
CREATE INDEX ix_ghost_diff_app ON ghost_diff (app_id);

-- history view: a change's ghost-diff reports and yield decisions, one row per resource, path and
-- kind of entry (op `ghost-diff` or `yield`), shown in the change detail after its resource ops.
CREATE TABLE app_change_ghost (
  resource_id   VARCHAR(544)  NOT NULL,
  change_id     VARCHAR(96)   NOT NULL,
  op            VARCHAR(16)   NOT NULL,
  path_key      VARCHAR(64)   NOT NULL,
  app_id        VARCHAR(128)  NOT NULL,
  change_number BIGINT        NOT NULL,
  namespace     VARCHAR(253)  NOT NULL,
  name          VARCHAR(253)  NOT NULL,
  kind          VARCHAR(253)  NOT NULL,
  api_version   VARCHAR(253)  NOT NULL,
  fields        LONGTEXT      NOT NULL,
  recorded_at   TIMESTAMP(6)  NULL,
  PRIMARY KEY (resource_id, change_id, op, path_key)
);
CREATE INDEX ix_app_change_ghost ON app_change_ghost (app_id, change_number);
