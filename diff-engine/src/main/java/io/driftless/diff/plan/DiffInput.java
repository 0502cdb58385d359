package io.driftless.diff.plan;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.diff.resources.ResourceKey;
import java.util.Objects;

/**
 * What {@link DiffEngine#diff(DiffInput)} compares for one resource.
 *
 * @param key the resource
 * @param apiVersion the apiVersion to report; null: the desired object's
 * @param desired the desired object, or null when the resource left the manifest
 * @param lastApplied what Driftless applied last (redacted is fine), or null
 * @param live the cluster's object, or null when it does not exist
 * @param unchangedSinceApply whether nobody changed the live object since our last apply (its
 *     resourceVersion equals the one recorded right after it): then last-applied is the base of the
 *     compare, else the live object is (three-way)
 */
public record DiffInput(
    ResourceKey key,
    String apiVersion,
    ObjectNode desired,
    ObjectNode lastApplied,
    ObjectNode live,
    boolean unchangedSinceApply) {

  /** Checks the key is set. */
  public DiffInput {
    Objects.requireNonNull(key, "key");
  }
}
