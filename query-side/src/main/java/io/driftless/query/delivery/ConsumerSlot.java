package io.driftless.query.delivery;

import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import io.driftless.query.eventstore.EventStoreMismatchException;
import io.driftless.shared.DaemonThreads;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One consumer that keeps itself alive: its thread opens a connection (named for the broker's
 * connection list), a consuming channel and a publishing channel, applies batches until the
 * consumer closes (connection lost, channel closed, consumer cancelled), then drops that connection
 * and, after the recovery interval, starts over. It is the only owner of its connection: the amqp
 * client's own automatic recovery is off, so there is never a recovered channel whose deliveries a
 * thread of ours no longer takes. Only a message from another event store stops it for good.
 */
final class ConsumerSlot {

  private static final Logger log = LoggerFactory.getLogger(ConsumerSlot.class);

  private final String name;
  private final ConnectionFactory factory;
  private final Topology topology;
  private final BatchProcessor.Setup setup;
  private final Thread thread;
  private final CountDownLatch stopped = new CountDownLatch(1);
  private volatile Connection connection;
  private volatile ViewConsumer consumer;
  private volatile String down = "starting";

  /** Where and how a slot consumes. */
  record Topology(int prefetch, Duration recoveryInterval) {}

  ConsumerSlot(
      String name, ConnectionFactory factory, Topology topology, BatchProcessor.Setup setup) {
    this.name = name;
    this.factory = factory;
    this.topology = topology;
    this.setup = setup;
    this.thread = DaemonThreads.create(name, this::run);
    thread.setUncaughtExceptionHandler(
        (t, e) -> log.error("Consumer {} died; health is DOWN until a restart", name, e));
  }

  void start() {
    thread.start();
  }

  /**
   * Stops consuming: the batch in flight is finished and acknowledged if it can be within a few
   * seconds, else the connection is dropped and the broker redelivers it.
   */
  void stop() {
    stopped.countDown();
    try {
      thread.join(10_000);
      if (thread.isAlive()) {
        abortConnection();
        thread.join(5_000);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** Null while the consumer is registered and its thread alive; else why not. */
  String down() {
    var reason = down;
    if (!thread.isAlive()) {
      return reason != null ? reason : "consumer thread ended";
    }
    if (reason != null) {
      return reason;
    }
    var current = consumer;
    if (current == null) {
      return "not consuming";
    }
    if (current.open()) {
      return null;
    }
    var closed = current.closedBecause();
    return closed != null ? closed : "channel closed";
  }

  String name() {
    return name;
  }

  /** What the consumer holds unacknowledged. */
  InHand inHand() {
    var current = consumer;
    return current == null ? InHand.NONE : current.inHand();
  }

  /** The current connection, if open (tests close it to play a crash). */
  Connection connection() {
    return connection;
  }

  private void run() {
    while (stopped.getCount() > 0) {
      try {
        consume();
      } catch (EventStoreMismatchException e) {
        down = e.getMessage();
        abortConnection();
        return;
      } catch (IOException | TimeoutException | RuntimeException e) {
        down = "broker connection failed: " + (e.getCause() == null ? e : e.getCause());
        log.warn("Consumer {}: {}", name, down);
      } finally {
        consumer = null;
        abortConnection();
      }
      if (stopped.getCount() > 0) {
        log.info("Consumer {} reconnects in {}", name, topology.recoveryInterval());
        awaitStop(topology.recoveryInterval());
      }
    }
    down = "stopped";
  }

  private void consume() throws IOException, TimeoutException {
    connection = factory.newConnection(name);
    var channel = connection.createChannel();
    QueueTopology.declare(channel, setup.names(), setup.retry());
    channel.basicQos(topology.prefetch());
    var publisher = connection.createChannel();
    publisher.confirmSelect();
    var processor = new BatchProcessor(channel, publisher, setup);
    var opened = new ViewConsumer(channel);
    consumer = opened;
    channel.basicConsume(setup.names().workQueue(), false, opened);
    down = null;
    log.info("Consumer {} consuming {}", name, setup.names().workQueue());
    work(opened, processor);
    if (stopped.getCount() == 0) {
      down = "stopped";
      return;
    }
    down = opened.closedBecause() == null ? "publishing channel closed" : opened.closedBecause();
    log.warn("Consumer {} stopped consuming: {}", name, down);
  }

  private void work(ViewConsumer opened, BatchProcessor processor) {
    while (stopped.getCount() > 0 && opened.open() && processor.publisherOpen()) {
      List<Delivery> batch = List.of();
      try {
        batch = opened.nextBatch(topology.prefetch(), 200, TimeUnit.MILLISECONDS);
        if (!batch.isEmpty()) {
          processor.process(batch);
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      } catch (EventStoreMismatchException e) {
        throw e;
      } catch (IOException | TimeoutException | RuntimeException e) {
        log.warn(
            "Batch of {} not acknowledged, the broker will redeliver it: {}",
            batch.size(),
            e.toString());
        processor.nackQuietly(batch);
      } finally {
        opened.done();
      }
    }
  }

  private void awaitStop(Duration interval) {
    try {
      stopped.await(interval.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      stopped.countDown();
    }
  }

  private void abortConnection() {
    var current = connection;
    connection = null;
    if (current != null) {
      current.abort(2_000);
    }
  }
}
