package io.driftless.command.deploy;

/** A live object the app does not own, or the cluster does not have: {@code 404 not_found}. */
final class LiveObjectNotFoundException extends RuntimeException {

  LiveObjectNotFoundException(String message) {
    super(message);
  }
}
