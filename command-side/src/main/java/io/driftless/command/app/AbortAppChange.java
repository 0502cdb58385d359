package io.driftless.command.app;

import java.time.Instant;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

/**
 * Close an open change by hand, as failed ({@code POST .../changes/{changeId}/abort}, an admin's
 * way out of a stuck change). Recorded as {@code AppChangeFinished} with {@code successful: false}
 * and the error {@code aborted by <actor>: <reason>}; the App answers that event.
 *
 * @param actor who aborted: the authenticated principal's name, {@code anonymous} without security
 * @param reason why, as the admin wrote it; blank for the default wording
 */
public record AbortAppChange(
    @TargetAggregateIdentifier String appId,
    String changeId,
    String actor,
    String reason,
    Instant at) {}
