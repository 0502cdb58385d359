package io.driftless.events;

import java.time.Instant;

/**
 * An App's change ended, successfully or not. A change left open by a crash is closed with this
 * event too, unsuccessful, when the command side starts.
 *
 * @param appId {@code namespace/app}
 * @param changeId the change that ended
 * @param successful whether every operation succeeded
 * @param description kapp's summary of the change
 * @param ops the operations of the change
 * @param waits what the change waited for
 * @param finishedAt when it ended
 * @param error why it failed, null when successful
 */
public record AppChangeFinished(
    String appId,
    String changeId,
    boolean successful,
    String description,
    OpCounts ops,
    WaitCounts waits,
    Instant finishedAt,
    String error)
    implements AppEvent {}
