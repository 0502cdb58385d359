package io.driftless.query.delivery;

import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeoutException;
import org.springframework.context.SmartLifecycle;

/**
 * Starts {@code consumers} consumers on the work queue, each on its own channel with {@code
 * prefetch} unacked messages, and closes them on stop. Unacked messages of a consumer that dies are
 * redelivered by the broker to the others.
 */
public final class RabbitViewDelivery implements SmartLifecycle {

  private final ConnectionFactory factory;
  private final QueueNames names;
  private final RetryPolicy retry;
  private final ViewConsumer.Services services;
  private final int consumers;
  private final int prefetch;
  private final List<Connection> connections = new ArrayList<>();
  private final List<ViewConsumer> consumersStarted = new ArrayList<>();
  private volatile boolean running;

  public RabbitViewDelivery(
      ConnectionFactory factory, QueueNames names, RetryPolicy retry, Settings settings) {
    this.factory = factory;
    this.names = names;
    this.retry = retry;
    this.services = settings.services();
    this.consumers = settings.consumers();
    this.prefetch = settings.prefetch();
  }

  /** Consumer count, prefetch and what the consumers work with. */
  public record Settings(
      int consumers,
      int prefetch,
      io.driftless.query.projection.ProjectionApplier applier,
      GapRepair repair,
      DeliveryMetrics metrics) {
    ViewConsumer.Services services() {
      return new ViewConsumer.Services(applier, repair, metrics);
    }
  }

  @Override
  public synchronized void start() {
    try {
      for (int i = 0; i < consumers; i++) {
        var connection = factory.newConnection("driftless-views-" + i);
        connections.add(connection);
        var channel = connection.createChannel();
        QueueTopology.declare(channel, names, retry);
        channel.basicQos(prefetch);
        var publisher = connection.createChannel();
        publisher.confirmSelect();
        var consumer = new ViewConsumer(channel, publisher, names, retry, services, prefetch);
        consumersStarted.add(consumer);
        channel.basicConsume(names.workQueue(), false, consumer);
      }
      running = true;
    } catch (IOException e) {
      stop();
      throw new UncheckedIOException(e);
    } catch (TimeoutException e) {
      stop();
      throw new IllegalStateException(e);
    }
  }

  /** Whether every consumer's connection is open (for the health endpoint). */
  public boolean healthy() {
    return running && connections.stream().allMatch(Connection::isOpen);
  }

  /** Messages waiting in the retry queues and in the parking queue. */
  public long[] retryingAndParked() {
    if (connections.isEmpty()) {
      return new long[] {0, 0};
    }
    try (var channel = connections.get(0).createChannel()) {
      long retrying = 0;
      for (int attempt = 1; attempt <= retry.maxAttempts(); attempt++) {
        retrying += channel.messageCount(names.retryQueue(attempt));
      }
      return new long[] {retrying, channel.messageCount(names.parkedQueue())};
    } catch (IOException | TimeoutException e) {
      return new long[] {-1, -1};
    }
  }

  /** The consumers' connections, one per consumer (tests close one to play a crash). */
  List<Connection> connections() {
    return List.copyOf(connections);
  }

  @Override
  public synchronized void stop() {
    running = false;
    consumersStarted.forEach(ViewConsumer::stop);
    consumersStarted.clear();
    for (var connection : connections) {
      try {
        connection.close();
      } catch (IOException | RuntimeException ignored) {
        // closing anyway
      }
    }
    connections.clear();
  }

  @Override
  public boolean isRunning() {
    return running;
  }
}
