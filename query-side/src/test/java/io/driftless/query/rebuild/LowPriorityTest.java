package io.driftless.query.rebuild;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The rebuild's threads run at a lower priority than the rest of the process (Linux only). */
class LowPriorityTest {

  @Test
  void lowersOnlyTheCallingThreadAndTheThreadsItStarts() throws Exception {
    assumeTrue(Files.exists(Path.of("/proc/thread-self")), "Linux");
    var caller = LowPriority.currentThreadId().orElseThrow();
    var before = LowPriority.niceOf(caller);
    assumeTrue(before < 19, "already at the lowest priority");
    var nice = before + 1;

    var lowered = new CompletableFuture<long[]>();
    var worker =
        new Thread(
            () -> {
              var self = LowPriority.currentThreadId().orElseThrow();
              var done = LowPriority.lowerCurrentThread(nice);
              var child = new CompletableFuture<Integer>();
              new Thread(
                      () ->
                          child.complete(
                              LowPriority.niceOf(LowPriority.currentThreadId().orElseThrow())))
                  .start();
              lowered.complete(
                  new long[] {done ? 1 : 0, self, LowPriority.niceOf(self), child.join()});
            },
            "low-priority-test");
    worker.start();
    var result = lowered.get(30, TimeUnit.SECONDS);

    assertThat(result[0]).as("renice reported success").isEqualTo(1);
    assertThat(result[1]).as("a thread of its own").isNotEqualTo(caller);
    assertThat(result[2]).as("the lowered thread's nice value").isEqualTo(nice);
    assertThat(result[3]).as("a thread it starts inherits it").isEqualTo(nice);
    assertThat(LowPriority.niceOf(caller)).as("the caller keeps its priority").isEqualTo(before);
  }

  @Test
  void zeroLeavesThePriorityAndOutOfRangeIsRefused() {
    assertThat(LowPriority.lowerCurrentThread(0)).isFalse();
    assertThatThrownBy(() -> LowPriority.lowerCurrentThread(20))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> LowPriority.lowerCurrentThread(-5))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
