package io.driftless.command.deploy;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.driftless.events.AppChangeFinished;
import io.driftless.events.OpCounts;
import io.driftless.events.WaitCounts;
import java.time.Instant;

/**
 * The answer to {@code POST .../changes/{changeId}/abort}: the change as it was closed.
 *
 * @param successful always false: an aborted change is a failed one
 * @param description the change's own description (kapp's {@code update: Op: ...})
 * @param error the recorded reason, {@code aborted by <actor>: <reason>}
 * @param abortedBy the actor: the authenticated principal, {@code anonymous} without security
 * @param at when it was closed
 * @param eventPosition the event position once the closing event is stored ({@link
 *     EventPositionAdvice}), so a client can wait for the history view to show it
 */
record AbortResponse(
    String app,
    String changeId,
    boolean successful,
    String description,
    OpCounts ops,
    @JsonProperty("wait") WaitCounts waits,
    String error,
    String abortedBy,
    Instant at,
    @JsonInclude(JsonInclude.Include.NON_NULL) Long eventPosition) {

  static AbortResponse of(AppChangeFinished finished, String actor) {
    return new AbortResponse(
        finished.appId(),
        finished.changeId(),
        finished.successful(),
        finished.description(),
        finished.ops(),
        finished.waits(),
        finished.error(),
        actor,
        finished.finishedAt(),
        null);
  }

  AbortResponse withEventPosition(long position) {
    return new AbortResponse(
        app, changeId, successful, description, ops, waits, error, abortedBy, at, position);
  }
}
