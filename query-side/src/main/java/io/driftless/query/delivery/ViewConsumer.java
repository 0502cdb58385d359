package io.driftless.query.delivery;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.DefaultConsumer;
import com.rabbitmq.client.Envelope;
import com.rabbitmq.client.ShutdownSignalException;
import io.driftless.events.AmqpFormat;
import io.driftless.events.EventCodec;
import io.driftless.events.EventEnvelope;
import io.driftless.events.MalformedEventException;
import io.driftless.query.projection.Outcome;
import io.driftless.query.projection.ProjectionApplier;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.dao.TransientDataAccessException;
import org.springframework.transaction.CannotCreateTransactionException;

/**
 * One consumer on the work queue (one channel, manual acks). Deliveries are queued to a worker
 * thread that takes them in batches (up to the prefetch) and applies each batch in one transaction.
 * Every delivery then ends in exactly one of: applied or duplicate; out of order (published to the
 * next retry queue); parked (malformed, or retries exhausted: then the gap is repaired from the
 * event store). Publishes are confirmed before the batch is acked. A database failure is retried
 * here, then the batch is nacked with requeue: never acked as done.
 */
final class ViewConsumer extends DefaultConsumer {

  static final String HEADER_ATTEMPT = "driftless-attempt";
  static final String HEADER_REASON = "driftless-parked-reason";
  private static final Logger log = LoggerFactory.getLogger(ViewConsumer.class);
  private static final List<String> REQUIRED =
      List.of(
          AmqpFormat.HEADER_TYPE,
          AmqpFormat.HEADER_AGGREGATE_TYPE,
          AmqpFormat.HEADER_AGGREGATE_ID,
          AmqpFormat.HEADER_SEQUENCE);

  private final Channel publisher;
  private final QueueNames names;
  private final RetryPolicy retry;
  private final Services services;
  private final int batchSize;
  private final BlockingQueue<Delivery> inbox = new LinkedBlockingQueue<>();
  private final Thread worker;
  private volatile boolean running = true;

  ViewConsumer(
      Channel channel,
      Channel publisher,
      QueueNames names,
      RetryPolicy retry,
      Services services,
      int batchSize) {
    super(channel);
    this.publisher = publisher;
    this.names = names;
    this.retry = retry;
    this.services = services;
    this.batchSize = batchSize;
    this.worker = new Thread(this::work, "driftless-views-" + names.workQueue());
    worker.setDaemon(true);
    worker.start();
  }

  /** What a consumer works with. */
  record Services(ProjectionApplier applier, GapRepair repair, DeliveryMetrics metrics) {}

  private record Delivery(long tag, AMQP.BasicProperties properties, byte[] body) {}

  /** A delivery that parsed, with what became of it. */
  private record Parsed(Delivery delivery, EventEnvelope event) {}

  @Override
  public void handleDelivery(
      String tag, Envelope envelope, AMQP.BasicProperties properties, byte[] body) {
    inbox.add(new Delivery(envelope.getDeliveryTag(), properties, body));
  }

  @Override
  public void handleShutdownSignal(String consumerTag, ShutdownSignalException signal) {
    stop();
  }

  @Override
  public void handleCancel(String consumerTag) {
    stop();
  }

  void stop() {
    running = false;
    worker.interrupt();
  }

  private void work() {
    var batch = new ArrayList<Delivery>(batchSize);
    while (running) {
      try {
        var first = inbox.poll(200, TimeUnit.MILLISECONDS);
        if (first == null) {
          continue;
        }
        batch.add(first);
        inbox.drainTo(batch, batchSize - 1);
        process(batch);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      } catch (IOException | TimeoutException | RuntimeException e) {
        log.warn(
            "Batch of {} not acknowledged, the broker will redeliver it: {}",
            batch.size(),
            e.toString());
        nackQuietly(batch);
      } finally {
        batch.clear();
      }
    }
  }

  private void process(List<Delivery> batch)
      throws IOException, TimeoutException, InterruptedException {
    var parsed = new ArrayList<Parsed>(batch.size());
    for (var delivery : batch) {
      var event = parse(delivery);
      if (event != null) {
        parsed.add(new Parsed(delivery, event));
      }
    }
    var events = parsed.stream().map(Parsed::event).toList();
    List<Outcome> outcomes;
    try {
      outcomes = withRetries(() -> services.applier().applyAll(events));
    } catch (TransientFailure e) {
      log.warn("Database failure, batch requeued: {}", e.getMessage());
      getChannel().basicNack(last(batch), true, true);
      return;
    } catch (RuntimeException e) {
      log.warn(
          "Batch of {} failed, applying its events one by one: {}", events.size(), e.toString());
      outcomes = oneByOne(parsed);
    }
    var toRepair = new LinkedHashSet<EventEnvelope>();
    for (int i = 0; i < parsed.size(); i++) {
      if (outcomes.get(i) != null) {
        settle(parsed.get(i), outcomes.get(i), toRepair);
      }
    }
    publisher.waitForConfirmsOrDie(30_000);
    repair(toRepair);
    getChannel().basicAck(last(batch), true);
  }

