package io.driftless.query.rebuild;

import java.time.Duration;

/**
 * How a rebuild reads the event store.
 *
 * @param batchSize events per read and per shadow transaction
 * @param maxEventsPerSecond a ceiling on the folding rate, to spare the store; 0 for none
 * @param busyEventsPerSecond the ceiling while the store grows (deploys are writing), so that a
 *     rebuild yields to them; 0 for none (full speed whatever the store does)
 * @param busyWindow how long after the store last grew the rebuild still counts it as busy
 */
public record RebuildSettings(
    int batchSize, long maxEventsPerSecond, long busyEventsPerSecond, Duration busyWindow) {

  /** Reads of at most this many events while the store is busy: short bursts, short waits. */
  static final int BUSY_BATCH = 1_000;

  public RebuildSettings {
    if (batchSize < 1) {
      throw new IllegalArgumentException("driftless.rebuild.batch-size must be at least 1");
    }
    if (maxEventsPerSecond < 0) {
      throw new IllegalArgumentException("driftless.rebuild.max-events-per-second must be >= 0");
    }
    if (busyEventsPerSecond < 0) {
      throw new IllegalArgumentException("driftless.rebuild.busy-events-per-second must be >= 0");
    }
    if (busyWindow == null || busyWindow.isNegative()) {
      throw new IllegalArgumentException("driftless.rebuild.busy-window must be >= 0");
    }
  }

  /** Full speed whatever the store does (tests and benchmarks that measure the fold alone). */
  public RebuildSettings(int batchSize, long maxEventsPerSecond) {
    this(batchSize, maxEventsPerSecond, 0, Duration.ZERO);
  }
}
