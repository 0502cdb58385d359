package io.driftless.query.delivery;

import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

/**
 * Runs {@code consumers} self-recovering consumers ({@link ConsumerSlot}) on the work queue, each
 * on a connection of its own named {@code <connectionName>-<i>}, with {@code prefetch} unacked
 * messages; reports whether they all consume and what waits for them. Unacked messages of a
 * consumer that loses its connection are redelivered by the broker, to it once it is back or to the
 * others.
 */
public final class RabbitViewDelivery implements SmartLifecycle {

  private static final Logger log = LoggerFactory.getLogger(RabbitViewDelivery.class);

  private final ConnectionFactory factory;
  private final Settings settings;
  private final BatchProcessor.Setup setup;
  private final BrokerProbe probe;
  private final List<ConsumerSlot> slots = new CopyOnWriteArrayList<>();
  private volatile boolean running;
  private Instant readySince;

  /**
   * @param factory connections to the broker; its automatic recovery is switched off here, the
   *     consumers recover themselves
   */
  public RabbitViewDelivery(
      ConnectionFactory factory,
      QueueNames names,
      RetryPolicy retry,
      Settings settings,
      DeliveryServices services) {
    factory.setAutomaticRecoveryEnabled(false);
    factory.setTopologyRecoveryEnabled(false);
    this.factory = factory;
    this.settings = settings;
    this.setup = new BatchProcessor.Setup(names, retry, services, settings.store());
    this.probe = new BrokerProbe(factory, settings.connectionName() + "-probe", names, retry);
  }

  /**
   * How the consumers run.
   *
   * @param consumers how many (one connection each)
   * @param prefetch unacked messages per consumer, also the largest batch
   * @param recoveryInterval how long a consumer waits before it connects again
   * @param connectionName the prefix of the connections' names in the broker
   * @param store the check of the messages' event store
   */
  public record Settings(
      int consumers,
      int prefetch,
      Duration recoveryInterval,
      String connectionName,
      StoreGuard store) {

    /** Defaults for tests and benchmarks: reconnect after a second, no store check. */
    public static Settings of(int consumers, int prefetch) {
      return new Settings(
          consumers, prefetch, Duration.ofSeconds(1), "driftless-views", StoreGuard.none());
    }
  }

  /**
   * Declares the topology, then starts the consumers. If the broker cannot be reached now, the
   * consumers declare it themselves once it can: the process starts anyway, DOWN in health.
   */
  @Override
  public synchronized void start() {
    try {
      probe.declare();
    } catch (IOException | TimeoutException | RuntimeException e) {
      log.warn(
          "Cannot declare the queues now ({}); the consumers will when the broker is back",
          e.toString());
    }
    var topology = new ConsumerSlot.Topology(settings.prefetch(), settings.recoveryInterval());
    for (int i = 0; i < settings.consumers(); i++) {
      var slot = new ConsumerSlot(settings.connectionName() + "-" + i, factory, topology, setup);
      slots.add(slot);
      slot.start();
    }
    running = true;
  }

  /**
   * Why consumers are not consuming, by consumer name; empty when all are. A tripped store check
   * counts for all of them.
   */
  public Map<String, String> down() {
    var down = new LinkedHashMap<String, String>();
    var mismatch = settings.store().mismatch();
    for (var slot : slots) {
      var reason = mismatch != null ? mismatch : slot.down();
      if (reason != null) {
        down.put(slot.name(), reason);
      }
    }
    if (!running) {
      down.put("delivery", "stopped");
    }
    return down;
  }

  /** What waits for the views now (asks the broker). */
  public Backlog backlog() {
    var depths = probe.depths();
    var inHand = InHand.NONE;
    for (var slot : slots) {
      inHand = inHand.plus(slot.inHand());
    }
    var since = readySince(depths.ready(), Instant.now());
    var oldest = inHand.plus(new InHand(0, since)).oldest();
    return new Backlog(depths.ready(), inHand.count(), oldest, depths.retrying(), depths.parked());
  }

  /**
   * Since when the work queue has been seen non-empty, null if it is empty now. An unknown depth
   * (the broker unreachable: the consumers are down and health says so) counts as empty.
   */
  private synchronized Instant readySince(long ready, Instant now) {
    if (ready <= 0) {
      readySince = null;
    } else if (readySince == null) {
      readySince = now;
    }
    return readySince;
  }

  /** The consumers' open connections (tests close one to play a crash). */
  List<Connection> connections() {
    return slots.stream().map(ConsumerSlot::connection).filter(Objects::nonNull).toList();
  }

  @Override
  public synchronized void stop() {
    running = false;
    slots.forEach(ConsumerSlot::stop);
    slots.clear();
    probe.close();
  }

  @Override
  public boolean isRunning() {
    return running;
  }
}
