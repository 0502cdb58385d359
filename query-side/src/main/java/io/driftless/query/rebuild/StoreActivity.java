package io.driftless.query.rebuild;

import io.driftless.query.eventstore.EventStoreReader;
import java.time.Duration;
import org.springframework.dao.DataAccessException;

/**
 * Whether deploys are writing to the event store, so that a rebuild yields to them: the store's
 * highest global index, asked at most every {@link #CHECK_EVERY_NANOS}; the store is busy from a
 * check that saw it grow until {@code window} after the last such check. Thread-safe (the
 * read-ahead and the fold both ask).
 */
final class StoreActivity {

  static final long CHECK_EVERY_NANOS = 200_000_000L;

  private final EventStoreReader store;
  private final long windowNanos;
  private long checkedAt;
  private long lastIndex = -1;
  private long grewAt;
  private boolean everGrew;

  StoreActivity(EventStoreReader store, Duration window) {
    this.store = store;
    this.windowNanos = window.toNanos();
  }

  /** Whether the store grew within the window (false when the window is zero). */
  synchronized boolean busy() {
    if (windowNanos <= 0) {
      return false;
    }
    var now = System.nanoTime();
    if (lastIndex < 0 || now - checkedAt >= CHECK_EVERY_NANOS) {
      checkedAt = now;
      try {
        var index = store.lastGlobalIndex();
        if (lastIndex >= 0 && index > lastIndex) {
          grewAt = now;
          everGrew = true;
        }
        lastIndex = index;
      } catch (DataAccessException e) {
        return everGrew && now - grewAt < windowNanos; // the read itself will report the store
      }
    }
    return everGrew && now - grewAt < windowNanos;
  }
}
