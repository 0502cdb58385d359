package io.driftless.events.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.channels.FileChannel;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import org.junit.jupiter.api.Test;

/**
 * The lock that keeps broker restarts apart from the classes that need the broker up, held on the
 * machine's own lock file for a few milliseconds per test.
 */
class MachineBrokerTest {

  @Test
  void aRestartInsideATestThatHoldsTheBrokerAloneRunsUnderTheLockAlreadyHeld() throws Exception {
    var ran = new ArrayList<String>();

    MachineBroker.alone(
        () -> {
          ran.add("test");
          MachineBroker.alone(() -> ran.add("restart"));
          MachineBroker.whileUp(() -> ran.add("cleanup"));
          assertThat(heldByThisJvm()).as("still held after the inner calls").isTrue();
        });

    assertThat(ran).containsExactly("test", "restart", "cleanup");
    assertThat(heldByThisJvm()).as("given back at the end").isFalse();
  }

  @Test
  void aCleanupHoldsTheSharedLockWhileItRunsAndGivesItBack() throws Exception {
    var ran = new ArrayList<Boolean>();

    MachineBroker.whileUp(() -> ran.add(heldByThisJvm()));

    assertThat(ran).containsExactly(true);
    assertThat(heldByThisJvm()).isFalse();
  }

  /**
   * Whether this JVM holds a lock on the file: the JDK refuses a second overlapping lock in the
   * same JVM instead of waiting for it.
   */
  private static boolean heldByThisJvm() throws Exception {
    try (var channel =
        FileChannel.open(
            MachineBroker.FILE,
            StandardOpenOption.CREATE,
            StandardOpenOption.READ,
            StandardOpenOption.WRITE)) {
      var lock = channel.lock(0, Long.MAX_VALUE, true);
      lock.release();
      return false;
    } catch (OverlappingFileLockException held) {
      return true;
    }
  }
}
