package io.driftless.query.rebuild;

import io.driftless.shared.DaemonThreads;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * The bulk phase's writer thread: stores and commits one read while the rebuild's thread folds the
 * next; one write at a time, each waiting for the previous. Made from the rebuild's thread, so it
 * has that thread's priority. Closing it waits until it has let go of the connection.
 */
final class WriteBehind implements AutoCloseable {

  private final ExecutorService writer;
  private Future<?> writing;

  WriteBehind(String threadName) {
    this.writer = Executors.newSingleThreadExecutor(DaemonThreads.named(threadName));
  }

  /** Waits for the previous write, then starts this one. */
  void write(Callable<?> write) throws Exception {
    await();
    writing = writer.submit(write);
  }

  /** Waits for the last write; its failure is the rebuild's. */
  void await() throws Exception {
    if (writing == null) {
      return;
    }
    try {
      writing.get();
    } catch (ExecutionException e) {
      if (e.getCause() instanceof Exception cause) {
        throw cause;
      }
      throw e;
    }
  }

  /**
   * Stops the writer and waits until it has let go of the connection (a statement under way
   * finishes first), even if this thread is interrupted meanwhile: the connection is rolled back
   * and reused after this.
   */
  @Override
  public void close() {
    writer.shutdownNow();
    var interrupted = false;
    while (true) {
      try {
        if (writer.awaitTermination(10, TimeUnit.SECONDS)) {
          break;
        }
      } catch (InterruptedException e) {
        interrupted = true;
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }
}
