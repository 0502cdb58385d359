package io.driftless.query.rebuild;

/**
 * How a rebuild reads the event store.
 *
 * @param batchSize events per read and per shadow transaction
 * @param maxEventsPerSecond a ceiling on the folding rate, to spare the store; 0 for none
 */
public record RebuildSettings(int batchSize, long maxEventsPerSecond) {

  public RebuildSettings {
    if (batchSize < 1) {
      throw new IllegalArgumentException("driftless.rebuild.batch-size must be at least 1");
    }
    if (maxEventsPerSecond < 0) {
      throw new IllegalArgumentException("driftless.rebuild.max-events-per-second must be >= 0");
    }
  }
}
