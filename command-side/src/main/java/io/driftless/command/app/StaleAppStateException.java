package io.driftless.command.app;

/** The app changed between planning and starting the change (409 to the client). */
public final class StaleAppStateException extends RuntimeException {

  StaleAppStateException(String appId, long expected, long actual) {
    super(
        "app "
            + appId
            + " changed while this change was planned (change "
            + actual
            + ", planned against "
            + expected
            + "); deploy again");
  }
}
