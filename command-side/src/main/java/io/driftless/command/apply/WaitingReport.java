package io.driftless.command.apply;

import io.driftless.command.apply.wait.Progress;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * kapp's report of what an apply still waits for, every {@code
 * driftless.deploy.waiting-report-period} (5 s) while anything is waited for: {@code ---- waiting
 * on 1 changes [0/1 done] ----}, then one {@code ongoing: reconcile configmap/x (v1) namespace: ns}
 * line per change still under way (its write or its wait: an {@code exists} object not there yet, a
 * Deployment not yet available, an object not yet gone), with the last thing its wait said as
 * detail. Without it a deploy waiting for an {@code exists} object that never came said nothing for
 * the whole wait timeout. Every line also passes through to the change's {@link Progress}; the
 * report adds lines, it changes none. Nothing is reported for a change nobody listens to ({@link
 * Progress#NONE}) or with period 0.
 */
final class WaitingReport implements Progress, AutoCloseable {

  private final Progress out;
  private final int total;
  private final Map<String, List<String>> waiting = new LinkedHashMap<>();
  private int done;
  private boolean closed;
  private ScheduledFuture<?> tick;

  private WaitingReport(Progress out, int total) {
    this.out = out;
    this.total = total;
  }

  /** Starts reporting every {@code period} on {@code timer}, until {@link #close()}. */
  static WaitingReport start(
      Progress out, int total, Duration period, ScheduledExecutorService timer) {
    var report = new WaitingReport(out, total);
    if (out != Progress.NONE && !period.isZero() && !period.isNegative()) {
      var millis = period.toMillis();
      synchronized (report) {
        report.tick =
            timer.scheduleWithFixedDelay(report::report, millis, millis, TimeUnit.MILLISECONDS);
      }
    }
    return report;
  }

  /** A change is under way: {@code what} is kapp's {@code reconcile configmap/x (v1) ...}. */
  synchronized void waiting(String what) {
    waiting.put(what, List.of());
  }

  /** The change is done, successfully or not. */
  synchronized void finished(String what) {
    if (waiting.remove(what) != null) {
      done++;
    }
  }

  @Override
  public void line(String line, List<String> detail) {
    if (line.startsWith("ongoing: ")) {
      remember(line.substring("ongoing: ".length()), detail);
    }
    out.line(line, detail);
  }

  private synchronized void remember(String what, List<String> detail) {
    waiting.computeIfPresent(what, (key, before) -> List.copyOf(detail));
  }

  /**
   * One report: nothing when nothing is waited for, or once closed (so no report follows the
   * apply's last line). Written under this report's lock, so a change that ends meanwhile is
   * reported as it was when the report began.
   */
  synchronized void report() {
    if (closed || waiting.isEmpty()) {
      return;
    }
    out.line(
        "---- waiting on " + waiting.size() + " changes [" + done + "/" + total + " done] ----");
    waiting.forEach((what, detail) -> out.line("ongoing: " + what, detail));
  }

  @Override
  public synchronized void close() {
    closed = true;
    if (tick != null) {
      tick.cancel(false);
    }
  }
}
