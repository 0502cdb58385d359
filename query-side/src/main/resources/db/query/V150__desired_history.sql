-- The desired view (issue 27: time travel and the fleet inventory as of a time; query side README,
-- "Time travel"). Runs on MariaDB and on H2 in MariaDB mode. Key sizes stay within InnoDB's 3,072
-- bytes in utf8mb4. Each table is owned by one kind of aggregate (the App's or the
-- ResourceChange's events, which arrive in any order); queries join them.

-- Every change of every app (AppChangeStarted, AppLocked, AppUnlocked): a change id or a time
-- becomes a change number.
CREATE TABLE desired_change (
  app_id         VARCHAR(128) NOT NULL,
  change_number  BIGINT       NOT NULL,
  change_id      VARCHAR(96)  NOT NULL,
  change_trigger VARCHAR(16)  NOT NULL,
  started_at     TIMESTAMP(6) NOT NULL,
  PRIMARY KEY (app_id, change_number)
);
CREATE UNIQUE INDEX ix_desired_change_id ON desired_change (app_id, change_id);
CREATE INDEX ix_desired_change_at ON desired_change (app_id, started_at);

-- Membership of the app's desired set (AppChangeStarted.desired): a resource is in the set from
-- change from_number until the change to_number that left it out (null: still in it).
CREATE TABLE desired_member (
  app_id      VARCHAR(128) NOT NULL,
  resource_id VARCHAR(544) NOT NULL,
  from_number BIGINT       NOT NULL,
  to_number   BIGINT       NULL,
  PRIMARY KEY (app_id, resource_id, from_number)
);
CREATE INDEX ix_desired_member_open ON desired_member (app_id, to_number);

-- One row per version of an object as applied (ResourceCreated, ResourceUpdated), valid from its
-- apply until the next version, its delete or its takeover by another app (valid_to null: still).
-- content: the applied object as JSON (Secret values are keyed fingerprints; never a seal).
-- images and labels: "\n"-separated with a leading and a trailing "\n", for LIKE filters.
CREATE TABLE desired_object (
  resource_id     VARCHAR(544) NOT NULL,
  sequence_number BIGINT       NOT NULL,
  app_id          VARCHAR(128) NOT NULL,
  change_id       VARCHAR(96)  NOT NULL,
  change_number   BIGINT       NOT NULL,
  api_version     VARCHAR(253) NOT NULL,
  kind            VARCHAR(253) NOT NULL,
  namespace       VARCHAR(253) NOT NULL,
  name            VARCHAR(253) NOT NULL,
  content         LONGTEXT     NOT NULL,
  images          LONGTEXT     NOT NULL,
  labels          LONGTEXT     NOT NULL,
  valid_from      TIMESTAMP(6) NOT NULL,
  valid_to        TIMESTAMP(6) NULL,
  to_change_id    VARCHAR(96)  NULL,
  PRIMARY KEY (resource_id, sequence_number)
);
CREATE INDEX ix_desired_object_number ON desired_object (resource_id, change_number);
CREATE INDEX ix_desired_object_to ON desired_object (valid_to);
-- As of a time T, per object: its newest version started by T (one index dive per object).
CREATE INDEX ix_desired_object_at ON desired_object (resource_id, valid_from);

-- Every object an app ever applied (one row per ResourceChange): the fleet inventory as of a time
-- looks up, for each, the version in force then. A range scan of versions by time would read every
-- version older than the time (most of them), while objects are far fewer than their versions.
CREATE TABLE desired_resource (
  resource_id VARCHAR(544) NOT NULL,
  app_id      VARCHAR(128) NOT NULL,
  kind        VARCHAR(253) NOT NULL,
  namespace   VARCHAR(253) NOT NULL,
  name        VARCHAR(253) NOT NULL,
  PRIMARY KEY (resource_id)
);
