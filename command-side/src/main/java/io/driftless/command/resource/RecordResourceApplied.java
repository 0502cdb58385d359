package io.driftless.command.resource;

import io.driftless.events.ChangeTrigger;
import io.driftless.events.FieldChange;
import io.driftless.events.GhostDiffPolicy;
import io.driftless.events.ResourceRef;
import io.driftless.events.SealedObject;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

/**
 * Record that Driftless created ({@code created = true}) or updated an object in the cluster.
 *
 * @param applied the applied object with Secret values already replaced by keyed fingerprints
 * @param sealedDesired for a Secret, its desired object encrypted (restorable by a reconcile); null
 *     for other kinds
 * @param trigger what started the change: only a {@code reconcile} reports a ghost diff
 * @param ghostDiffPolicy the app's ghost-diff policy in this change
 */
public record RecordResourceApplied(
    @TargetAggregateIdentifier String resourceId,
    String appId,
    String changeId,
    ResourceRef resource,
    boolean created,
    Map<String, Object> applied,
    String appliedHash,
    String resourceVersion,
    long generation,
    List<FieldChange> fields,
    Instant at,
    SealedObject sealedDesired,
    ChangeTrigger trigger,
    GhostDiffPolicy ghostDiffPolicy) {

  /** A deploy's record, under the default policy. */
  public RecordResourceApplied(
      String resourceId,
      String appId,
      String changeId,
      ResourceRef resource,
      boolean created,
      Map<String, Object> applied,
      String appliedHash,
      String resourceVersion,
      long generation,
      List<FieldChange> fields,
      Instant at,
      SealedObject sealedDesired) {
    this(
        resourceId,
        appId,
        changeId,
        resource,
        created,
        applied,
        appliedHash,
        resourceVersion,
        generation,
        fields,
        at,
        sealedDesired,
        ChangeTrigger.DEPLOY,
        GhostDiffPolicy.REPORT);
  }
}
