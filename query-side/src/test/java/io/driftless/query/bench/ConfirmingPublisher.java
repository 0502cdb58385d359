package io.driftless.query.bench;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import io.driftless.events.AmqpFormat;
import io.driftless.events.EventCodec;
import io.driftless.events.EventEnvelope;
import java.io.IOException;
import java.util.Date;
import java.util.concurrent.ConcurrentSkipListSet;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Publishes envelopes as the relay does (persistent, same properties, headers and routing key) on
 * one confirm-mode channel, but with asynchronous confirms: up to {@code window} messages may be
 * unconfirmed at a time, so publishing never waits for a round trip per message or per batch.
 */
final class ConfirmingPublisher implements AutoCloseable {

  private final Channel channel;
  private final String exchange;
  private final int window;
  private final Semaphore permits;
  private final ConcurrentSkipListSet<Long> unconfirmed = new ConcurrentSkipListSet<>();
  private final AtomicLong nacked = new AtomicLong();

  ConfirmingPublisher(Connection connection, String exchange, int window) throws IOException {
    this.channel = connection.createChannel();
    this.exchange = exchange;
    this.window = window;
    this.permits = new Semaphore(window);
    channel.confirmSelect();
    channel.addConfirmListener(
        (tag, multiple) -> confirmed(tag, multiple),
        (tag, multiple) -> nacked.addAndGet(confirmed(tag, multiple)));
  }

  void publish(EventEnvelope envelope) throws IOException, InterruptedException {
    permits.acquire();
    unconfirmed.add(channel.getNextPublishSeqNo());
    channel.basicPublish(
        exchange,
        AmqpFormat.routingKey(envelope),
        properties(envelope),
        EventCodec.encode(envelope));
  }

  /** Waits until the broker confirmed everything published; fails on a nack. */
  void awaitConfirms(long timeoutSeconds) throws InterruptedException {
    if (!permits.tryAcquire(window, timeoutSeconds, TimeUnit.SECONDS)) {
      throw new IllegalStateException(unconfirmed.size() + " messages still unconfirmed");
    }
    permits.release(window);
    if (nacked.get() > 0) {
      throw new IllegalStateException(nacked.get() + " messages nacked by the broker");
    }
  }

  private int confirmed(long tag, boolean multiple) {
    var count = 0;
    if (multiple) {
      var done = unconfirmed.headSet(tag, true);
      while (done.pollFirst() != null) {
        count++;
      }
    } else if (unconfirmed.remove(tag)) {
      count = 1;
    }
    permits.release(count);
    return count;
  }

  private static AMQP.BasicProperties properties(EventEnvelope envelope) {
    return new AMQP.BasicProperties.Builder()
        .deliveryMode(2)
        .contentType(AmqpFormat.CONTENT_TYPE)
        .messageId(envelope.eventId())
        .type(envelope.type())
        .timestamp(Date.from(envelope.occurredAt()))
        .headers(AmqpFormat.headers(envelope))
        .build();
  }

  @Override
  public void close() throws Exception {
    channel.close();
  }
}
