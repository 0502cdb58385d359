package io.driftless.query.delivery;

import java.time.Duration;

/**
 * How an out-of-order event is retried: attempt {@code n} waits {@code firstDelay * factor^(n-1)}
 * in its own TTL queue; after {@code maxAttempts} it is parked and the gap repaired from the event
 * store.
 */
public record RetryPolicy(Duration firstDelay, int factor, int maxAttempts) {

  public Duration delay(int attempt) {
    var millis = firstDelay.toMillis();
    for (int i = 1; i < attempt; i++) {
      millis *= factor;
    }
    return Duration.ofMillis(millis);
  }
}
