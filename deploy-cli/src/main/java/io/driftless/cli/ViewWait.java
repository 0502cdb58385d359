package io.driftless.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.util.OptionalLong;

/**
 * Waits until the query side shows a change: the command's answer carries the position of the
 * change's last event ({@code eventPosition}, header {@code Driftless-Event-Position}); every query
 * answer carries {@code Driftless-View-Position}, the events its views have applied. Bounded: a
 * view that does not catch up in time is a warning, not a failure (the change is applied). A server
 * that sends no positions (an older one) is not waited for.
 */
final class ViewWait {

  private static final Duration POLL = Duration.ofMillis(25);

  private ViewWait() {}

  /**
   * Waits until the history view shows what a command recorded: the position from the answer's
   * {@code eventPosition} or its header. Not reached within {@code timeout}: a warning (what was
   * recorded stays recorded). No position (an older server): no wait.
   */
  static void awaitRecorded(
      ClientOptions client, AppRef app, ApiResponse response, JsonNode answer, Duration timeout) {
    var field = answer.path("eventPosition");
    var position =
        field.canConvertToLong()
            ? OptionalLong.of(field.asLong())
            : response.longHeader(ApiResponse.EVENT_POSITION);
    if (position.isPresent() && !await(client.api(), app, position.getAsLong(), timeout)) {
      client
          .ui()
          .warn(
              "the history view has not shown the change within "
                  + timeout.toSeconds()
                  + "s (it is recorded; see driftless projections)");
    }
  }

  /** True when the view reached {@code position} within {@code timeout}, or cannot say. */
  static boolean await(DriftlessApi api, AppRef app, long position, Duration timeout) {
    var deadline = System.nanoTime() + timeout.toNanos();
    while (true) {
      var viewPosition = viewPosition(api, app);
      if (viewPosition.isEmpty() || viewPosition.getAsLong() >= position) {
        return true;
      }
      if (System.nanoTime() > deadline) {
        return false;
      }
      pause();
    }
  }

  private static OptionalLong viewPosition(DriftlessApi api, AppRef app) {
    return api.get(app.path() + "/changes", "limit=1").longHeader(ApiResponse.VIEW_POSITION);
  }

  private static void pause() {
    try {
      Thread.sleep(POLL.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new CliFailure("interrupted while waiting for the history view");
    }
  }
}
