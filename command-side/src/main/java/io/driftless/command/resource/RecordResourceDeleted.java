package io.driftless.command.resource;

import io.driftless.events.ResourceRef;
import java.time.Instant;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

/**
 * Record that Driftless deleted an object (or found it gone), or orphaned it ({@code orphaned}:
 * left in the cluster without the app's labels). Rejected if it never applied it.
 */
public record RecordResourceDeleted(
    @TargetAggregateIdentifier String resourceId,
    String appId,
    String changeId,
    ResourceRef resource,
    Instant at,
    boolean orphaned) {

  /** A real delete. */
  public RecordResourceDeleted(
      String resourceId, String appId, String changeId, ResourceRef resource, Instant at) {
    this(resourceId, appId, changeId, resource, at, false);
  }
}
