package io.driftless.events;

import java.time.Instant;

/**
 * An App was deleted: its delete change finished and the app holds no resources any more. A later
 * deploy of the same name starts the app again, on the same aggregate.
 *
 * @param appId {@code namespace/app}
 * @param changeId the delete change
 * @param deletedAt when
 */
public record AppDeleted(String appId, String changeId, Instant deletedAt) implements AppEvent {}
