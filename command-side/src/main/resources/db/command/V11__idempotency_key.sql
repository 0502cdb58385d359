-- Safe retries (command-side README, "Safe retries"): one row per Idempotency-Key of a deploy,
-- reconcile or delete that started a change. The row is inserted in the same transaction as the
-- change's AppChangeStarted event, so a change started with a key always has its row and a row
-- always names a stored change. response is the change's answer (gzip of its JSON), written when
-- the change ends; null while it runs, or when the command side stopped before it could write it.
-- Scope: the app, the endpoint (deploy, reconcile, delete) and the key; the key is compared through
-- its SHA-256 (key_hash) so that the comparison is exact whatever the column collation.
-- Times are epoch milliseconds. The same DDL runs on MariaDB and on H2 in MariaDB mode.
CREATE TABLE idempotency_key (
  app_id        VARCHAR(255) NOT NULL,
  endpoint      VARCHAR(16)  NOT NULL,
  key_hash      CHAR(64)     NOT NULL,
  idem_key      VARCHAR(255) NOT NULL,
  request_hash  CHAR(64)     NOT NULL,
  change_id     VARCHAR(255) NOT NULL,
  created_at    BIGINT       NOT NULL,
  status        INT,
  response      LONGBLOB,
  answered_at   BIGINT,
  PRIMARY KEY (app_id, endpoint, key_hash)
);

CREATE INDEX ix_idempotency_key_created ON idempotency_key (created_at);
