-- Drift as events (issue 30 point 4; query side README, "Drift and ghost diffs").
-- Runs on MariaDB and on H2 in MariaDB mode.

-- drift view: per ResourceChange, the drift open now (DriftDetected, ended by DriftCorrected): when
-- it began, the field managers that made it, and the open paths with their manager as a JSON object
-- in the order detected. No row: in sync. DriftDetected and DriftCorrected are new events, so no
-- stored history lacks these rows: the drift view keeps its version.
CREATE TABLE resource_drift (
  resource_id VARCHAR(544)  NOT NULL,
  app_id      VARCHAR(128)  NOT NULL,
  change_id   VARCHAR(96)   NOT NULL,
  drift_since TIMESTAMP(6)  NOT NULL,
  changed_by  VARCHAR(1024) NULL,
  paths       LONGTEXT      NOT NULL,
  PRIMARY KEY (resource_id)
);
CREATE INDEX ix_resource_drift_app ON resource_drift (app_id);

-- timeline view: the field manager(s) of a drift-detected entry; NULL for other entries.
ALTER TABLE resource_timeline ADD COLUMN changed_by VARCHAR(1024) NULL;
