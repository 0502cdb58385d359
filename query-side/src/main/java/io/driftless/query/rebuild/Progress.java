package io.driftless.query.rebuild;

import io.driftless.query.projection.Projection;
import io.driftless.query.projection.ViewBuilds;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How far one run of a rebuild is: its rate since the run started (a resumed rebuild counts from
 * where it resumed), written to the rebuild's record at every read and logged every five seconds in
 * the bulk phase and at every other phase.
 */
final class Progress {

  private static final Logger log = LoggerFactory.getLogger(Progress.class);

  private final Projection view;
  private final String rebuildId;
  private final ViewBuilds builds;
  private long startedNanos;
  private long doneAtStart;
  private long lastLog;

  Progress(Projection view, String rebuildId, ViewBuilds builds) {
    this.view = view;
    this.rebuildId = rebuildId;
    this.builds = builds;
  }

  /** The run starts now, with {@code doneAtStart} events folded already. */
  void start(long doneAtStart) {
    this.startedNanos = System.nanoTime();
    this.doneAtStart = doneAtStart;
  }

  /** Events folded since the run started. */
  long doneSinceStart(long done) {
    return done - doneAtStart;
  }

  /** Nanoseconds since the run started. */
  long elapsedNanos() {
    return System.nanoTime() - startedNanos;
  }

  void report(String phase, long done, long total) {
    var rate = rate(done);
    builds.progress(rebuildId, phase, done, total, rate);
    var now = System.nanoTime();
    if (now - lastLog > 5_000_000_000L || !"bulk".equals(phase)) {
      lastLog = now;
      log.info(
          "Rebuild {} of the {} view: {} {}/{} events, {} events/s",
          rebuildId,
          view.name(),
          phase,
          done,
          total,
          Math.round(rate));
    }
  }

  /** Events per second folded since the run started. */
  double rate(long done) {
    var seconds = elapsedNanos() / 1e9;
    return seconds <= 0 ? 0 : doneSinceStart(done) / seconds;
  }
}
