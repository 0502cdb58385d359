-- Crash recovery with several command-side replicas (command-side README, "Crash recovery"): each
-- replica heartbeats its row in command_replica (alive_until, epoch milliseconds of its clock);
-- each open change has one row in change_claim naming the replica that runs it, inserted in the
-- transaction that stores the change's AppChangeStarted and deleted once the change has ended. A
-- change left open is closed as failed by any replica once its claim's replica has stopped
-- heartbeating (or, for a replica with a fixed id, by that replica on its next start).
-- The same DDL runs on MariaDB and on H2 in MariaDB mode.
CREATE TABLE command_replica (
  replica_id  VARCHAR(255) NOT NULL,
  started_at  BIGINT       NOT NULL,
  alive_until BIGINT       NOT NULL,
  PRIMARY KEY (replica_id)
);

CREATE TABLE change_claim (
  app_id     VARCHAR(255) NOT NULL,
  change_id  VARCHAR(255) NOT NULL,
  replica_id VARCHAR(255) NOT NULL,
  claimed_at BIGINT       NOT NULL,
  PRIMARY KEY (app_id)
);
