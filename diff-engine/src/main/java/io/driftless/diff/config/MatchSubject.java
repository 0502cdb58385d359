package io.driftless.diff.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.diff.resources.GroupKind;
import io.driftless.diff.resources.ResourceKey;
import java.util.Objects;

/**
 * What a resource matcher looks at: one object (desired, or last-applied/live for a delete).
 *
 * @param object the object
 * @param customResource whether its kind is a custom resource (declared by a CRD, or of a group
 *     Kubernetes does not serve)
 */
public record MatchSubject(ObjectNode object, boolean customResource) {

  /** Checks the object is set. */
  public MatchSubject {
    Objects.requireNonNull(object, "object");
  }

  /** A subject whose custom-ness follows from its API group alone. */
  public static MatchSubject of(ObjectNode object) {
    String apiVersion = object.path("apiVersion").asText("");
    var type = GroupKind.of(apiVersion, object.path("kind").asText(""));
    return new MatchSubject(object, !type.builtInGroup());
  }

  String apiVersion() {
    return object.path("apiVersion").asText("");
  }

  String group() {
    return ResourceKey.groupOf(apiVersion());
  }

  String kind() {
    return object.path("kind").asText("");
  }

  String namespace() {
    return object.path("metadata").path("namespace").asText("");
  }

  String name() {
    return object.path("metadata").path("name").asText("");
  }

  JsonNode annotations() {
    return object.path("metadata").path("annotations");
  }
}
