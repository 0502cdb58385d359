package io.driftless.command.reconcile;

import io.driftless.command.deploy.AppReconciler;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntSupplier;

/**
 * What the reconciles did, without an event per reconcile (Micrometer; {@code
 * /actuator/metrics/driftless.reconcile.*}): {@code driftless.reconcile.count} by {@code result}
 * ({@code noop}, {@code applied}, {@code failed}, {@code busy}, {@code gone}), {@code
 * driftless.reconcile.noop} (the noops alone), {@code driftless.reconcile.duration}, {@code
 * driftless.reconcile.last} by {@code app} (epoch seconds of the app's last reconcile on this
 * replica), {@code driftless.reconcile.watch.triggers} (watch events that asked for one, before
 * bursts are coalesced) and {@code driftless.reconcile.watch.objects} (owned objects the watches
 * know).
 */
final class ReconcileMetrics {

  private final MeterRegistry registry;
  private final Timer duration;
  private final Counter noops;
  private final Counter triggers;
  private final Map<String, AtomicLong> last = new ConcurrentHashMap<>();

  ReconcileMetrics(MeterRegistry registry) {
    this.registry = registry;
    this.duration =
        Timer.builder("driftless.reconcile.duration")
            .description("Time of one reconcile, planning included")
            .register(registry);
    this.noops =
        Counter.builder("driftless.reconcile.noop")
            .description("Reconciles that found nothing to do")
            .register(registry);
    this.triggers =
        Counter.builder("driftless.reconcile.watch.triggers")
            .description("Watch events that asked for a reconcile")
            .register(registry);
  }

  void reconciled(String appId, AppReconciler.Result result, Duration took, Instant at) {
    registry
        .counter("driftless.reconcile.count", "result", result.name().toLowerCase(Locale.ROOT))
        .increment();
    if (result == AppReconciler.Result.NOOP) {
      noops.increment();
    }
    duration.record(took);
    last.computeIfAbsent(appId, this::gauge).set(at.getEpochSecond());
  }

  void watchTriggered() {
    triggers.increment();
  }

  void watching(IntSupplier objects) {
    Gauge.builder("driftless.reconcile.watch.objects", objects, IntSupplier::getAsInt)
        .description("Owned objects the watches know")
        .strongReference(true)
        .register(registry);
  }

  private AtomicLong gauge(String appId) {
    var value = new AtomicLong();
    Gauge.builder("driftless.reconcile.last", value, AtomicLong::get)
        .description("When the app was last reconciled here, epoch seconds")
        .tag("app", appId)
        .register(registry);
    return value;
  }
}
