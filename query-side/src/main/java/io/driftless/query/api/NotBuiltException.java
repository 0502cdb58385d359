package io.driftless.query.api;

/** A query of a view that is not built yet (a new view before its first rebuild): 503. */
public class NotBuiltException extends RuntimeException {

  public NotBuiltException(String message) {
    super(message);
  }
}
