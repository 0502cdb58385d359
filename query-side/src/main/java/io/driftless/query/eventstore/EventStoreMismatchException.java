package io.driftless.query.eventstore;

/**
 * Events come from another event store than the one the query side repairs gaps from, or that store
 * is not usable: repairing from it would put another store's events into the views.
 */
public final class EventStoreMismatchException extends IllegalStateException {

  public EventStoreMismatchException(String message) {
    super(message);
  }

  public EventStoreMismatchException(String message, Throwable cause) {
    super(message, cause);
  }
}
