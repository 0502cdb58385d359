package io.driftless.command.resource;

import io.driftless.events.FieldChange;
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
    SealedObject sealedDesired) {}
