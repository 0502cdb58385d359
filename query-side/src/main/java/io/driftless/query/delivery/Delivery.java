package io.driftless.query.delivery;

import com.rabbitmq.client.AMQP;
import java.time.Instant;

/**
 * One message a consumer holds, not yet acknowledged.
 *
 * @param tag the delivery tag on the channel it came from
 * @param waitingSince when the event was stored (the AMQP timestamp the relay sets, whole seconds),
 *     or when it arrived if the message has none: what the current lag counts from
 */
record Delivery(long tag, AMQP.BasicProperties properties, byte[] body, Instant waitingSince) {

  static Delivery of(long tag, AMQP.BasicProperties properties, byte[] body, Instant received) {
    var stored = properties.getTimestamp();
    return new Delivery(tag, properties, body, stored == null ? received : stored.toInstant());
  }
}
