package io.driftless.events;

import java.time.Instant;

/**
 * Driftless deleted an object from the cluster (or found it already gone), or, with {@code
 * orphaned}, left it in the cluster and took the app's labels off it (kapp's {@code
 * kapp.k14s.io/delete-strategy: orphan}). Either way the object is no longer the app's: views drop
 * it alike.
 *
 * @param resourceId the ResourceChange aggregate id
 * @param appId the App aggregate id
 * @param changeId the App change
 * @param resource which object
 * @param at when
 * @param orphaned the object stays in the cluster, unlabelled; absent (false) in events stored
 *     before orphaning existed
 */
public record ResourceDeleted(
    String resourceId,
    String appId,
    String changeId,
    ResourceRef resource,
    Instant at,
    boolean orphaned)
    implements ResourceEvent {

  /** A real delete. */
  public ResourceDeleted(
      String resourceId, String appId, String changeId, ResourceRef resource, Instant at) {
    this(resourceId, appId, changeId, resource, at, false);
  }
}
