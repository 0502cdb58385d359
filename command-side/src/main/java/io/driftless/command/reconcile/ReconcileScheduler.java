package io.driftless.command.reconcile;

import io.driftless.command.deploy.AppReconciler.Outcome;
import io.driftless.command.deploy.AppReconciler.Result;
import io.driftless.shared.DaemonThreads;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reconciles every app periodically. Each tick this replica adds a {@code reconcile_lease} row for
 * apps new to the event store (first due one sync period later), then takes the leases of due apps
 * it has a free worker for and reconciles them; the result, the failures in a row and the next run
 * ({@link NextRun}) go back into the row as the lease is released. The schedule lives in the
 * database, so it survives restarts and is shared by the replicas; each due app is taken by exactly
 * one replica (the lease), and a replica never runs two reconciles of one app at once.
 *
 * <p>Limits: the lease is not renewed while a reconcile runs, so a reconcile longer than {@code
 * driftless.reconcile.lease} (2 min; a change waiting for an {@code exists} object can) may be
 * taken by another replica, which then meets the running change (a busy result, retried). Times are
 * the replicas' clocks: their skew must stay well below the lease.
 */
public final class ReconcileScheduler implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(ReconcileScheduler.class);
  private static final Duration DISCOVERY = Duration.ofSeconds(5);

  /** How long a stop waits for running reconciles (Spring's default per shutdown phase). */
  static final Duration STOP_GRACE = Duration.ofSeconds(30);

  private final ReconcileSettings settings;
  private final ReconcileLeases leases;
  private final Function<String, Outcome> reconciler;
  private final Clock clock;
  private final ReconcileMetrics metrics;
  private final NextRun next;
  private final String owner;
  private final Set<String> running = ConcurrentHashMap.newKeySet();
  private final ScheduledExecutorService ticker;
  private final ExecutorService workers;
  private volatile Instant discovered = Instant.EPOCH;
  private volatile boolean stopping;

  ReconcileScheduler(
      ReconcileSettings settings,
      ReconcileLeases leases,
      Function<String, Outcome> reconciler,
      Clock clock,
      ReconcileMetrics metrics) {
    this.settings = settings;
    this.leases = leases;
    this.reconciler = reconciler;
    this.clock = clock;
    this.metrics = metrics;
    this.next =
        new NextRun(settings.backoff(), settings.jitter(), ThreadLocalRandom.current()::nextDouble);
    this.owner = settings.nodeId().isBlank() ? "node-" + UUID.randomUUID() : settings.nodeId();
    this.ticker =
        Executors.newSingleThreadScheduledExecutor(DaemonThreads.numbered("reconcile-scheduler"));
    this.workers =
        Executors.newFixedThreadPool(
            settings.workers(), DaemonThreads.numbered("reconcile-worker"));
  }

  /** Starts ticking. */
  void start() {
    var tick = settings.tick().toMillis();
    ticker.scheduleWithFixedDelay(this::tickSafely, tick, tick, TimeUnit.MILLISECONDS);
    log.info(
        "Reconciling every app every {} (jitter {}), as {}",
        settings.syncPeriod(),
        settings.jitter(),
        owner);
  }

  /** This replica's name as lease owner. */
  String owner() {
    return owner;
  }

  /** Brings an app's next reconcile forward to {@code delay} from now (a watch trigger). */
  void runSoon(String appId, Duration delay) {
    metrics.watchTriggered();
    leases.runBy(appId, clock.instant().plus(delay));
  }

  private void tickSafely() {
    try {
      tick();
    } catch (RuntimeException e) {
      log.warn("Reconcile scheduling failed, trying again next tick: {}", e.getMessage());
    }
  }

  /** One round: discover new apps now and then, then take and start what is due. */
  void tick() {
    var now = clock.instant();
    if (!now.isBefore(discovered.plus(DISCOVERY))) {
      leases.ensure(leases.storedApps(), now.plus(settings.syncPeriod()));
      discovered = now;
    }
    var free = settings.workers() - running.size();
    if (free <= 0 || stopping) {
      return;
    }
    for (var appId : leases.due(now, free)) {
      if (running.contains(appId)) {
        continue;
      }
      if (leases.claim(appId, owner, now, now.plus(settings.lease()))) {
        running.add(appId);
        try {
          workers.execute(() -> reconcile(appId));
        } catch (java.util.concurrent.RejectedExecutionException e) {
          running.remove(appId); // stopping: the lease lapses and the next start takes the app
          return;
        }
      }
    }
  }

  private void reconcile(String appId) {
    var started = clock.instant();
    try {
      Outcome outcome;
      try {
        outcome = reconciler.apply(appId);
      } catch (RuntimeException e) {
        outcome = new Outcome(Result.FAILED, null, e.getMessage(), null);
      }
      var finished = clock.instant();
      metrics.reconciled(appId, outcome.result(), Duration.between(started, finished), finished);
      release(appId, outcome, finished);
    } finally {
      running.remove(appId);
      nextAtOnce();
    }
  }

  /**
   * A worker is free: look for due apps now rather than at the next tick, so a replica with a
   * backlog of due apps (many apps, short periods, watch triggers) reconciles at the workers' pace,
   * not at {@code workers} per tick.
   */
  private void nextAtOnce() {
    if (stopping) {
      return;
    }
    try {
      ticker.execute(this::tickSafely);
    } catch (java.util.concurrent.RejectedExecutionException e) {
      // closing
    }
  }

  private void release(String appId, Outcome outcome, Instant at) {
    var period = outcome.syncPeriod() == null ? settings.syncPeriod() : outcome.syncPeriod();
    var failures = outcome.result() == Result.FAILED ? leases.failures(appId) + 1 : 0;
    var wait =
        switch (outcome.result()) {
          case FAILED -> next.afterFailure(period, failures);
          case BUSY -> next.afterBusy(period);
          default -> next.afterSuccess(period);
        };
    if (outcome.result() == Result.FAILED) {
      // One WARN line per failed attempt, with the reason and no stack trace: the change (if one
      // started) is recorded failed with the same reason, and AppReconciler logs any unexpected
      // failure's trace at DEBUG.
      log.warn(
          "Reconcile of {} failed ({} in a row), next try in {}: {}",
          appId,
          failures,
          wait,
          outcome.error());
    }
    var result =
        new ReconcileLeases.Result(
            outcome.result().name().toLowerCase(Locale.ROOT),
            failures,
            outcome.changeId(),
            outcome.error());
    if (!leases.release(appId, owner, at, result, at.plus(wait))) {
      log.warn(
          "The reconcile lease of {} expired while it ran; another replica may have it", appId);
    }
  }

  /**
   * A clean stop (issue 25): takes no due app any more and waits up to {@code grace} for the
   * reconciles already running to finish and record their changes, so no change is left open for
   * crash recovery and none runs while the context below it (the command bus, the database) closes.
   * A reconcile still running after {@code grace} is interrupted by {@link #close()}; its change is
   * then closed by crash recovery on the next start, as after a crash.
   */
  void drain(Duration grace) {
    stopping = true;
    ticker.shutdown();
    workers.shutdown();
    try {
      ticker.awaitTermination(grace.toMillis(), TimeUnit.MILLISECONDS);
      if (!workers.awaitTermination(grace.toMillis(), TimeUnit.MILLISECONDS)) {
        log.warn("Stopping with reconciles of {} still running after {}", running, grace);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  @Override
  public void close() {
    ticker.shutdownNow();
    workers.shutdownNow();
  }
}
