package io.driftless.query.subscription;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Per subscription: {@code driftless.subscription.deliveries} counts tries by {@code outcome}
 * ({@code delivered}, {@code failed}, {@code dead}), and the gauge {@code
 * driftless.subscription.oldest.pending.age} (seconds) is the age of its oldest delivery not yet
 * delivered nor dead, 0 when there is none (refreshed by the dispatcher every few polls). Tagged
 * {@code subscription=<id>}; on {@code /actuator/prometheus} as {@code
 * driftless_subscription_deliveries_total} and {@code
 * driftless_subscription_oldest_pending_age_seconds}.
 */
public final class SubscriptionMetrics {

  private final MeterRegistry registry;
  private final Map<String, AtomicLong> oldestMillis = new ConcurrentHashMap<>();

  public SubscriptionMetrics(MeterRegistry registry) {
    this.registry = registry;
  }

  void count(String subscriptionId, String outcome) {
    Counter.builder("driftless.subscription.deliveries")
        .description("Delivery tries of a webhook subscription by outcome")
        .tag("subscription", subscriptionId)
        .tag("outcome", outcome)
        .register(registry)
        .increment();
  }

  /** Sets each subscription's oldest pending age (those missing: 0). */
  void oldestPending(Iterable<String> subscriptions, Map<String, Backlog> backlogs) {
    for (var id : subscriptions) {
      var backlog = backlogs.getOrDefault(id, Backlog.EMPTY);
      gauge(id).set(backlog.oldestPendingAgeMillis());
    }
  }

  private AtomicLong gauge(String id) {
    return oldestMillis.computeIfAbsent(
        id,
        key -> {
          var value = new AtomicLong();
          Gauge.builder("driftless.subscription.oldest.pending.age", value, v -> v.get() / 1000.0)
              .description("Age of the oldest delivery of a subscription still to be sent")
              .baseUnit("seconds")
              .tag("subscription", key)
              .register(registry);
          return value;
        });
  }
}
