package io.driftless.query.rebuild;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Lowers the calling thread's CPU priority, as {@code nice} does for a batch job: a rebuild is
 * background work, and a deploy that arrives on the same machine should get a core first. On Linux
 * a thread has a nice value of its own, and threads it starts inherit it (the rebuild's read-ahead
 * does); raising it needs no privilege, lowering it back does, so only threads that end with the
 * rebuild are lowered. Java has no call for it ({@link Thread#setPriority} is ignored on Linux
 * unless the JVM runs with {@code -XX:ThreadPriorityPolicy=1}), so this runs {@code renice} on the
 * thread's id, read from {@code /proc/thread-self}. Elsewhere, or without {@code renice}, the
 * thread keeps its priority and the reason is logged once.
 */
final class LowPriority {

  private static final Logger log = LoggerFactory.getLogger(LowPriority.class);
  private static final Path THREAD_SELF = Path.of("/proc/thread-self");
  private static volatile boolean warned;

  private LowPriority() {}

  /**
   * Sets the calling thread's nice value to {@code nice} (1 to 19); 0 leaves it.
   *
   * @return whether the thread now runs at that nice value
   */
  static boolean lowerCurrentThread(int nice) {
    if (nice == 0) {
      return false;
    }
    if (nice < 0 || nice > 19) {
      throw new IllegalArgumentException("a nice value lowers priority from 1 to 19: " + nice);
    }
    var tid = currentThreadId();
    if (tid.isEmpty()) {
      warnOnce("no /proc/thread-self (not Linux?): the rebuild runs at normal priority");
      return false;
    }
    try {
      var renice =
          new ProcessBuilder(
                  "renice", "-n", Integer.toString(nice), "-p", Long.toString(tid.getAsLong()))
              .redirectErrorStream(true)
              .redirectOutput(ProcessBuilder.Redirect.DISCARD)
              .start();
      if (!renice.waitFor(10, TimeUnit.SECONDS)) {
        renice.destroyForcibly();
        warnOnce("renice did not answer in 10 s: the rebuild runs at normal priority");
        return false;
      }
      if (renice.exitValue() != 0) {
        warnOnce("renice failed (exit " + renice.exitValue() + "): normal priority");
        return false;
      }
      return niceOf(tid.getAsLong()) == nice;
    } catch (IOException e) {
      warnOnce("cannot run renice (" + e.getMessage() + "): the rebuild runs at normal priority");
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  /** The kernel's id of the calling thread, from {@code /proc/thread-self -> <pid>/task/<tid>}. */
  static OptionalLong currentThreadId() {
    try {
      var target = Files.readSymbolicLink(THREAD_SELF);
      return OptionalLong.of(Long.parseLong(target.getFileName().toString()));
    } catch (IOException | UnsupportedOperationException | NumberFormatException e) {
      return OptionalLong.empty();
    }
  }

  /**
   * A thread's nice value, the 19th field of {@code /proc/self/task/<tid>/stat} (after the
   * parenthesised name, which may hold spaces); {@link Integer#MIN_VALUE} if it cannot be read.
   */
  static int niceOf(long tid) {
    try {
      var stat = Files.readString(Path.of("/proc/self/task/" + tid + "/stat"));
      var fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
      return Integer.parseInt(fields[16]); // fields from the 3rd (state) on: nice is the 19th
    } catch (IOException | RuntimeException e) {
      return Integer.MIN_VALUE;
    }
  }

  private static void warnOnce(String message) {
    if (!warned) {
      warned = true;
      log.warn(message);
    }
  }
}