  /**
   * A batch failed for a reason other than a transient one (a value the views' columns refuse,
   * say): each event in its own transaction, and one that fails alone is parked with the reason
   * (its outcome is null), so it cannot block the queue. Transient failures still requeue all.
   */
  private List<Outcome> oneByOne(List<Parsed> parsed) throws IOException {
    var outcomes = new ArrayList<Outcome>(parsed.size());
    for (var one : parsed) {
      try {
        outcomes.add(withRetries(() -> services.applier().apply(one.event())));
      } catch (TransientFailure e) {
        throw e;
      } catch (RuntimeException e) {
        var event = one.event();
        park(
            one.delivery(),
            "cannot apply "
                + event.type()
                + " "
                + event.aggregateId()
                + "#"
                + event.sequence()
                + ": "
                + rootMessage(e));
        outcomes.add(null);
      }
    }
    return outcomes;
  }

  private static String rootMessage(Throwable e) {
    var root = e;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    return root.getMessage() == null ? root.toString() : root.getMessage();
  }

  private EventEnvelope parse(Delivery delivery) throws IOException {
    var headers = delivery.properties().getHeaders();
    var present = headers == null ? Map.<String, Object>of() : headers;
    var missing = REQUIRED.stream().filter(h -> !present.containsKey(h)).toList();
    if (!missing.isEmpty()) {
      park(delivery, "missing headers " + missing);
      return null;
    }
    try {
      return EventCodec.decode(delivery.body());
    } catch (MalformedEventException e) {
      park(delivery, e.getMessage());
      return null;
    }
  }

  private void settle(Parsed parsed, Outcome outcome, LinkedHashSet<EventEnvelope> toRepair)
      throws IOException {
    var metrics = services.metrics();
    if (outcome == Outcome.APPLIED) {
      metrics.applied(parsed.event());
      return;
    }
    if (outcome == Outcome.DUPLICATE) {
      metrics.duplicate();
      return;
    }
    var delivery = parsed.delivery();
    var attempt = attemptOf(delivery.properties()) + 1;
    if (attempt <= retry.maxAttempts()) {
      publish(
          names.retryQueue(attempt),
          withHeader(delivery.properties(), HEADER_ATTEMPT, attempt),
          delivery.body());
      metrics.retried();
      return;
    }
    var event = parsed.event();
    park(
        delivery,
        "sequence "
            + event.sequence()
            + " of "
            + event.aggregateId()
            + " still out of order after "
            + retry.maxAttempts()
            + " retries; repaired from the store");
    toRepair.add(event);
  }

  private void repair(LinkedHashSet<EventEnvelope> events) {
    var done = new LinkedHashSet<String>();
    for (var event : events) {
      if (done.add(event.aggregateId())) {
        try {
          services
              .metrics()
              .repaired(
                  withRetries(
                      () -> services.repair().repair(event.aggregateType(), event.aggregateId())));
        } catch (TransientFailure e) {
          throw e;
        } catch (RuntimeException e) {
          // The parked messages stay for an operator; the queue goes on.
          log.warn("Repair of {} failed: {}", event.aggregateId(), rootMessage(e));
        }
      }
    }
  }

  private static <T> T withRetries(Supplier<T> work) {
    RuntimeException last = null;
    for (int attempt = 0; attempt < 5; attempt++) {
      try {
        return work.get();
      } catch (TransientDataAccessException
          | DataAccessResourceFailureException
          | CannotCreateTransactionException
          | DuplicateKeyException e) {
        last = e;
        backOff(attempt);
      }
    }
    throw new TransientFailure(last);
  }

  private static void backOff(int attempt) {
    try {
      TimeUnit.MILLISECONDS.sleep(20L << attempt);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new TransientFailure(e);
    }
  }

  private void park(Delivery delivery, String reason) throws IOException {
    log.warn("Parking a message: {}", reason);
    publish(
        names.parkedQueue(),
        withHeader(delivery.properties(), HEADER_REASON, reason),
        delivery.body());
    services.metrics().parked();
  }

  private void publish(String queue, AMQP.BasicProperties properties, byte[] body)
      throws IOException {
    publisher.basicPublish("", queue, properties, body);
  }

  private void nackQuietly(List<Delivery> batch) {
    if (batch.isEmpty() || !getChannel().isOpen()) {
      return;
    }
    try {
      getChannel().basicNack(last(batch), true, true);
    } catch (IOException | RuntimeException e) {
      log.debug("nack failed; the channel is closing and the broker redelivers", e);
    }
  }

  private static long last(List<Delivery> batch) {
    return batch.get(batch.size() - 1).tag();
  }

  private static int attemptOf(AMQP.BasicProperties properties) {
    var headers = properties.getHeaders();
    var value = headers == null ? null : headers.get(HEADER_ATTEMPT);
    return value instanceof Number n ? n.intValue() : 0;
  }

  private static AMQP.BasicProperties withHeader(
      AMQP.BasicProperties properties, String name, Object value) {
    var headers = new HashMap<String, Object>();
    if (properties.getHeaders() != null) {
      headers.putAll(properties.getHeaders());
    }
    headers.put(name, value);
    return properties.builder().headers(headers).deliveryMode(2).build();
  }

  /** The database failed repeatedly; the batch goes back to the queue. */
  static final class TransientFailure extends RuntimeException {
    TransientFailure(Throwable cause) {
      super(cause);
    }
  }
}
