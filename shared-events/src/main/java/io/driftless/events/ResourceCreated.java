package io.driftless.events;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * Driftless created an object in the cluster.
 *
 * @param resourceId the ResourceChange aggregate id
 * @param appId the App aggregate id
 * @param changeId the App change
 * @param resource which object
 * @param applied the object as applied (last-applied), Secret values replaced by keyed fingerprints
 * @param appliedHash content hash of {@code applied} (SHA-256 of its canonical JSON, whose Secret
 *     values are keyed fingerprints)
 * @param resourceVersion the live resourceVersion right after the apply
 * @param generation the live generation right after the apply
 * @param fields the fields the create set
 * @param at when
 * @param sealedDesired for a Secret, the desired object with its values, encrypted ({@link
 *     SealedObject}) so a reconcile can restore it; null for other kinds and in stores written
 *     before it existed
 */
public record ResourceCreated(
    String resourceId,
    String appId,
    String changeId,
    ResourceRef resource,
    Map<String, Object> applied,
    String appliedHash,
    String resourceVersion,
    long generation,
    List<FieldChange> fields,
    Instant at,
    @JsonInclude(JsonInclude.Include.NON_NULL) SealedObject sealedDesired)
    implements ResourceEvent {

  /** An event without sealed content (every kind but Secret). */
  public ResourceCreated(
      String resourceId,
      String appId,
      String changeId,
      ResourceRef resource,
      Map<String, Object> applied,
      String appliedHash,
      String resourceVersion,
      long generation,
      List<FieldChange> fields,
      Instant at) {
    this(
        resourceId,
        appId,
        changeId,
        resource,
        applied,
        appliedHash,
        resourceVersion,
        generation,
        fields,
        at,
        null);
  }
}
