package io.driftless.query.api;

/** The app or change asked for is not in the views (404). */
public final class NotFoundException extends RuntimeException {

  public NotFoundException(String message) {
    super(message);
  }
}
