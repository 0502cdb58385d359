package io.driftless.command.reconcile;

import io.driftless.command.cluster.ClusterWatches;
import io.driftless.shared.DaemonThreads;
import java.time.Clock;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The watch trigger (issue 12 point 4): scopes the cluster's watches to the kinds the stored apps
 * own ({@link OwnedKinds}, looked at every {@code watch.rescope}), and turns what they report into
 * due reconciles. A burst for one app is coalesced: the first report of an app waits {@code
 * watch-delay}, reports meanwhile join it, then the app is made due now ({@link
 * ReconcileLeases#runBy}), so the scheduler's lease and workers run it, on one replica at a time.
 * While the app's lease is held (a reconcile of it is running, here or on another replica) the
 * trigger waits another {@code watch-delay}: the running reconcile may have planned before the
 * change, and its release would push the next run back a whole period.
 */
final class WatchTrigger implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(WatchTrigger.class);

  private final ClusterWatches watches;
  private final OwnedKinds kinds;
  private final ReconcileLeases leases;
  private final Clock clock;
  private final ReconcileMetrics metrics;
  private final Duration delay;
  private final Duration rescopeEvery;
  private final Set<String> waiting = ConcurrentHashMap.newKeySet();
  private final ScheduledExecutorService executor =
      Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("reconcile-watch-trigger"));

  WatchTrigger(
      ReconcileSettings settings,
      ClusterWatches watches,
      OwnedKinds kinds,
      ReconcileLeases leases,
      Clock clock,
      ReconcileMetrics metrics) {
    this.watches = watches;
    this.kinds = kinds;
    this.leases = leases;
    this.clock = clock;
    this.metrics = metrics;
    this.delay = settings.watchDelay();
    this.rescopeEvery = settings.watch().rescope();
  }

  /** Listens to the watches and keeps their scope up to date. */
  void start() {
    watches.listen(this::changed);
    metrics.watching(watches::objects);
    executor.scheduleWithFixedDelay(
        this::rescope, 0, rescopeEvery.toMillis(), TimeUnit.MILLISECONDS);
    log.info("Watch trigger on: reconciles follow changes of owned objects after {}", delay);
  }

  private void rescope() {
    try {
      var owned = kinds.refresh();
      if (!owned.equals(watches.scope())) {
        watches.scope(owned);
      }
    } catch (RuntimeException e) {
      log.warn(
          "Cannot look for the kinds to watch, trying again in {}: {}",
          rescopeEvery,
          e.getMessage());
    }
  }

  /** A watch saw a change of one of the app's objects. */
  void changed(String appId) {
    metrics.watchTriggered();
    if (waiting.add(appId)) {
      executor.schedule(() -> due(appId), delay.toMillis(), TimeUnit.MILLISECONDS);
    }
  }

  private void due(String appId) {
    try {
      var now = clock.instant();
      if (leases.leased(appId, now)) {
        executor.schedule(() -> due(appId), delay.toMillis(), TimeUnit.MILLISECONDS);
        return;
      }
      waiting.remove(appId);
      leases.runBy(appId, now);
    } catch (RuntimeException e) {
      waiting.remove(appId);
      log.warn("Cannot make {} due after a watch event: {}", appId, e.getMessage());
    }
  }

  @Override
  public void close() {
    executor.shutdownNow();
    watches.scope(Set.of());
  }
}
