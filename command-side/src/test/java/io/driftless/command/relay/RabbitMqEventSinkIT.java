package io.driftless.command.relay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.rabbitmq.client.BuiltinExchangeType;
import com.rabbitmq.client.ConnectionFactory;
import io.driftless.events.AppDeleted;
import io.driftless.events.EventCodec;
import io.driftless.events.EventEnvelope;
import io.driftless.events.StoredEvent;
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
}
