package io.driftless.command.app;

import io.driftless.events.ChangeIds;

/**
 * The app changed between planning and starting the change (409 to the client). The message names
 * the change that got in the way, as {@link ChangeInProgressException} does.
 */
public final class StaleAppStateException extends RuntimeException {

  StaleAppStateException(String appId, long expected, long actual) {
    super(
        "app "
            + appId
            + " changed while this change was planned: change "
            + ChangeIds.of(appId, actual)
            + " ran meanwhile (this one was planned against change "
            + expected
            + "); deploy again");
  }
}
