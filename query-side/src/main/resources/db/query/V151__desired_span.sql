-- The desired view's versions by the time they were in force, for the fleet inventory as of a time
-- (issue 27; query side README, "Time travel"; travel/SpanTree). Runs on MariaDB and on H2 in
-- MariaDB mode. The key stays within InnoDB's 3,072 bytes in utf8mb4.

-- Two rows per version of an object that was ever in force (desired_object: from valid_from to
-- valid_to, excluded), owned by its ResourceChange like the version: the relational interval tree's
-- rows, keyed by the fork node of the version's span in whole microseconds (span_from ..
-- span_to, both included; span_to 2^52 - 1 while still in force) and by one bound, span_to (side
-- 0) or span_from (side 1). The inventory reads the rows of the nodes on a time's path: index
-- ranges holding exactly the versions in force then, with what the answer and its filters need
-- (never the content), so about 20,000 objects are read from a few dozen ranges instead of one
-- lookup each.
CREATE TABLE desired_span (
  fork_node       BIGINT       NOT NULL,
  side            SMALLINT     NOT NULL,
  bound           BIGINT       NOT NULL,
  resource_id     VARCHAR(544) NOT NULL,
  sequence_number BIGINT       NOT NULL,
  span_from       BIGINT       NOT NULL,
  span_to         BIGINT       NOT NULL,
  app_id          VARCHAR(128) NOT NULL,
  change_id       VARCHAR(96)  NOT NULL,
  api_version     VARCHAR(253) NOT NULL,
  kind            VARCHAR(253) NOT NULL,
  namespace       VARCHAR(253) NOT NULL,
  name            VARCHAR(253) NOT NULL,
  images          LONGTEXT     NOT NULL,
  labels          LONGTEXT     NOT NULL,
  valid_from      TIMESTAMP(6) NOT NULL,
  PRIMARY KEY (fork_node, side, bound, resource_id, sequence_number)
);
