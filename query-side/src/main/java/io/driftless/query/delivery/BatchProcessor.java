package io.driftless.query.delivery;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import io.driftless.events.AmqpFormat;
import io.driftless.events.EventCodec;
import io.driftless.events.EventEnvelope;
import io.driftless.events.MalformedEventException;
import io.driftless.query.eventstore.EventStoreMismatchException;
import io.driftless.query.projection.Outcome;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Applies one consumer's batches. Every delivery ends in exactly one of: applied or duplicate; out
 * of order (published to the next retry queue); parked (malformed, or retries exhausted: then the
 * gap is repaired from the event store). Publishes are confirmed before the batch is acked. A
 * database failure is retried in place, then the batch is nacked with requeue: never acked as done.
 * Acks and nacks go to the channel the batch came from; if it closed meanwhile they fail, and the
 * broker redelivers the batch.
 */
final class BatchProcessor {

  static final String HEADER_ATTEMPT = "driftless-attempt";
  static final String HEADER_REASON = "driftless-parked-reason";
  private static final Logger log = LoggerFactory.getLogger(BatchProcessor.class);
  private static final List<String> REQUIRED =
      List.of(
          AmqpFormat.HEADER_TYPE,
          AmqpFormat.HEADER_AGGREGATE_TYPE,
          AmqpFormat.HEADER_AGGREGATE_ID,
          AmqpFormat.HEADER_SEQUENCE);

  private final Channel channel;
  private final Channel publisher;
  private final Setup setup;
  private final Applying applying;

  /** What a consumer's batches are processed with. */
  record Setup(QueueNames names, RetryPolicy retry, DeliveryServices services, StoreGuard store) {}

  BatchProcessor(Channel channel, Channel publisher, Setup setup) {
    this.channel = channel;
    this.publisher = publisher;
    this.setup = setup;
    this.applying = new Applying(setup.services(), this::park);
  }

  /** Whether the channel to publish retries and parked messages on is usable. */
  boolean publisherOpen() {
    return publisher.isOpen();
  }

  /**
   * Processes a batch and acknowledges it. A batch from another event store is given back to the
   * queue untouched and the mismatch thrown.
   */
  void process(List<Delivery> batch) throws IOException, TimeoutException, InterruptedException {
    try {
      setup.store().check(batch);
    } catch (EventStoreMismatchException e) {
      nackQuietly(batch);
      throw e;
    }
    var parsed = new ArrayList<Applying.Parsed>(batch.size());
    for (var delivery : batch) {
      var event = parse(delivery);
      if (event != null) {
        parsed.add(new Applying.Parsed(delivery, event));
      }
    }
    List<Outcome> outcomes;
    try {
      outcomes = applying.apply(parsed);
    } catch (Applying.TransientFailure e) {
      log.warn("Database failure, batch requeued: {}", e.getMessage());
      channel.basicNack(last(batch), true, true);
      return;
    }
    var toRepair = new LinkedHashSet<EventEnvelope>();
    for (int i = 0; i < parsed.size(); i++) {
      if (outcomes.get(i) != null) {
        settle(parsed.get(i), outcomes.get(i), toRepair);
      }
    }
    publisher.waitForConfirmsOrDie(30_000);
    applying.repair(toRepair);
    channel.basicAck(last(batch), true);
  }

  /** Gives a batch back to the broker if the channel still can; else the broker does it anyway. */
  void nackQuietly(List<Delivery> batch) {
    if (batch.isEmpty() || !channel.isOpen()) {
      return;
    }
    try {
      channel.basicNack(last(batch), true, true);
    } catch (IOException | RuntimeException e) {
      log.debug("nack failed; the channel is closing and the broker redelivers", e);
    }
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

  private void settle(Applying.Parsed parsed, Outcome outcome, LinkedHashSet<EventEnvelope> repair)
      throws IOException {
    var metrics = setup.services().metrics();
    if (outcome == Outcome.APPLIED) {
      metrics.applied(parsed.event());
      return;
    }
    if (outcome == Outcome.DUPLICATE) {
      metrics.duplicate();
      return;
    }
    var delivery = parsed.delivery();
    var retry = setup.retry();
    var attempt = attemptOf(delivery.properties()) + 1;
    if (attempt <= retry.maxAttempts()) {
      publish(
          setup.names().retryQueue(attempt),
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
    repair.add(event);
  }

  private void park(Delivery delivery, String reason) throws IOException {
    log.warn("Parking a message: {}", reason);
    publish(
        setup.names().parkedQueue(),
        withHeader(delivery.properties(), HEADER_REASON, reason),
        delivery.body());
    setup.services().metrics().parked();
  }

  private void publish(String queue, AMQP.BasicProperties properties, byte[] body)
      throws IOException {
    publisher.basicPublish("", queue, properties, body);
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
}
