package io.driftless.standalone.kappexamples;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Optional;

/**
 * A custom kind as a CustomResourceDefinition defines it: where the API server serves it.
 *
 * @param group the CRD's {@code spec.group}
 * @param kind the CRD's {@code spec.names.kind}
 * @param plural the CRD's {@code spec.names.plural}, the path segment of its objects
 * @param clusterScoped {@code spec.scope: Cluster}
 */
record CustomKind(String group, String kind, String plural, boolean clusterScoped) {

  /** The kind a CRD object defines, if it is a CRD that names its plural and scope. */
  static Optional<CustomKind> of(JsonNode object) {
    if (!object.path("kind").asText().equals("CustomResourceDefinition")) {
      return Optional.empty();
    }
    var spec = object.path("spec");
    var plural = spec.path("names").path("plural").asText("");
    var scope = spec.path("scope").asText("");
    if (plural.isEmpty() || scope.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(
        new CustomKind(
            spec.path("group").asText(),
            spec.path("names").path("kind").asText(),
            plural,
            scope.equals("Cluster")));
  }

  String groupKind() {
    return group + "/" + kind;
  }
}
