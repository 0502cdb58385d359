package io.driftless.command.cluster;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.diff.resources.ResourceKey;
import java.util.Optional;

/**
 * Objects as last read at an apiVersion other than the one their kind was listed at, known by their
 * uid and resourceVersion ({@link LabelledReads}). An API server serves one object at every version
 * of its group it serves (knative's HorizontalPodAutoscalers, some {@code autoscaling/v2}, some
 * {@code v2beta2}), and every write gives it a new resourceVersion; so the object read at a version
 * is the same as long as its uid and resourceVersion are, and a plan that lists the kind once needs
 * no GET for an object it read at its own version before. At most {@code capacity} objects, the
 * least recently used going first; thread-safe.
 */
public final class ObjectsAtVersions {

  private record At(ResourceKey key, String apiVersion) {}

  private final AtResourceVersion<At, ObjectNode> known;

  /** Keeps at most {@code capacity} objects; 0 keeps none. */
  public ObjectsAtVersions(int capacity) {
    this.known = new AtResourceVersion<>(capacity);
  }

  /**
   * A copy of the object at {@code key} as read at {@code apiVersion}, if it was read there with
   * this uid and resourceVersion.
   */
  public Optional<ObjectNode> get(
      ResourceKey key, String apiVersion, String uid, String resourceVersion) {
    return known.find(new At(key, apiVersion), uid, resourceVersion).map(ObjectNode::deepCopy);
  }

  /**
   * Keeps a copy of {@code object}, read at {@code apiVersion}; one without a uid or a
   * resourceVersion is not kept.
   */
  public void keep(ResourceKey key, String apiVersion, ObjectNode object) {
    var uid = uid(object);
    var resourceVersion = resourceVersion(object);
    if (uid == null || resourceVersion == null) {
      return;
    }
    known.keep(new At(key, apiVersion), uid, resourceVersion, object.deepCopy());
  }

  /** How many objects are kept. */
  public int size() {
    return known.size();
  }

  static String uid(ObjectNode object) {
    return object.path("metadata").path("uid").asText(null);
  }

  static String resourceVersion(ObjectNode object) {
    return object.path("metadata").path("resourceVersion").asText(null);
  }
}
