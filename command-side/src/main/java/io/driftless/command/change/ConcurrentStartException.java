package io.driftless.command.change;

/**
 * Another replica (or request) started a change of the same app at the same moment: the event
 * store's sequence check (for a new app: the uniqueness of its first event, two first deploys both
 * creating the {@code App} stream) or the app's claim row refused this start, which stored nothing.
 * The winner took the change number this start computed, so the answer names its change id.
 * Answered as {@code 409 change_in_progress}.
 */
public final class ConcurrentStartException extends RuntimeException {

  ConcurrentStartException(String appId, String changeId, Throwable cause) {
    super(
        "another change of app "
            + appId
            + " started at the same moment ("
            + changeId
            + "); try again",
        cause);
  }
}
