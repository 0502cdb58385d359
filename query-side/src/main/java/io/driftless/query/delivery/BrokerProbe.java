package io.driftless.query.delivery;

import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import java.io.IOException;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads how many messages wait in the work, retry and parking queues, on a connection of its own
 * (opened when first needed, opened again after any failure), so that asking never disturbs a
 * consumer.
 */
final class BrokerProbe implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(BrokerProbe.class);

  private final ConnectionFactory factory;
  private final String connectionName;
  private final QueueNames names;
  private final RetryPolicy retry;
  private Connection connection;

  /** Ready messages per queue kind; -1 where the broker could not be asked. */
  record Depths(long ready, long retrying, long parked) {
    static final Depths UNKNOWN = new Depths(-1, -1, -1);
  }

  BrokerProbe(
      ConnectionFactory factory, String connectionName, QueueNames names, RetryPolicy retry) {
    this.factory = factory;
    this.connectionName = connectionName;
    this.names = names;
    this.retry = retry;
  }

  /**
   * Declares the exchange and queues now, so that what is published once this returns reaches the
   * work queue.
   */
  synchronized void declare() throws IOException, TimeoutException {
    try (var channel = connection().createChannel()) {
      QueueTopology.declare(channel, names, retry);
      for (var legacy : QueueTopology.legacyRetryQueues(channel, names, retry)) {
        log.warn(
            "{} is a classic retry queue of an earlier version: nothing publishes to it now and it"
                + " drains into {}; delete it once it is empty and no earlier query side runs",
            legacy,
            names.workQueue());
      }
    } catch (IOException | TimeoutException | RuntimeException e) {
      close();
      throw e;
    }
  }

  private Connection connection() throws IOException, TimeoutException {
    if (connection == null || !connection.isOpen()) {
      close();
      connection = factory.newConnection(connectionName);
    }
    return connection;
  }

  synchronized Depths depths() {
    try {
      try (var channel = connection().createChannel()) {
        var ready = channel.messageCount(names.workQueue());
        long retrying = 0;
        for (int attempt = 1; attempt <= retry.maxAttempts(); attempt++) {
          retrying += channel.messageCount(names.retryQueue(attempt));
        }
        return new Depths(ready, retrying, channel.messageCount(names.parkedQueue()));
      }
    } catch (IOException | TimeoutException | RuntimeException e) {
      close();
      return Depths.UNKNOWN;
    }
  }

  @Override
  public synchronized void close() {
    if (connection != null) {
      connection.abort(1_000);
      connection = null;
    }
  }
}
