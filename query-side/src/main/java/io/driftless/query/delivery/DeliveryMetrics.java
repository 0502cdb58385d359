package io.driftless.query.delivery;

import io.driftless.events.EventEnvelope;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Micrometer meters of the read path: {@code driftless.events} counted by outcome (applied,
 * duplicate, retried, parked, repaired), {@code driftless.view.lag} (event stored to view
 * committed) and the time of the last applied event.
 */
public final class DeliveryMetrics {

  private final Counter applied;
  private final Counter duplicates;
  private final Counter retried;
  private final Counter parked;
  private final Counter repaired;
  private final Timer lag;
  private final AtomicReference<Instant> lastEventAt = new AtomicReference<>();

  public DeliveryMetrics(MeterRegistry registry) {
    applied = counter(registry, "applied");
    duplicates = counter(registry, "duplicate");
    retried = counter(registry, "retried");
    parked = counter(registry, "parked");
    repaired = counter(registry, "repaired");
    lag =
        Timer.builder("driftless.view.lag")
            .description("from the event's store time to its view commit")
            .publishPercentiles(0.5, 0.99)
            .percentilePrecision(2)
            .register(registry);
  }

  private static Counter counter(MeterRegistry registry, String outcome) {
    return Counter.builder("driftless.events").tag("outcome", outcome).register(registry);
  }

  void applied(EventEnvelope event) {
    applied.increment();
    lastEventAt.set(event.occurredAt());
    var age = Duration.between(event.occurredAt(), Instant.now());
    lag.record(age.isNegative() ? Duration.ZERO : age);
  }

  void duplicate() {
    duplicates.increment();
  }

  void retried() {
    retried.increment();
  }

  void parked() {
    parked.increment();
  }

  void repaired(int events) {
    repaired.increment(events);
  }

  public long appliedCount() {
    return (long) applied.count();
  }

  public long parkedCount() {
    return (long) parked.count();
  }

  public long retriedCount() {
    return (long) retried.count();
  }

  public Instant lastEventAt() {
    return lastEventAt.get();
  }

  public Duration lag() {
    var last = lastEventAt.get();
    return last == null
        ? Duration.ZERO
        : Duration.ofMillis((long) lag.mean(java.util.concurrent.TimeUnit.MILLISECONDS));
  }
}
