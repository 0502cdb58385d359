package io.driftless.query.rebuild;

import io.driftless.query.eventstore.EventStoreReader;
import io.driftless.query.eventstore.IndexedEvent;
import io.driftless.shared.DaemonThreads;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.IntSupplier;

/**
 * Reads the event store in global order on a thread of its own, up to {@link #DEPTH} reads ahead of
 * the fold: while the fold writes one batch to the shadow, the next one is read and decoded (a
 * rebuild's two halves on the machine's two cores). The reads stop after the first one that comes
 * back short (the store's end at that moment); a failed read is thrown by {@link #next}.
 */
final class ReadAhead implements AutoCloseable {

  /** Reads held ready: one being folded, one waiting, one being read. */
  static final int DEPTH = 2;

  /** One read: the events and how many were asked for (fewer means the store's end). */
  record Read(List<IndexedEvent> events, int asked) {
    boolean isLast() {
      return events.size() < asked;
    }
  }

  private record Failure(RuntimeException cause) {}

  private final BlockingQueue<Object> reads = new ArrayBlockingQueue<>(DEPTH);
  private final Thread thread;
  private volatile boolean closed;

  /**
   * @param after the global index to read after
   * @param size how many events the next read asks for (asked before each read)
   */
  ReadAhead(EventStoreReader store, long after, IntSupplier size, String threadName) {
    this.thread = DaemonThreads.create(threadName, () -> readAll(store, after, size));
    thread.start();
  }

  private void readAll(EventStoreReader store, long after, IntSupplier size) {
    var last = after;
    try {
      while (!closed) {
        var asked = size.getAsInt();
        var events = store.readAfter(last, asked);
        var read = new Read(events, asked);
        reads.put(read);
        if (read.isLast()) {
          return;
        }
        last = events.get(events.size() - 1).globalIndex();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt(); // closed: the fold stopped
    } catch (RuntimeException e) {
      try {
        reads.put(new Failure(e));
      } catch (InterruptedException closed) {
        Thread.currentThread().interrupt();
      }
    }
  }

  /** The next read, in global order; waits for it. */
  Read next() throws InterruptedException {
    var next = reads.take();
    if (next instanceof Failure failure) {
      throw failure.cause();
    }
    return (Read) next;
  }

  /** Stops reading (a read under way finishes and is dropped). */
  @Override
  public void close() throws InterruptedException {
    closed = true;
    thread.interrupt();
    reads.clear();
    thread.join(TimeUnit.SECONDS.toMillis(30));
  }
}
