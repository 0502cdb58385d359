-- Periodic reconciles (command-side README, "Reconcile"): one row per app, shared by every
-- command-side replica on this database. The row is the app's schedule (next_run_at, failures for
-- the backoff), its lease (owner, lease_until: the replica reconciling it and until when its claim
-- holds) and what operators read without an event per reconcile (last_reconciled_at, last_result,
-- last_change_id, last_error, runs). Times are epoch milliseconds of the replicas' clocks.
-- The same DDL runs on MariaDB and on H2 in MariaDB mode.
CREATE TABLE reconcile_lease (
  app_id             VARCHAR(255)  NOT NULL,
  owner              VARCHAR(255),
  lease_until        BIGINT        NOT NULL DEFAULT 0,
  next_run_at        BIGINT        NOT NULL,
  failures           INT           NOT NULL DEFAULT 0,
  runs               BIGINT        NOT NULL DEFAULT 0,
  last_reconciled_at BIGINT,
  last_result        VARCHAR(16),
  last_change_id     VARCHAR(255),
  last_error         VARCHAR(1000),
  PRIMARY KEY (app_id)
);

CREATE INDEX ix_reconcile_lease_due ON reconcile_lease (next_run_at);
