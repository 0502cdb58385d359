package io.driftless.command.reconcile;

import java.time.Duration;
import java.util.function.DoubleSupplier;

/**
 * When an app is reconciled next. After a success: the sync period plus up to {@code jitter} of it
 * at random. After the n-th failure in a row: {@code backoff * 2^(n-1)}, capped at the sync period
 * (a failing app is retried sooner than a healthy one is re-checked, never later). After a busy
 * answer (another change of the app was running): the backoff, not counted as a failure.
 */
final class NextRun {

  private final Duration backoff;
  private final double jitter;
  private final DoubleSupplier random;

  NextRun(Duration backoff, double jitter, DoubleSupplier random) {
    this.backoff = backoff;
    this.jitter = jitter;
    this.random = random;
  }

  /** The wait after a reconcile that did its work (noop or applied). */
  Duration afterSuccess(Duration period) {
    return period.plusMillis(Math.round(period.toMillis() * jitter * random.getAsDouble()));
  }

  /** The wait after the {@code failures}-th failure in a row (1 for the first). */
  Duration afterFailure(Duration period, int failures) {
    var shift = Math.min(Math.max(failures - 1, 0), 30);
    var millis = backoff.toMillis() << shift;
    return millis >= period.toMillis() || millis <= 0 ? period : Duration.ofMillis(millis);
  }

  /** The wait after a busy answer. */
  Duration afterBusy(Duration period) {
    return backoff.compareTo(period) < 0 ? backoff : period;
  }
}
