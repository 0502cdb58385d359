package io.driftless.query.bench;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.BuiltinExchangeType;
import com.rabbitmq.client.ConnectionFactory;
import com.rabbitmq.client.DefaultConsumer;
import com.rabbitmq.client.Envelope;
import io.driftless.events.EventEnvelope;
import io.driftless.events.testing.CpuTimes;
import io.driftless.query.support.LocalServices;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * What RabbitMQ alone allows on this machine (phase {@code broker}): the same envelopes through the
 * same topology as the query side's work queue (topic exchange, durable quorum queue bound to
 * {@code #}), first published with asynchronous confirms and no consumer, then consumed by one
 * consumer with the given prefetch that acks every message (multiple acks, one per prefetch/2) and
 * does nothing else. No database: the ceiling any view delivery through one quorum queue has here.
 */
final class BrokerCeiling {

  private BrokerCeiling() {}

  static void run(List<EventEnvelope> events, int prefetch) throws Exception {
    var factory = new ConnectionFactory();
    factory.setUri(LocalServices.amqpUri());
    var run = LocalServices.runId();
    var exchange = "driftless.events.ceiling-" + run;
    var queue = "driftless.views.ceiling-" + run;
    try (var connection = factory.newConnection("driftless-bench-ceiling");
        var admin = connection.createChannel()) {
      admin.exchangeDeclare(exchange, BuiltinExchangeType.TOPIC, true);
      admin.queueDeclare(queue, true, false, false, Map.of("x-queue-type", "quorum"));
      admin.queueBind(queue, exchange, "#");
      try {
        var publishCpu = cpu();
        var publishSeconds = publish(connection, exchange, events);
        var publishCpuUse = publishCpu.since(events.size());
        var consumeCpu = cpu();
        var consumeSeconds = consume(connection, queue, events.size(), prefetch);
        System.out.printf(
            Locale.ROOT,
            "%nbroker ceiling (quorum queue, no database): %,d events%n"
                + "  publish with async confirms, no consumer: %.2f s = %,.0f events/s%n"
                + "    CPU: %s%n"
                + "  consume and ack, prefetch %d, no work: %.2f s = %,.0f events/s%n"
                + "    CPU: %s%n",
            events.size(),
            publishSeconds,
            events.size() / publishSeconds,
            publishCpuUse,
            prefetch,
            consumeSeconds,
            events.size() / consumeSeconds,
            consumeCpu.since(events.size()));

        // Both at once, as in the pipeline: the broker's cost per event with one message each.
        var bothCpu = cpu();
        var start = System.nanoTime();
        var consumer =
            java.util.concurrent.CompletableFuture.supplyAsync(
                () -> {
                  try {
                    return consume(connection, queue, events.size(), prefetch);
                  } catch (Exception e) {
                    throw new IllegalStateException(e);
                  }
                });
        publish(connection, exchange, events);
        consumer.get(10, TimeUnit.MINUTES);
        var bothSeconds = (System.nanoTime() - start) / 1e9;
        System.out.printf(
            Locale.ROOT,
            "  publish and consume at once: %.2f s = %,.0f events/s%n    CPU: %s%n",
            bothSeconds,
            events.size() / bothSeconds,
            bothCpu.since(events.size()));
      } finally {
        admin.queueDelete(queue);
        admin.exchangeDelete(exchange);
      }
    }
  }

  /** This JVM (the client) and the broker. */
  private static CpuTimes cpu() {
    return CpuTimes.of(
        Map.of("client JVM", ProcessHandle.current().pid(), "RabbitMQ", CpuTimes.find("beam.smp")));
  }

  private static double publish(
      com.rabbitmq.client.Connection connection, String exchange, List<EventEnvelope> events)
      throws Exception {
    try (var publisher = new ConfirmingPublisher(connection, exchange, 10_000)) {
      var start = System.nanoTime();
      for (var event : events) {
        publisher.publish(event);
      }
      publisher.awaitConfirms(300);
      return (System.nanoTime() - start) / 1e9;
    }
  }

  private static double consume(
      com.rabbitmq.client.Connection connection, String queue, int count, int prefetch)
      throws Exception {
    var done = new CountDownLatch(count);
    var ackEvery = Math.max(1, prefetch / 2);
    try (var channel = connection.createChannel()) {
      channel.basicQos(prefetch);
      var start = System.nanoTime();
      channel.basicConsume(
          queue,
          false,
          new DefaultConsumer(channel) {
            private long received;

            @Override
            public void handleDelivery(
                String tag, Envelope envelope, AMQP.BasicProperties properties, byte[] body)
                throws java.io.IOException {
              received++;
              if (received % ackEvery == 0 || received == count) {
                getChannel().basicAck(envelope.getDeliveryTag(), true);
              }
              done.countDown();
            }
          });
      if (!done.await(10, TimeUnit.MINUTES)) {
        throw new IllegalStateException(done.getCount() + " messages not consumed");
      }
      return (System.nanoTime() - start) / 1e9;
    }
  }
}
