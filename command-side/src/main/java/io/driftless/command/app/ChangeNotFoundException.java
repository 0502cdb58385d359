package io.driftless.command.app;

/** The app never had the named change (404 to the client). */
public final class ChangeNotFoundException extends RuntimeException {

  ChangeNotFoundException(String appId, String changeId) {
    super("app " + appId + " has no change " + changeId);
  }
}
