package io.driftless.command.app;

/** The app had the named change, but it has ended: nothing to abort (409 to the client). */
public final class ChangeNotOpenException extends RuntimeException {

  ChangeNotOpenException(String appId, String changeId) {
    super("change " + changeId + " of app " + appId + " is not open: it has ended");
  }
}
