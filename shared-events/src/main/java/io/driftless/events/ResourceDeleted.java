package io.driftless.events;

import java.time.Instant;

/**
 * Driftless deleted an object from the cluster (or found it already gone).
 *
 * @param resourceId the ResourceChange aggregate id
 * @param appId the App aggregate id
 * @param changeId the App change
 * @param resource which object
 * @param at when
 */
public record ResourceDeleted(
    String resourceId, String appId, String changeId, ResourceRef resource, Instant at)
    implements ResourceEvent {}
