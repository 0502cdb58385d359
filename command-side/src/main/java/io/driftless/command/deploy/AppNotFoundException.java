package io.driftless.command.deploy;

/** A delete of an app that has no resources. */
final class AppNotFoundException extends RuntimeException {

  AppNotFoundException(String appId) {
    super("app " + appId + " does not exist");
  }
}
