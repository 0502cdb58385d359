package io.driftless.events.testing;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import java.io.IOException;
import java.util.List;

/**
 * The RabbitMQ names of one run: the exchange the relay publishes to and the query side's work
 * queue, next to which it declares {@code <queue>.retry.1..N.quorum} (earlier versions: without
 * {@code .quorum}) and {@code <queue>.parked}. {@link #deleteAll} removes every one of them that
 * exists.
 */
public record BrokerNames(String exchange, String workQueue) {

  public static String amqpUri() {
    return LocalServices.amqpUri();
  }

  /** Deletes the exchange and the queues; failures are collected, so cleanup goes on. */
  public void deleteAll(List<Exception> failures) {
    try {
      var factory = new ConnectionFactory();
      factory.setUri(amqpUri());
      try (var connection = factory.newConnection("driftless-e2e-cleanup")) {
        deleteIfExists(connection, workQueue);
        deleteIfExists(connection, workQueue + ".parked");
        var attempt = 1;
        while (deleteIfExists(connection, workQueue + ".retry." + attempt + ".quorum")
            | deleteIfExists(connection, workQueue + ".retry." + attempt)) {
          attempt++;
        }
        try (Channel channel = connection.createChannel()) {
          channel.exchangeDelete(exchange);
        }
      }
    } catch (Exception e) {
      failures.add(e);
    }
  }

  /** Whether the queue existed (a passive declare of a missing queue closes its channel). */
  private static boolean deleteIfExists(Connection connection, String queue) throws Exception {
    var channel = connection.createChannel();
    try {
      channel.queueDeclarePassive(queue);
    } catch (IOException notFound) {
      return false;
    }
    try (channel) {
      channel.queueDelete(queue);
    }
    return true;
  }
}
