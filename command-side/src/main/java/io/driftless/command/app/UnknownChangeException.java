package io.driftless.command.app;

/** The named change is not the one in progress. */
public final class UnknownChangeException extends RuntimeException {

  UnknownChangeException(String appId, String changeId) {
    super("app " + appId + " has no change " + changeId + " in progress");
  }
}
