package io.driftless.command.relay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.rabbitmq.client.BuiltinExchangeType;
import com.rabbitmq.client.ConnectionFactory;
import io.driftless.events.AmqpFormat;
import io.driftless.events.AppDeleted;
import io.driftless.events.EventCodec;
import io.driftless.events.EventEnvelope;
import io.driftless.events.StoredEvent;
import io.driftless.events.testing.BrokerConnections;
import io.driftless.events.testing.LocalServices;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The relay's sink on the machine's RabbitMQ: nothing is confirmed into nowhere. */
class RabbitMqEventSinkIT {

  private static final EventEnvelope EVENT =
      EventEnvelope.of(
          "e-1",
          0,
          Instant.parse("2026-11-21T10:00:00Z"),
          new AppDeleted("ns/app", "app-change-000001", Instant.parse("2026-11-21T10:00:00Z")));

  @Test
  void batchFailsWhileNoQueueTakesTheEventsAndGoesThroughOnceOneDoes() throws Exception {
    var factory = new ConnectionFactory();
    factory.setUri(LocalServices.amqpUri());
    var exchange = "driftless.events.sink-it-" + LocalServices.runId();
    try (var sink =
            new RabbitMqEventSink(
                factory,
                new RabbitMqEventSink.Settings(exchange, "sink-it-relay", 10_000),
                () -> "store-1");
        var connection = factory.newConnection("sink-it");
        var channel = connection.createChannel()) {
      channel.exchangeDeclare(exchange, BuiltinExchangeType.TOPIC, true);

      assertThatThrownBy(() -> sink.publish(List.of(StoredEvent.of(EVENT))))
          .hasMessageContaining("publishing 1 events failed");

      var queue = channel.queueDeclare("", false, true, true, null).getQueue();
      channel.queueBind(queue, exchange, "#");
      sink.publish(List.of(StoredEvent.of(EVENT)));

      var message = channel.basicGet(queue, true);
      assertThat(message).isNotNull();
      assertThat(EventCodec.decode(message.getBody())).isEqualTo(EVENT);
      channel.exchangeDelete(exchange);
    }
  }

  @Test
  void publishesAgainOnANewConnectionAfterTheBrokerClosedItsConnection() throws Exception {
    var factory = new ConnectionFactory();
    factory.setUri(LocalServices.amqpUri());
    var run = LocalServices.runId();
    var exchange = "driftless.events.sink-it-" + run;
    var relayName = "sink-it-relay-" + run;
    try (var sink =
            new RabbitMqEventSink(
                factory, new RabbitMqEventSink.Settings(exchange, relayName, 10_000), () -> run);
        var connection = factory.newConnection("sink-it");
        var channel = connection.createChannel()) {
      channel.exchangeDeclare(exchange, BuiltinExchangeType.TOPIC, true);
      var queue = channel.queueDeclare("", false, true, true, null).getQueue();
      channel.queueBind(queue, exchange, "#");
      sink.publish(List.of(StoredEvent.of(EVENT)));
      assertThat(BrokerConnections.close(run)).containsExactly(relayName);

      // The relay's processor retries a failed batch; the sink must take it on a new connection.
      var attempts = 0;
      while (true) {
        attempts++;
        try {
          sink.publish(List.of(StoredEvent.of(EVENT)));
          break;
        } catch (IllegalStateException e) {
          assertThat(attempts).as("publishes failed after the close: " + e).isLessThan(2);
        }
      }
      assertThat(BrokerConnections.named(run))
          .as("one connection, none left recovering")
          .containsExactly(relayName);
      for (int i = 0; i < 2; i++) {
        var message = channel.basicGet(queue, true);
        assertThat(EventCodec.decode(message.getBody())).isEqualTo(EVENT);
        assertThat(message.getProps().getHeaders().get(AmqpFormat.HEADER_STORE_ID))
            .hasToString(run);
      }
      channel.exchangeDelete(exchange);
    }
  }
}
