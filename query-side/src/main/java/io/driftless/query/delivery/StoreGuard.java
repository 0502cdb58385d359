package io.driftless.query.delivery;

import io.driftless.events.AmqpFormat;
import io.driftless.query.eventstore.EventStoreMismatchException;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Checks that events come from the event store the query side repairs gaps from. The relay marks
 * every message with its store's id ({@link AmqpFormat#HEADER_STORE_ID}); the first message with
 * another id trips the guard for every consumer of the process: consuming stops (the messages stay
 * queued), health turns DOWN and the log says what to fix. Messages without the header (an older
 * relay, a hand-published message) are not checked.
 */
public final class StoreGuard {

  private static final Logger log = LoggerFactory.getLogger(StoreGuard.class);

  private final String expected;
  private final String location;
  private volatile String mismatch;

  /**
   * @param expected the id of the store this side reads, null to check nothing
   * @param location where that store is, for messages
   */
  public StoreGuard(String expected, String location) {
    this.expected = expected;
    this.location = location;
  }

  /** A guard that accepts everything (no event store id known). */
  public static StoreGuard none() {
    return new StoreGuard(null, "");
  }

  /** Why consuming stopped, or null. */
  public String mismatch() {
    return mismatch;
  }

  void check(List<Delivery> batch) {
    if (mismatch != null) {
      throw new EventStoreMismatchException(mismatch);
    }
    if (expected == null) {
      return;
    }
    for (var delivery : batch) {
      var headers = delivery.properties().getHeaders();
      var id = headers == null ? null : headers.get(AmqpFormat.HEADER_STORE_ID);
      if (id != null && !expected.equals(id.toString())) {
        trip(id.toString());
        throw new EventStoreMismatchException(mismatch);
      }
    }
  }

  private synchronized void trip(String actual) {
    if (mismatch != null) {
      return;
    }
    mismatch =
        "events come from event store "
            + actual
            + " but the query side repairs gaps from event store "
            + expected
            + " ("
            + location
            + "): consuming stopped. Give both sides the same database settings"
            + " (DB_HOST, DB_PORT, DB_NAME; driftless.event-store.url) and restart the query side";
    log.error("WRONG EVENT STORE: {}", mismatch);
  }
}
