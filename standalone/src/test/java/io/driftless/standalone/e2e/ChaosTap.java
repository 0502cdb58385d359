package io.driftless.standalone.e2e;

import com.rabbitmq.client.BuiltinExchangeType;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import com.rabbitmq.client.Delivery;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A bad network between the relay and the query side, on the real broker: it takes every event the
 * command side publishes (a quorum queue of its own bound with {@code #} to the command side's
 * exchange) and publishes it again to the exchange the query side listens to, in shuffled windows
 * of up to {@code window} messages, a tenth of them twice. A window is acked only once the broker
 * confirmed all of its publishes, so the tap itself loses nothing: a window cut short by a broker
 * restart is delivered again after the client's automatic recovery (more duplicates, never a gap).
 */
final class ChaosTap implements AutoCloseable {

  private final ConnectionFactory factory;
  private final String fromExchange;
  private final String tapQueue;
  private final String toExchange;
  private final Random random;
  private final int window;
  private final LinkedBlockingQueue<Delivery> inbox = new LinkedBlockingQueue<>();
  private final AtomicLong taken = new AtomicLong();
  private final AtomicLong published = new AtomicLong();
  private final AtomicLong duplicated = new AtomicLong();
  private final AtomicLong reordered = new AtomicLong();
  private final AtomicLong interrupted = new AtomicLong();
  private volatile boolean running = true;
  private Connection connection;
  private Channel in;
  private Channel out;
  private Thread forwarder;

  ChaosTap(
      String amqpUri,
      String fromExchange,
      String tapQueue,
      String toExchange,
      long seed,
      int window)
      throws Exception {
    this.factory = new ConnectionFactory();
    factory.setUri(amqpUri);
    factory.setAutomaticRecoveryEnabled(true);
    factory.setTopologyRecoveryEnabled(true);
    factory.setNetworkRecoveryInterval(1_000);
    this.fromExchange = fromExchange;
    this.tapQueue = tapQueue;
    this.toExchange = toExchange;
    this.random = new Random(seed);
    this.window = window;
  }

  void start() throws Exception {
    connection = factory.newConnection("driftless-chaos-tap");
    in = connection.createChannel();
    in.exchangeDeclare(fromExchange, BuiltinExchangeType.TOPIC, true);
    in.queueDeclare(tapQueue, true, false, false, Map.of("x-queue-type", "quorum"));
    in.queueBind(tapQueue, fromExchange, "#");
    in.basicQos(window * 4);
    out = connection.createChannel();
    out.exchangeDeclare(toExchange, BuiltinExchangeType.TOPIC, true);
    out.confirmSelect();
    in.basicConsume(tapQueue, false, (tag, delivery) -> inbox.add(delivery), tag -> {});
    forwarder = new Thread(this::forward, "chaos-tap");
    forwarder.setDaemon(true);
    forwarder.start();
  }

  private void forward() {
    while (running) {
      var batch = new ArrayList<Delivery>();
      try {
        var first = inbox.poll(100, TimeUnit.MILLISECONDS);
        if (first == null) {
          continue;
        }
        batch.add(first);
        // Gather what arrives within 50 ms, so the shuffle has something to reorder.
        var until = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(50);
        while (batch.size() < window && System.nanoTime() < until) {
          var next = inbox.poll(5, TimeUnit.MILLISECONDS);
          if (next != null) {
            batch.add(next);
          }
        }
        publish(batch);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      } catch (Exception brokerGone) {
        // Not acked: the broker delivers them again once the connection is back.
        interrupted.incrementAndGet();
      }
    }
  }

  private void publish(List<Delivery> batch) throws Exception {
    taken.addAndGet(batch.size());
    var messages = new ArrayList<Delivery>(batch);
    for (var delivery : batch) {
      if (random.nextInt(10) == 0) {
        messages.add(delivery);
        duplicated.incrementAndGet();
      }
    }
    Collections.shuffle(messages, random);
    for (int i = 0; i < messages.size(); i++) {
      if (messages.get(i) != batch.get(Math.min(i, batch.size() - 1))) {
        reordered.incrementAndGet();
      }
    }
    for (var message : messages) {
      out.basicPublish(
          toExchange,
          message.getEnvelope().getRoutingKey(),
          message.getProperties(),
          message.getBody());
    }
    out.waitForConfirmsOrDie(30_000);
    published.addAndGet(messages.size());
    for (var delivery : batch) {
      in.basicAck(delivery.getEnvelope().getDeliveryTag(), false);
    }
  }

  /** Deliveries taken from the relay's exchange (a redelivered one counts again). */
  long taken() {
    return taken.get();
  }

  long published() {
    return published.get();
  }

  long duplicated() {
    return duplicated.get();
  }

  long reordered() {
    return reordered.get();
  }

  /** Windows cut short by a broker that went away (their messages come again). */
  long interrupted() {
    return interrupted.get();
  }

  /** Stops forwarding and removes the tap's queue. */
  @Override
  public void close() throws Exception {
    running = false;
    if (forwarder != null) {
      forwarder.join(5_000);
    }
    if (connection != null && connection.isOpen()) {
      try (var channel = connection.createChannel()) {
        channel.queueDelete(tapQueue);
        channel.exchangeDelete(toExchange);
      }
      connection.close();
    }
  }
}
