package io.driftless.command.app;

/** Another change of the app is in progress (409 to the client). */
public final class ChangeInProgressException extends RuntimeException {

  public ChangeInProgressException(String appId, String changeId) {
    super("app " + appId + " has change " + changeId + " in progress; try again when it ends");
  }
}
