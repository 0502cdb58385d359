package io.driftless.events;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * Driftless updated an object in the cluster (PUT with the live resourceVersion).
 *
 * @param resourceId the ResourceChange aggregate id
 * @param appId the App aggregate id
 * @param changeId the App change
 * @param resource which object
 * @param applied the object as applied, Secret values replaced by their hash
 * @param appliedHash content hash of {@code applied}
 * @param resourceVersion the live resourceVersion right after the apply
 * @param generation the live generation right after the apply
 * @param fields the fields that changed
 * @param at when
 */
public record ResourceUpdated(
    String resourceId,
    String appId,
    String changeId,
    ResourceRef resource,
    Map<String, Object> applied,
    String appliedHash,
    String resourceVersion,
    long generation,
    List<FieldChange> fields,
    Instant at)
    implements ResourceEvent {}
