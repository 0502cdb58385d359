package io.driftless.query.support;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import io.driftless.events.AmqpFormat;
import io.driftless.events.EventCodec;
import io.driftless.events.EventEnvelope;
import java.util.Date;
import java.util.HashMap;
import java.util.Map;

/** Publishes events to an exchange as the relay does (headers, timestamp), with confirms. */
public final class TestPublisher implements AutoCloseable {

  private final Connection connection;
  private final String exchange;

  /** The connection's name must not contain the run id a test closes connections by. */
  public TestPublisher(String exchange, String connectionName) throws Exception {
    var factory = new ConnectionFactory();
    factory.setUri(LocalServices.amqpUri());
    this.connection = factory.newConnection(connectionName);
    this.exchange = exchange;
  }

  public Connection connection() {
    return connection;
  }

  public void publish(EventEnvelope event) throws Exception {
    publish(event, Map.of());
  }

  public void publish(EventEnvelope event, Map<String, Object> extraHeaders) throws Exception {
    var headers = new HashMap<String, Object>(AmqpFormat.headers(event));
    headers.putAll(extraHeaders);
    try (var channel = connection.createChannel()) {
      channel.confirmSelect();
      channel.basicPublish(
          exchange,
          AmqpFormat.routingKey(event),
          new AMQP.BasicProperties.Builder()
              .deliveryMode(2)
              .messageId(event.eventId())
              .timestamp(Date.from(event.occurredAt()))
              .headers(headers)
              .build(),
          EventCodec.encode(event));
      channel.waitForConfirmsOrDie(10_000);
    }
  }

  @Override
  public void close() throws Exception {
    connection.close();
  }
}
