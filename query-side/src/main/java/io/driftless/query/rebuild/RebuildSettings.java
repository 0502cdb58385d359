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
 * @param nice the nice value of the rebuild's threads (1 to 19: lower CPU priority than the
 *     process's other threads, {@link LowPriority}); 0 leaves their priority
 */
public record RebuildSettings(
    int batchSize,
    long maxEventsPerSecond,
    long busyEventsPerSecond,
    Duration busyWindow,
    int nice) {

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
    if (nice < 0 || nice > 19) {
      throw new IllegalArgumentException("driftless.rebuild.nice must be from 0 to 19");
    }
  }

  /**
   * Full speed whatever the store does, at normal priority (tests and benchmarks that measure the
   * fold alone).
   */
  public RebuildSettings(int batchSize, long maxEventsPerSecond) {
    this(batchSize, maxEventsPerSecond, 0, Duration.ZERO, 0);
  }
}
