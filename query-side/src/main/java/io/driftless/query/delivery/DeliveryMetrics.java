package io.driftless.query.delivery;

import io.driftless.events.EventEnvelope;
import io.driftless.query.projection.Outcome;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * Micrometer meters of the read path: {@code driftless.events} counted by outcome (applied,
 * duplicate, retried, parked, repaired), {@code driftless.view.lag} (event stored to view
 * committed). The views' last event times and current lag are read from the database and the broker
 * instead ({@code GET /api/projections}), so they hold across processes and restarts.
 */
public final class DeliveryMetrics {

  private final Counter applied;
  private final Counter duplicates;
  private final Counter retried;
  private final Counter parked;
  private final Counter repaired;
  private final Timer lag;

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

  /** Counts what became of a batch applied without a broker (in-process delivery). */
  public void record(List<EventEnvelope> events, List<Outcome> outcomes) {
    for (int i = 0; i < events.size(); i++) {
      if (outcomes.get(i) == Outcome.APPLIED) {
        applied(events.get(i));
      } else if (outcomes.get(i) == Outcome.DUPLICATE) {
        duplicate();
      }
    }
  }

  void applied(EventEnvelope event) {
    applied.increment();
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

  /** Counts events a gap repair applied. */
  public void repaired(int events) {
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
}
