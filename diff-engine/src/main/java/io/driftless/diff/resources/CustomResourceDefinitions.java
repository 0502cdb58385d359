package io.driftless.diff.resources;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Optional;

/** Reads what a CustomResourceDefinition object declares (v1 and v1beta1 share these fields). */
public final class CustomResourceDefinitions {

  private static final String GROUP = "apiextensions.k8s.io";
  private static final String KIND = "CustomResourceDefinition";

  private CustomResourceDefinitions() {}

  /** Whether the apiVersion and kind are those of a CustomResourceDefinition. */
  public static boolean isCrd(String apiVersion, String kind) {
    return KIND.equals(kind) && GROUP.equals(ResourceKey.groupOf(apiVersion));
  }

  /** Whether the object is a CustomResourceDefinition. */
  public static boolean isCrd(JsonNode object) {
    return isCrd(object.path("apiVersion").asText(), object.path("kind").asText());
  }

  /**
   * The kind a CRD declares ({@code spec.group} + {@code spec.names.kind}), or empty when the
   * object is no CRD or lacks those fields.
   */
  public static Optional<GroupKind> declaredKind(JsonNode object) {
    if (!isCrd(object)) {
      return Optional.empty();
    }
    JsonNode spec = object.path("spec");
    String group = spec.path("group").asText("");
    String kind = spec.path("names").path("kind").asText("");
    if (group.isBlank() || kind.isBlank()) {
      return Optional.empty();
    }
    return Optional.of(new GroupKind(group, kind));
  }

  /** Whether the object is a CRD whose {@code spec.scope} is {@code Cluster}. */
  public static boolean declaresClusterScope(JsonNode object) {
    return isCrd(object) && "Cluster".equals(object.path("spec").path("scope").asText());
  }
}
