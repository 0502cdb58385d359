package io.driftless.command.app;

/** An unlock of an app that has no lock in force ({@code 409 not_locked}). */
public final class NotLockedException extends RuntimeException {

  public NotLockedException(String appId) {
    super("App " + appId + " is not locked.");
  }
}
