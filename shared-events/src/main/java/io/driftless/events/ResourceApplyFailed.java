package io.driftless.events;

import java.time.Instant;

/**
 * The cluster refused or failed an operation on an object; the change is recorded as failed.
 *
 * @param resourceId the ResourceChange aggregate id
 * @param appId the App aggregate id
 * @param changeId the App change
 * @param resource which object
 * @param op the operation that failed: {@code create}, {@code update} or {@code delete}
 * @param reason what the cluster said
 * @param at when
 */
public record ResourceApplyFailed(
    String resourceId,
    String appId,
    String changeId,
    ResourceRef resource,
    String op,
    String reason,
    Instant at)
    implements ResourceEvent {}
