package io.driftless.query.projection;

import java.time.Duration;
import java.time.Instant;

/**
 * A rebuild as {@code GET /api/projections} shows it.
 *
 * @param rebuildId the id {@code POST /api/projections/{name}/rebuild} answered
 * @param version the version of the view it builds
 * @param phase {@code bulk}, {@code catch-up}, {@code swapping}, {@code swapped} or {@code failed}
 * @param done events folded so far
 * @param total events to fold: those in the store when the phase began, plus those folded before
 * @param eventsPerSecond the folding rate since the start (of this run, after a resume)
 * @param eta the time left at that rate, ISO-8601; null once swapped or failed
 * @param error why it failed, else null
 */
public record RebuildProgress(
    String rebuildId,
    int version,
    String phase,
    long done,
    long total,
    double eventsPerSecond,
    String eta,
    Instant startedAt,
    Instant updatedAt,
    String error) {

  /** Whether it still runs (or died while running: see {@code RebuildService}). */
  public boolean running() {
    return !"swapped".equals(phase) && !"failed".equals(phase);
  }

  static String eta(String phase, long done, long total, double eventsPerSecond) {
    if ("swapped".equals(phase) || "failed".equals(phase) || eventsPerSecond <= 0) {
      return null;
    }
    var seconds = Math.max(0, total - done) / eventsPerSecond;
    return Duration.ofMillis(Math.round(seconds * 1000)).toString();
  }
}
