package io.driftless.events;

/**
 * An event of the ResourceChange aggregate, whose id is {@code
 * namespace/app/group/kind/resourceNamespace/name} (see {@link ResourceIds}).
 */
public sealed interface ResourceEvent extends DriftlessEvent
    permits ResourceCreated,
        ResourceUpdated,
        ResourceDeleted,
        ResourceApplyFailed,
        ResourceDisowned,
        GhostDiffDetected,
        GhostDiffYielded,
        DriftDetected,
        DriftCorrected {

  /** The ResourceChange aggregate id. */
  String resourceId();

  /** The App aggregate id the resource belongs to. */
  String appId();

  /**
   * The change of the App during which this happened; for {@link ResourceDisowned}, the change of
   * the app that took the object over.
   */
  String changeId();

  /** Which Kubernetes object this is about. */
  ResourceRef resource();

  @Override
  default String aggregateId() {
    return resourceId();
  }
}
