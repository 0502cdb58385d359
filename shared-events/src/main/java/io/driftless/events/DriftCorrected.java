package io.driftless.events;

import java.time.Instant;
import java.util.List;

/**
 * The end of a drift ({@link DriftDetected}): a write of the app put the drifted fields back (a
 * reconcile's update, or a deploy's, right after its {@link ResourceUpdated} or {@link
 * ResourceCreated}), the app deleted the object or lost it to another app (right after {@link
 * ResourceDeleted} / {@link ResourceDisowned}), or the watch saw the fields back at their desired
 * values without any write of the app (someone undid the edit).
 *
 * @param resourceId the ResourceChange aggregate id
 * @param appId the App aggregate id
 * @param changeId the change whose write ended the drift; for a drift undone from outside, the
 *     change that last wrote the object (as on its {@link DriftDetected}); for a takeover, the
 *     other app's change
 * @param resource which object
 * @param paths the paths that are no longer drifted, sorted
 * @param at when
 */
public record DriftCorrected(
    String resourceId,
    String appId,
    String changeId,
    ResourceRef resource,
    List<String> paths,
    Instant at)
    implements ResourceEvent {

  /** Copies the paths. */
  public DriftCorrected {
    paths = paths == null ? List.of() : List.copyOf(paths);
  }
}
