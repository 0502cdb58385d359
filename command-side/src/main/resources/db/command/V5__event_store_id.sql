-- The identity of this event store: a random id written once, when the store is created. The relay
-- sends it with every event (AMQP header driftless-store-id) and the query side compares it with
-- the id of the store it repairs gaps from, so a query side pointed at another database notices at
-- the first event instead of repairing views from the wrong store.
CREATE TABLE event_store_id (
  id VARCHAR(64) NOT NULL,
  PRIMARY KEY (id)
);
INSERT INTO event_store_id (id) SELECT UUID();
