package io.driftless.query.delivery;

import com.rabbitmq.client.BuiltinExchangeType;
import com.rabbitmq.client.Channel;
import java.io.IOException;
import java.util.Map;

/** Declares (idempotently) the exchange, work, retry and parking queues and their bindings. */
final class QueueTopology {

  private QueueTopology() {}

  static void declare(Channel channel, QueueNames names, RetryPolicy retry) throws IOException {
    channel.exchangeDeclare(names.exchange(), BuiltinExchangeType.TOPIC, true);
    channel.queueDeclare(names.workQueue(), true, false, false, Map.of("x-queue-type", "quorum"));
    channel.queueBind(names.workQueue(), names.exchange(), "#");
    for (int attempt = 1; attempt <= retry.maxAttempts(); attempt++) {
      channel.queueDeclare(
          names.retryQueue(attempt),
          true,
          false,
          false,
          Map.of(
              "x-message-ttl", retry.delay(attempt).toMillis(),
              "x-dead-letter-exchange", "",
              "x-dead-letter-routing-key", names.workQueue()));
    }
    channel.queueDeclare(names.parkedQueue(), true, false, false, Map.of("x-queue-type", "quorum"));
  }
}
