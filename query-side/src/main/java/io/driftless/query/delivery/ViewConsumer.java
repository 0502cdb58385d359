package io.driftless.query.delivery;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.DefaultConsumer;
import com.rabbitmq.client.Envelope;
import io.driftless.events.AmqpFormat;
import io.driftless.events.EventCodec;
import io.driftless.events.EventEnvelope;
import io.driftless.events.MalformedEventException;
import io.driftless.query.projection.Outcome;
import io.driftless.query.projection.ProjectionApplier;
import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.dao.TransientDataAccessException;
import org.springframework.transaction.CannotCreateTransactionException;

/**
 * One consumer on the work queue (one channel, manual acks). Every delivery ends in exactly one of:
 * applied or duplicate (ack after commit), out of order (published to the next retry queue with
 * confirms, then ack), parked (malformed, or retries exhausted: then the gap is repaired from the
 * event store), or a database failure (retried here, then nack with requeue: never acked as done).
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
  private final ProjectionApplier applier;
  private final GapRepair repair;
  private final DeliveryMetrics metrics;

  ViewConsumer(
      Channel channel, Channel publisher, QueueNames names, RetryPolicy retry, Services services) {
    super(channel);
    this.publisher = publisher;
    this.names = names;
    this.retry = retry;
    this.applier = services.applier();
    this.repair = services.repair();
    this.metrics = services.metrics();
  }

  /** What a consumer works with. */
  record Services(ProjectionApplier applier, GapRepair repair, DeliveryMetrics metrics) {}

  @Override
  public void handleDelivery(
      String tag, Envelope envelope, AMQP.BasicProperties properties, byte[] body)
      throws IOException {
    var tagNumber = envelope.getDeliveryTag();
    if (!getChannel().isOpen()) {
      return; // the broker redelivers what this closed channel held
    }
    try {
      handle(properties, body);
      getChannel().basicAck(tagNumber, false);
    } catch (TransientFailure e) {
      log.warn("Database failure, message requeued: {}", e.getMessage());
      getChannel().basicNack(tagNumber, false, true);
    } catch (RuntimeException e) {
      parkUnapplicable(properties, body, e, tagNumber);
    } catch (TimeoutException | InterruptedException e) {
      if (e instanceof InterruptedException) {
        Thread.currentThread().interrupt();
      }
      getChannel().basicNack(tagNumber, false, true);
    }
  }

  private void parkUnapplicable(
      AMQP.BasicProperties properties, byte[] body, RuntimeException e, long tagNumber)
      throws IOException {
    try {
      park(properties, body, "cannot apply: " + e);
      getChannel().basicAck(tagNumber, false);
    } catch (TimeoutException | InterruptedException | RuntimeException failed) {
      getChannel().basicNack(tagNumber, false, true);
    }
  }

  private void handle(AMQP.BasicProperties properties, byte[] body)
      throws IOException, TimeoutException, InterruptedException {
    var headers =
        properties.getHeaders() == null ? Map.<String, Object>of() : properties.getHeaders();
    var missing = REQUIRED.stream().filter(h -> !headers.containsKey(h)).toList();
    if (!missing.isEmpty()) {
      park(properties, body, "missing headers " + missing);
      return;
    }
    EventEnvelope event;
    try {
      event = EventCodec.decode(body);
    } catch (MalformedEventException e) {
      park(properties, body, e.getMessage());
      return;
    }
    var outcome = withRetries(event);
    if (outcome == Outcome.APPLIED) {
      metrics.applied(event);
    } else if (outcome == Outcome.DUPLICATE) {
      metrics.duplicate();
    } else {
      outOfOrder(event, properties, body);
    }
  }

  private void outOfOrder(EventEnvelope event, AMQP.BasicProperties properties, byte[] body)
      throws IOException, TimeoutException, InterruptedException {
    var attempt = attemptOf(properties) + 1;
    if (attempt <= retry.maxAttempts()) {
      publish(names.retryQueue(attempt), withHeader(properties, HEADER_ATTEMPT, attempt), body);
      metrics.retried();
      return;
    }
    park(
        properties,
        body,
        "sequence "
            + event.sequence()
            + " of "
            + event.aggregateId()
            + " still out of order after "
            + retry.maxAttempts()
            + " retries; repaired from the store");
    metrics.repaired(repairWithRetries(event.aggregateType(), event.aggregateId()));
  }

  private Outcome withRetries(EventEnvelope event) throws InterruptedException {
    return transient_(() -> applier.apply(event));
  }

  private int repairWithRetries(String aggregateType, String aggregateId)
      throws InterruptedException {
    return transient_(() -> repair.repair(aggregateType, aggregateId));
  }

  private <T> T transient_(java.util.function.Supplier<T> work) throws InterruptedException {
    RuntimeException last = null;
    for (int attempt = 0; attempt < 5; attempt++) {
      try {
        return work.get();
      } catch (TransientDataAccessException
          | DataAccessResourceFailureException
          | CannotCreateTransactionException
          | DuplicateKeyException e) {
        last = e;
        Thread.sleep(20L << attempt);
      }
    }
    throw new TransientFailure(last);
  }

  private void park(AMQP.BasicProperties properties, byte[] body, String reason)
      throws IOException, TimeoutException, InterruptedException {
    log.warn("Parking a message: {}", reason);
    publish(names.parkedQueue(), withHeader(properties, HEADER_REASON, reason), body);
    metrics.parked();
  }

  private void publish(String queue, AMQP.BasicProperties properties, byte[] body)
      throws IOException, TimeoutException, InterruptedException {
    publisher.basicPublish("", queue, properties, body);
    publisher.waitForConfirmsOrDie(30_000);
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

  /** The database failed repeatedly; the message goes back to the queue. */
  static final class TransientFailure extends RuntimeException {
    TransientFailure(Throwable cause) {
      super(cause);
    }
  }
}
