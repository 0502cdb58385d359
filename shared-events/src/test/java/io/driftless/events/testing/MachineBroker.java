package io.driftless.events.testing;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The machine's RabbitMQ as a resource that test JVMs share. Integration tests run in two forks at
 * once (failsafe's {@code forkCount}, the root pom's {@code driftless.it.forks}), and the chaos
 * suite stops and starts the broker in the middle of its run. A class annotated {@link
 * UsesMachineBroker} holds a shared lock on one file in the system's temporary folder from before
 * its first test until after its last; {@link #alone} holds the exclusive lock, so a restart waits
 * for those classes to end and none of them starts while the broker is down.
 *
 * <p>The lock is the operating system's ({@link FileChannel#lock(long, long, boolean)}), held by
 * the test JVM: given back when the class ends, or by the kernel when the JVM dies. {@link #alone}
 * is reentrant on its thread: a test that restarts the broker inside its own {@code alone} keeps
 * the broker to itself from before the restart until after its checks. Classes whose Spring context
 * talks to the broker outlive their class in Spring's context cache; they need no lock as long as
 * no class of their module restarts the broker (only standalone's chaos suite does).
 */
public final class MachineBroker implements BeforeAllCallback {

  /** The file every test JVM on this machine locks. */
  static final Path FILE =
      Path.of(System.getProperty("java.io.tmpdir"), "driftless-it-rabbitmq.lock");

  /** Whether this thread runs inside {@link #alone}: the exclusive lock is held already. */
  private static final ThreadLocal<Boolean> HELD_ALONE = ThreadLocal.withInitial(() -> false);

  /** Something that stops or restarts the broker. */
  public interface BrokerWork {
    void run() throws Exception;
  }

  /**
   * Runs {@code work} (a broker restart) once no class that holds the shared lock runs, in this JVM
   * or another; classes that start meanwhile wait until it is done. Called again inside {@code
   * work} on the same thread, it runs its work under the lock already held.
   */
  public static void alone(BrokerWork work) throws Exception {
    hold(false, "a broker restart", work);
  }

  /**
   * Runs {@code work} (a cleanup after a class) while no restart runs: it waits for one in progress
   * and holds off the next until it is done.
   */
  public static void whileUp(BrokerWork work) throws Exception {
    hold(true, "a cleanup", work);
  }

  /** Runs {@code work} under the lock, or under the exclusive one this thread holds already. */
  private static void hold(boolean shared, String holder, BrokerWork work) throws Exception {
    if (HELD_ALONE.get()) {
      work.run();
      return;
    }
    try (var held = lock(shared, holder)) {
      HELD_ALONE.set(!shared);
      try {
        work.run();
      } finally {
        HELD_ALONE.set(false);
      }
    }
  }

  /**
   * Takes the shared lock before the class's first test; the store gives it back after its last.
   */
  @Override
  public void beforeAll(ExtensionContext context) throws IOException {
    var held = lock(true, context.getRequiredTestClass().getSimpleName());
    context.getStore(ExtensionContext.Namespace.create(MachineBroker.class)).put("lock", held);
  }

  private static Held lock(boolean shared, String holder) throws IOException {
    var channel =
        FileChannel.open(
            FILE, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
    var waited = System.nanoTime();
    FileLock lock = channel.lock(0, Long.MAX_VALUE, shared);
    var millis = (System.nanoTime() - waited) / 1_000_000;
    if (millis > 100) {
      System.out.printf("%s waited %d ms for the machine's broker%n", holder, millis);
    }
    return new Held(channel, lock);
  }

  /** A lock held, given back with its file at {@link #close}. */
  private record Held(FileChannel channel, FileLock lock) implements AutoCloseable {
    @Override
    public void close() throws IOException {
      try (channel) {
        lock.release();
      }
    }
  }
}
