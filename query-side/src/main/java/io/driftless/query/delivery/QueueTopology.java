package io.driftless.query.delivery;

import com.rabbitmq.client.BuiltinExchangeType;
import com.rabbitmq.client.Channel;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Declares (idempotently) the exchange, work, retry and parking queues and their bindings. Every
 * queue is a quorum queue. The retry queues dead-letter at least once: a message whose delay ends
 * while the broker stops, starts or moves the work queue reaches the work queue afterwards. Classic
 * TTL queues dead-letter at most once; a broker restart dropped every message whose delay ended
 * meanwhile (500 of 500 on RabbitMQ 3.10), and an aggregate whose last event was among them stayed
 * behind for good, with nothing after it to be parked and repaired.
 */
public final class QueueTopology {

  private QueueTopology() {}

  /** Declares the exchange and every queue, bound; nothing here deletes or purges a queue. */
  public static void declare(Channel channel, QueueNames names, RetryPolicy retry)
      throws IOException {
    channel.exchangeDeclare(names.exchange(), BuiltinExchangeType.TOPIC, true);
    channel.queueDeclare(names.workQueue(), true, false, false, Map.of("x-queue-type", "quorum"));
    channel.queueBind(names.workQueue(), names.exchange(), "#");
    for (int attempt = 1; attempt <= retry.maxAttempts(); attempt++) {
      channel.queueDeclare(
          names.retryQueue(attempt), true, false, false, retryArguments(names, retry, attempt));
    }
    channel.queueDeclare(names.parkedQueue(), true, false, false, Map.of("x-queue-type", "quorum"));
  }

  /**
   * A retry queue's arguments: the attempt's delay as the message TTL, then back to the work queue
   * through the default exchange, at least once (which RabbitMQ allows only with {@code
   * reject-publish} overflow; no length limit is set, so nothing is rejected).
   */
  static Map<String, Object> retryArguments(QueueNames names, RetryPolicy retry, int attempt) {
    return Map.of(
        "x-queue-type", "quorum",
        "x-message-ttl", retry.delay(attempt).toMillis(),
        "x-dead-letter-exchange", "",
        "x-dead-letter-routing-key", names.workQueue(),
        "x-dead-letter-strategy", "at-least-once",
        "x-overflow", "reject-publish");
  }

  /**
   * The classic retry queues of earlier versions that still exist. They keep dead-lettering what
   * they hold into the work queue; nothing publishes to them any more. They are not deleted here: a
   * query side of an earlier version may still run during an upgrade and publish to them.
   */
  static List<String> legacyRetryQueues(Channel channel, QueueNames names, RetryPolicy retry)
      throws IOException {
    var found = new ArrayList<String>();
    for (int attempt = 1; attempt <= retry.maxAttempts(); attempt++) {
      var name = names.legacyRetryQueue(attempt);
      // A passive declare of a missing queue closes its channel: one channel per question.
      var probe = channel.getConnection().createChannel();
      try {
        probe.queueDeclarePassive(name);
        found.add(name);
        probe.abort();
      } catch (IOException missing) {
        // the broker closed the channel: the queue does not exist
      }
    }
    return found;
  }
}
