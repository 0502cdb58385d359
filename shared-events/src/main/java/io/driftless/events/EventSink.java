package io.driftless.events;

import java.util.List;

/**
 * Where the command side's relay hands stored events: RabbitMQ in the distributed setup, the query
 * side's projections directly in the standalone one. Delivery is at-least-once: {@link #publish}
 * returns only when every event is safely handed over (for RabbitMQ, confirmed), and throws
 * otherwise so the relay retries the whole batch. Events come in their stored form, so a sink that
 * only forwards them never has to read the payload.
 */
public interface EventSink {

  /** Hands over a batch of stored events in store order; returns when all are safe. */
  void publish(List<StoredEvent> batch);
}
