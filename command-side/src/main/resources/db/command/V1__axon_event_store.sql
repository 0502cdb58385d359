-- Axon's JDBC event store and token store (default EventSchema / TokenSchema names).
-- LONGBLOB payloads: Axon's MySQL factory would make 64 KiB BLOBs, too small for big objects.
-- The same DDL runs on MariaDB and on H2 in MariaDB mode (the embedded default).

CREATE TABLE domain_event_entry (
  global_index         BIGINT       NOT NULL AUTO_INCREMENT,
  event_identifier     VARCHAR(255) NOT NULL,
  aggregate_identifier VARCHAR(255) NOT NULL,
  sequence_number      BIGINT       NOT NULL,
  type                 VARCHAR(255),
  time_stamp           VARCHAR(255) NOT NULL,
  payload_type         VARCHAR(255) NOT NULL,
  payload_revision     VARCHAR(255),
  payload              LONGBLOB     NOT NULL,
  meta_data            LONGBLOB,
  PRIMARY KEY (global_index),
  CONSTRAINT uk_domain_event_aggregate_sequence UNIQUE (aggregate_identifier, sequence_number),
  CONSTRAINT uk_domain_event_identifier UNIQUE (event_identifier)
);

CREATE TABLE snapshot_event_entry (
  aggregate_identifier VARCHAR(255) NOT NULL,
  sequence_number      BIGINT       NOT NULL,
  type                 VARCHAR(255) NOT NULL,
  event_identifier     VARCHAR(255) NOT NULL,
  meta_data            LONGBLOB,
  payload              LONGBLOB     NOT NULL,
  payload_revision     VARCHAR(255),
  payload_type         VARCHAR(255) NOT NULL,
  time_stamp           VARCHAR(255) NOT NULL,
  PRIMARY KEY (aggregate_identifier, sequence_number),
  CONSTRAINT uk_snapshot_event_identifier UNIQUE (event_identifier)
);

CREATE TABLE token_entry (
  processor_name VARCHAR(255) NOT NULL,
  segment        INT          NOT NULL,
  token          LONGBLOB,
  token_type     VARCHAR(255),
  timestamp      VARCHAR(255),
  owner          VARCHAR(255),
  PRIMARY KEY (processor_name, segment)
);

CREATE INDEX ix_domain_event_type ON domain_event_entry (type, aggregate_identifier);
