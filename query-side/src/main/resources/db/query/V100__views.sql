-- The query side's views. Versions start at 100 so that the standalone server can migrate the
-- command side's tables (V1..V99) and these into one embedded database.
-- Runs on MariaDB and on H2 in MariaDB mode.
-- Key sizes keep every primary key within InnoDB's 3,072 bytes in utf8mb4: app ids up to 128
-- characters, change ids 96, ResourceChange ids 544 (names are ASCII, so this is ample).

-- Per projection and source aggregate: the last sequence applied (the version check).
CREATE TABLE projection_offset (
  projection    VARCHAR(64)  NOT NULL,
  aggregate_id  VARCHAR(544) NOT NULL,
  last_sequence BIGINT       NOT NULL,
  PRIMARY KEY (projection, aggregate_id)
);

-- app-change history: one row per change, newest kept per app (driftless.history.keep).
CREATE TABLE app_change (
  app_id        VARCHAR(128) NOT NULL,
  change_id     VARCHAR(96) NOT NULL,
  change_number BIGINT       NOT NULL,
  change_trigger VARCHAR(16) NOT NULL,
  started_at    TIMESTAMP(3) NOT NULL,
  finished_at   TIMESTAMP(3) NULL,
  successful    BOOLEAN      NULL,
  description   VARCHAR(1024) NOT NULL,
  namespaces    VARCHAR(4096) NOT NULL,
  error         VARCHAR(4096) NULL,
  PRIMARY KEY (app_id, change_id)
);
CREATE INDEX ix_app_change_number ON app_change (app_id, change_number);

-- The resources of each change with their op and field diffs (JSON).
CREATE TABLE app_change_resource (
  app_id        VARCHAR(128) NOT NULL,
  change_id     VARCHAR(96) NOT NULL,
  resource_id   VARCHAR(544) NOT NULL,
  change_number BIGINT       NOT NULL,
  namespace     VARCHAR(253) NOT NULL,
  name          VARCHAR(253) NOT NULL,
  kind          VARCHAR(253) NOT NULL,
  api_version   VARCHAR(253) NOT NULL,
  op            VARCHAR(16)  NOT NULL,
  fields        LONGTEXT     NOT NULL,
  error         VARCHAR(4096) NULL,
  PRIMARY KEY (app_id, change_id, resource_id)
);

-- Changes below this number were pruned; late resource events for them are dropped.
CREATE TABLE app_history_floor (
  app_id       VARCHAR(128) NOT NULL,
  lowest_kept  BIGINT       NOT NULL,
  PRIMARY KEY (app_id)
);

-- app overview: fed by App events (this row) and ResourceChange events (the counts below).
CREATE TABLE app_overview (
  app_id                 VARCHAR(128) NOT NULL,
  namespace              VARCHAR(63)  NOT NULL,
  name                   VARCHAR(253) NOT NULL,
  namespaces             VARCHAR(4096) NOT NULL,
  change_in_progress     VARCHAR(128) NULL,
  last_change_id         VARCHAR(128) NULL,
  last_change_at         TIMESTAMP(3) NULL,
  last_change_successful BOOLEAN      NULL,
  deleted                BOOLEAN      NOT NULL,
  PRIMARY KEY (app_id)
);

-- The cash register: live resources per app and kind, changed only with count = count +/- 1.
CREATE TABLE app_resource_count (
  app_id   VARCHAR(128) NOT NULL,
  kind     VARCHAR(253) NOT NULL,
  live     BIGINT       NOT NULL,
  PRIMARY KEY (app_id, kind)
);

-- Whether the overview counted a resource as live (per ResourceChange, applied in order).
CREATE TABLE overview_resource (
  resource_id VARCHAR(544) NOT NULL,
  live        BOOLEAN      NOT NULL,
  PRIMARY KEY (resource_id)
);

-- resource inventory: one row per object an app ever had.
CREATE TABLE resource_inventory (
  resource_id    VARCHAR(544) NOT NULL,
  app_id         VARCHAR(128) NOT NULL,
  namespace      VARCHAR(253) NOT NULL,
  name           VARCHAR(253) NOT NULL,
  kind           VARCHAR(253) NOT NULL,
  api_version    VARCHAR(253) NOT NULL,
  last_op        VARCHAR(16)  NOT NULL,
  last_change_id VARCHAR(128) NOT NULL,
  applied_hash   VARCHAR(80)  NULL,
  live           BOOLEAN      NOT NULL,
  PRIMARY KEY (resource_id)
);
CREATE INDEX ix_inventory_app ON resource_inventory (app_id);
