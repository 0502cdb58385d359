-- Issue 30, "Events out": webhook subscriptions and their deliveries. These tables belong to no
-- view: no rebuild builds, swaps or drops them (the subscriptions outbox is not rebuildable), so
-- subscriptions and their pending deliveries outlive rebuilds and restarts. MariaDB and H2.

-- One subscription. The secret is stored sealed (AES-256-GCM under a key derived from
-- driftless.secrets.key, the subscription id as associated data), never in clear.
CREATE TABLE event_subscription (
  id            VARCHAR(36)   NOT NULL PRIMARY KEY,
  url           VARCHAR(2048) NOT NULL,
  types         VARCHAR(2048) NOT NULL,
  apps          TEXT          NOT NULL,
  secret_key_id VARCHAR(32)   NOT NULL,
  secret_nonce  VARCHAR(32)   NOT NULL,
  secret_sealed TEXT          NOT NULL,
  created_at    TIMESTAMP(3)  NOT NULL,
  created_by    VARCHAR(512)  NULL
);

-- One event (CloudEvent) for one subscription. Unique on (subscription, event id): the outbox
-- never adds a delivery twice, whatever the broker redelivers. Sent per (subscription, app) in id
-- order; lease_owner/lease_until claim a row for one sender at a time (competing replicas).
CREATE TABLE event_delivery (
  id              BIGINT        NOT NULL AUTO_INCREMENT PRIMARY KEY,
  subscription_id VARCHAR(36)   NOT NULL,
  event_id        VARCHAR(64)   NOT NULL,
  event_type      VARCHAR(128)  NOT NULL,
  app_id          VARCHAR(128)  NOT NULL,
  body            LONGTEXT      NOT NULL,
  status          VARCHAR(16)   NOT NULL,
  attempts        INT           NOT NULL DEFAULT 0,
  created_at      TIMESTAMP(3)  NOT NULL,
  retry_since     TIMESTAMP(3)  NOT NULL,
  next_attempt_at TIMESTAMP(3)  NOT NULL,
  lease_owner     VARCHAR(64)   NULL,
  lease_until     TIMESTAMP(3)  NULL,
  last_attempt_at TIMESTAMP(3)  NULL,
  last_status     INT           NULL,
  last_error      VARCHAR(1000) NULL,
  delivered_at    TIMESTAMP(3)  NULL,
  CONSTRAINT uq_event_delivery UNIQUE (subscription_id, event_id)
);
CREATE INDEX ix_event_delivery_open ON event_delivery (status, subscription_id, app_id, id);
CREATE INDEX ix_event_delivery_sub ON event_delivery (subscription_id, status, id);

-- What the outbox remembers per app between events (read and written under the app's offset
-- lock, as a view's per-aggregate rows): the open change's trigger and provenance (for
-- change.finished and the CDEvents) and whether the app has been deployed (deployed vs upgraded).
CREATE TABLE event_outbox_app (
  app_id         VARCHAR(128) NOT NULL PRIMARY KEY,
  deployed       BOOLEAN      NOT NULL,
  change_id      VARCHAR(96)  NULL,
  change_trigger VARCHAR(16)  NULL,
  provenance     LONGTEXT     NULL
);
