package io.driftless.command.relay;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.BuiltinExchangeType;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import io.driftless.events.AmqpFormat;
import io.driftless.events.EventCodec;
import io.driftless.events.EventSink;
import io.driftless.events.StoredEvent;
import java.io.IOException;
import java.util.Date;
import java.util.List;
import java.util.concurrent.TimeoutException;

/**
 * Publishes envelopes to the topic exchange as persistent, mandatory messages with publisher
 * confirms, and waits for the confirms of the whole batch. An event that no queue takes is returned
 * by the broker and fails the batch: events wait in the store until a consumer queue is bound,
 * instead of being confirmed into nowhere. Any failure closes the channel and throws, so the relay
 * retries the batch on a fresh channel.
 */
public final class RabbitMqEventSink implements EventSink, AutoCloseable {

  private final ConnectionFactory factory;
  private final String exchange;
  private final long confirmTimeoutMillis;
  private Connection connection;
  private Channel channel;
  private final java.util.concurrent.atomic.AtomicInteger returned =
      new java.util.concurrent.atomic.AtomicInteger();

  public RabbitMqEventSink(ConnectionFactory factory, String exchange, long confirmTimeoutMillis) {
    this.factory = factory;
    this.exchange = exchange;
    this.confirmTimeoutMillis = confirmTimeoutMillis;
  }

  @Override
  public synchronized void publish(List<StoredEvent> batch) {
    if (batch.isEmpty()) {
      return;
    }
    try {
      var ch = channel();
      returned.set(0);
      for (var event : batch) {
        ch.basicPublish(
            exchange,
            AmqpFormat.routingKey(event),
            true,
            properties(event),
            EventCodec.encode(event));
      }
      ch.waitForConfirmsOrDie(confirmTimeoutMillis);
      if (returned.get() > 0) {
        throw new IllegalStateException(
            returned.get() + " events reached no queue on " + exchange + "; retrying the batch");
      }
    } catch (IOException | TimeoutException | InterruptedException | RuntimeException e) {
      if (e instanceof InterruptedException) {
        Thread.currentThread().interrupt();
      }
      reset();
      throw new IllegalStateException("publishing " + batch.size() + " events failed", e);
    }
  }

  private static AMQP.BasicProperties properties(StoredEvent envelope) {
    return new AMQP.BasicProperties.Builder()
        .deliveryMode(2)
        .contentType(AmqpFormat.CONTENT_TYPE)
        .messageId(envelope.eventId())
        .type(envelope.type())
        .timestamp(Date.from(envelope.occurredAt()))
        .headers(AmqpFormat.headers(envelope))
        .build();
  }

  private Channel channel() throws IOException, TimeoutException {
    if (channel == null || !channel.isOpen()) {
      if (connection == null || !connection.isOpen()) {
        connection = factory.newConnection("driftless-relay");
      }
      channel = connection.createChannel();
      channel.confirmSelect();
      // Published as mandatory: the broker returns (before confirming) an event no queue takes,
      // and the batch fails, so the token stays until a consumer queue is bound.
      channel.addReturnListener(r -> returned.incrementAndGet());
      channel.exchangeDeclare(exchange, BuiltinExchangeType.TOPIC, true);
    }
    return channel;
  }

  private void reset() {
    try {
      if (connection != null) {
        connection.close();
      }
    } catch (IOException | RuntimeException ignored) {
      // the connection is gone either way
    }
    connection = null;
    channel = null;
  }

  @Override
  public synchronized void close() {
    reset();
  }
}
