package io.driftless.query.rebuild;

import io.driftless.query.projection.Projection;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How fast a rebuild reads: never above {@code maxEventsPerSecond} (when set), and while deploys
 * write to the event store ({@link StoreActivity}) in short reads at {@code busyEventsPerSecond}
 * (when set), so the rebuild leaves the machine to the deploys most of the time.
 */
final class Pacing {

  private static final Logger log = LoggerFactory.getLogger(Pacing.class);

  private final Projection view;
  private final String rebuildId;
  private final RebuildSettings settings;
  private final StoreActivity activity;
  private final Progress progress;
  private long lastPace = System.nanoTime();
  private boolean yielded;

  Pacing(
      Projection view,
      String rebuildId,
      RebuildSettings settings,
      StoreActivity activity,
      Progress progress) {
    this.view = view;
    this.rebuildId = rebuildId;
    this.settings = settings;
    this.activity = activity;
    this.progress = progress;
  }

  /** The size of the next read: short while the rebuild yields (asked by the read-ahead thread). */
  int batchSize() {
    return yielding()
        ? Math.min(settings.batchSize(), RebuildSettings.BUSY_BATCH)
        : settings.batchSize();
  }

  private boolean yielding() {
    return settings.busyEventsPerSecond() > 0 && activity.busy();
  }

  /** Sleeps while the run is ahead of {@code maxEventsPerSecond}. */
  void throttle(long done) throws InterruptedException {
    var max = settings.maxEventsPerSecond();
    if (max <= 0) {
      return;
    }
    var dueNanos = (long) (progress.doneSinceStart(done) * 1e9 / max);
    var aheadMillis = (dueNanos - progress.elapsedNanos()) / 1_000_000;
    if (aheadMillis > 0) {
      Thread.sleep(aheadMillis);
    }
  }

  /**
   * While the store is busy, a read of {@code events} takes at least {@code events /
   * busyEventsPerSecond} from the end of the previous one: the rebuild leaves the machine to the
   * deploys most of the time, in short bursts.
   */
  void pace(int events) throws InterruptedException {
    var now = System.nanoTime();
    if (yielding()) {
      var due = lastPace + (long) (events * 1e9 / settings.busyEventsPerSecond());
      if (due > now) {
        if (!yielded) {
          log.info(
              "Rebuild {} of the {} view: the event store is busy; yielding to it at {} events/s",
              rebuildId,
              view.name(),
              settings.busyEventsPerSecond());
          yielded = true;
        }
        TimeUnit.NANOSECONDS.sleep(due - now);
        now = System.nanoTime();
      }
    } else if (yielded) {
      log.info(
          "Rebuild {} of the {} view: the event store is quiet; full speed",
          rebuildId,
          view.name());
      yielded = false;
    }
    lastPace = now;
  }
}
