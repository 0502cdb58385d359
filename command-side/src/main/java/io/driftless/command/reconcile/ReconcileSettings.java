package io.driftless.command.reconcile;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Periodic and watch-triggered reconciles ({@code driftless.reconcile.*}).
 *
 * @param enabled whether this replica schedules reconciles at all (true)
 * @param syncPeriod how often each app is reconciled (30 s, as kapp-controller's default); an app
 *     deployed with {@code syncPeriod=...} uses its own
 * @param jitter the share of the period added at random to each next run (0.1: up to 10 %), so apps
 *     deployed together do not reconcile together
 * @param backoff the wait after a first failure; it doubles with each further failure, capped at
 *     the sync period (1 s)
 * @param lease how long a replica's claim on an app holds without being released (2 min); a replica
 *     that dies mid-reconcile delays that app by at most this
 * @param tick how often a replica looks for due apps (500 ms)
 * @param workers how many reconciles one replica runs at once (2)
 * @param nodeId this replica's name as lease owner; blank: a random one per start
 * @param watch the watch trigger: {@code watch.enabled} (true) whether watches on the apps' owned
 *     objects trigger reconciles, {@code watch.rescope} (5 s) how often it looks again for the
 *     kinds the stored apps own
 * @param watchDelay how long a watch trigger waits to gather a burst for one app into one reconcile
 *     (1 s)
 */
@ConfigurationProperties("driftless.reconcile")
public record ReconcileSettings(
    Boolean enabled,
    Duration syncPeriod,
    Double jitter,
    Duration backoff,
    Duration lease,
    Duration tick,
    Integer workers,
    String nodeId,
    Watch watch,
    Duration watchDelay) {

  /** Fills in the defaults and refuses values that cannot work. */
  public ReconcileSettings {
    enabled = enabled == null || enabled;
    syncPeriod = positive("sync-period", syncPeriod, Duration.ofSeconds(30));
    jitter = jitter == null ? 0.1 : jitter;
    backoff = positive("backoff", backoff, Duration.ofSeconds(1));
    lease = positive("lease", lease, Duration.ofMinutes(2));
    tick = positive("tick", tick, Duration.ofMillis(500));
    workers = workers == null ? 2 : workers;
    nodeId = nodeId == null ? "" : nodeId;
    watch = watch == null ? new Watch(true, null) : watch;
    watchDelay = positive("watch-delay", watchDelay, Duration.ofSeconds(1));
    if (jitter < 0 || jitter > 1) {
      throw new IllegalArgumentException(
          "driftless.reconcile.jitter must be between 0 and 1, not " + jitter);
    }
    if (workers < 1) {
      throw new IllegalArgumentException(
          "driftless.reconcile.workers must be at least 1, not " + workers);
    }
  }

  private static Duration positive(String name, Duration value, Duration fallback) {
    if (value == null) {
      return fallback;
    }
    if (value.isNegative() || value.isZero()) {
      throw new IllegalArgumentException(
          "driftless.reconcile." + name + " must be greater than 0, not " + value);
    }
    return value;
  }

  /**
   * The watch trigger ({@code driftless.reconcile.watch.*}).
   *
   * @param enabled whether watches trigger reconciles (true); off, only the sync period does
   * @param rescope how often the trigger looks again for the kinds the stored apps own and widens
   *     or narrows the watches to them (5 s)
   */
  public record Watch(Boolean enabled, Duration rescope) {

    /** Fills in the defaults. */
    public Watch {
      enabled = enabled == null || enabled;
      rescope = positive("watch.rescope", rescope, Duration.ofSeconds(5));
    }
  }
}
