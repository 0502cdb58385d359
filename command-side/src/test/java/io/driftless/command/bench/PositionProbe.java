package io.driftless.command.bench;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Samples a position every {@code pollMillis} ms on a thread of its own: the relay's position
 * (events published and confirmed) or the query side's applied count (events committed to the
 * views). Delivery is in store order (one relay, one queue, one consumer), so a chunk of stored
 * events has passed a point once that point's position reaches the number of events stored up to
 * and including the chunk: {@link #lags} turns the samples into per-chunk delays.
 */
final class PositionProbe {

  private final List<long[]> samples = Collections.synchronizedList(new ArrayList<>());
  private final ScheduledExecutorService sampler;
  private final int pollMillis;

  PositionProbe(String name, int pollMillis, Callable<Long> position) {
    this.pollMillis = pollMillis;
    sampler =
        Executors.newSingleThreadScheduledExecutor(
            task -> {
              var thread = new Thread(task, "e2e-bench-probe-" + name);
              thread.setDaemon(true);
              return thread;
            });
    sampler.scheduleWithFixedDelay(
        () -> {
          try {
            samples.add(new long[] {System.nanoTime(), position.call()});
          } catch (Exception e) {
            System.out.println("  probe " + name + " failed: " + e);
            throw new IllegalStateException(e);
          }
        },
        0,
        pollMillis,
        TimeUnit.MILLISECONDS);
  }

  int pollMillis() {
    return pollMillis;
  }

  void stop() throws InterruptedException {
    sampler.shutdownNow();
    sampler.awaitTermination(5, TimeUnit.SECONDS);
  }

  /**
   * Per-chunk delays, sorted, bounded on both sides: a chunk became visible after the last sample
   * that had not reached it ({@code low}) and no later than the first one that had ({@code high}).
   * Each percentile of the true delays lies between the same percentile of the two.
   */
  record Lags(double[] low, double[] high) {}

  /** For each tick {@code (stored at nanoTime, events stored so far)}, its {@link Lags}. */
  Lags lags(List<long[]> ticks) {
    synchronized (samples) {
      var low = new double[ticks.size()];
      var high = new double[ticks.size()];
      var next = 0;
      for (int i = 0; i < ticks.size(); i++) {
        var tick = ticks.get(i);
        while (next < samples.size() - 1 && samples.get(next)[1] < tick[1]) {
          next++;
        }
        var before = next > 0 ? samples.get(next - 1)[0] : tick[0];
        low[i] = Math.max(0, before - tick[0]) / 1e6;
        high[i] = Math.max(0, samples.get(next)[0] - tick[0]) / 1e6;
      }
      Arrays.sort(low);
      Arrays.sort(high);
      return new Lags(low, high);
    }
  }
}
