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
import java.util.HashMap;
import java.util.List;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * Publishes envelopes to the topic exchange as persistent, mandatory messages with publisher
 * confirms, and waits for the confirms of the whole batch. An event that no queue takes is returned
 * by the broker and fails the batch: events wait in the store until a consumer queue is bound,
 * instead of being confirmed into nowhere. Every message carries the event store's id ({@link
 * AmqpFormat#HEADER_STORE_ID}).
 *
 * <p>The sink owns its connection: the amqp client's automatic recovery is off. Any failure (the
 * broker closed the connection or the channel, a confirm timed out or was negative) drops the
 * connection and throws; the relay's processor retries the batch, and the next publish opens a new
 * connection and a new confirm channel. A connection or channel found closed between batches is
 * replaced the same way. So confirms are always awaited on the channel the batch was published on,
 * and no recovering connection is left behind.
 */
public final class RabbitMqEventSink implements EventSink, AutoCloseable {

  private final ConnectionFactory factory;
  private final Settings settings;
  private final Supplier<String> storeId;
  private final AtomicInteger returned = new AtomicInteger();
  private Connection connection;
  private Channel channel;

  /**
   * Where and how to publish.
   *
   * @param exchange the topic exchange
   * @param connectionName the connection's name in the broker's connection list
   * @param confirmTimeoutMillis how long to wait for a batch's confirms
   */
  public record Settings(String exchange, String connectionName, long confirmTimeoutMillis) {}

  /**
   * @param storeId the event store's id, asked for at the first publish
   */
  public RabbitMqEventSink(ConnectionFactory factory, Settings settings, Supplier<String> storeId) {
    factory.setAutomaticRecoveryEnabled(false);
    factory.setTopologyRecoveryEnabled(false);
    this.factory = factory;
    this.settings = settings;
    this.storeId = storeId;
  }

  @Override
  public synchronized void publish(List<StoredEvent> batch) {
    if (batch.isEmpty()) {
      return;
    }
    var exchange = settings.exchange();
    try {
      var ch = channel();
      var store = storeId.get();
      returned.set(0);
      for (var event : batch) {
        ch.basicPublish(
            exchange,
            AmqpFormat.routingKey(event),
            true,
            properties(event, store),
            EventCodec.encode(event));
      }
      ch.waitForConfirmsOrDie(settings.confirmTimeoutMillis());
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

  private static AMQP.BasicProperties properties(StoredEvent envelope, String store) {
    var headers = new HashMap<>(AmqpFormat.headers(envelope));
    headers.put(AmqpFormat.HEADER_STORE_ID, store);
    return new AMQP.BasicProperties.Builder()
        .deliveryMode(2)
        .contentType(AmqpFormat.CONTENT_TYPE)
        .messageId(envelope.eventId())
        .type(envelope.type())
        .timestamp(Date.from(envelope.occurredAt()))
        .headers(headers)
        .build();
  }

  private Channel channel() throws IOException, TimeoutException {
    if (channel == null || !channel.isOpen()) {
      if (connection == null || !connection.isOpen()) {
        reset();
        connection = factory.newConnection(settings.connectionName());
      }
      channel = connection.createChannel();
      channel.confirmSelect();
      // Published as mandatory: the broker returns (before confirming) an event no queue takes,
      // and the batch fails, so the token stays until a consumer queue is bound.
      channel.addReturnListener(r -> returned.incrementAndGet());
      channel.exchangeDeclare(settings.exchange(), BuiltinExchangeType.TOPIC, true);
    }
    return channel;
  }

  private void reset() {
    if (connection != null) {
      connection.abort(2_000);
    }
    connection = null;
    channel = null;
  }

  @Override
  public synchronized void close() {
    reset();
  }
}
