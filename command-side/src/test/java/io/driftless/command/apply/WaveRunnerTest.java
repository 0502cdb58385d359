package io.driftless.command.apply;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class WaveRunnerTest {

  private final ExecutorService workers = Executors.newCachedThreadPool();

  @AfterEach
  void stop() {
    workers.shutdownNow();
  }

  @Test
  void runsAWaveConcurrentlyAndReportsInTheWavesOrder() {
    // Each item waits until all three run at once: only concurrency 3 gets through.
    var together = new CountDownLatch(3);
    var reported = new ArrayList<String>();
    var failure =
        new WaveRunner(3, workers)
            .run(
                List.of(List.of("c", "b", "a"), List.of("d")),
                item -> {
                  together.countDown();
                  return awaited(together) ? null : "not concurrent: " + item;
                },
                (item, failed) -> reported.add(item + "=" + failed));

    assertThat(failure).isNull();
    assertThat(reported).containsExactly("c=null", "b=null", "a=null", "d=null");
  }

  @Test
  void runsNoMoreThanTheConcurrencyAtOnce() {
    var running = new AtomicInteger();
    var most = new AtomicInteger();
    var firstTwo = new CountDownLatch(2);
    new WaveRunner(2, workers)
        .run(
            List.of(List.of(1, 2, 3, 4, 5, 6)),
            item -> {
              most.accumulateAndGet(running.incrementAndGet(), Math::max);
              firstTwo.countDown();
              awaited(firstTwo);
              running.decrementAndGet();
              return null;
            },
            (item, failed) -> {});

    assertThat(most.get()).isEqualTo(2);
  }

  @Test
  void concurrencyOneRunsEverythingOnTheCallingThread() {
    var threads = new ArrayList<Thread>();
    new WaveRunner(1, workers)
        .run(
            List.of(List.of(1, 2, 3)),
            item -> {
              threads.add(Thread.currentThread());
              return null;
            },
            (item, failed) -> {});

    assertThat(threads).containsOnly(Thread.currentThread()).hasSize(3);
  }

  @Test
  void finishesTheFailedWaveAndStopsBeforeTheNext() {
    var ran = new ArrayList<String>();
    var reported = new ArrayList<String>();

    var failure =
        new WaveRunner(1, workers)
            .run(
                List.of(List.of("a", "bad", "c"), List.of("d")),
                item -> {
                  ran.add(item);
                  return item.equals("bad") ? "refused " + item : null;
                },
                (item, failed) -> reported.add(item + "=" + failed));

    assertThat(failure).isEqualTo("refused bad");
    assertThat(ran).containsExactly("a", "bad", "c");
    assertThat(reported).containsExactly("a=null", "bad=refused bad", "c=null");
  }

  private static boolean awaited(CountDownLatch latch) {
    try {
      return latch.await(10, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }
}
