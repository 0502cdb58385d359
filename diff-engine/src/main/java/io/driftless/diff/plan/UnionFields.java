package io.driftless.diff.plan;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;

/**
 * Kubernetes' discriminated unions that a three-way merge must not leave contradictory: a
 * Deployment's {@code spec.strategy} and a DaemonSet's or StatefulSet's {@code spec.updateStrategy}
 * carry {@code rollingUpdate} only while their {@code type} is {@code RollingUpdate}. The API
 * server defaults {@code rollingUpdate} (25%/25%) on create; when the desired object switches the
 * type to {@code Recreate} or {@code OnDelete}, the merged live object must drop that default, or
 * the API server refuses the update ("may not be specified when strategy type is 'Recreate'"), as
 * kapp, which sends the desired object, never runs into.
 */
final class UnionFields {

  /** Per kind, the path of its update-strategy union. */
  private static final Map<String, String> STRATEGIES =
      Map.of(
          "Deployment", "strategy",
          "DaemonSet", "updateStrategy",
          "StatefulSet", "updateStrategy");

  private UnionFields() {}

  /**
   * Removes the union members of {@code merged} that its discriminator no longer allows and that
   * {@code desired} does not set itself (a desired contradiction stays, for the server to refuse).
   */
  static void clear(ObjectNode merged, JsonNode desired) {
    String field = STRATEGIES.get(merged.path("kind").asText());
    if (field == null || !(merged.path("spec").path(field) instanceof ObjectNode strategy)) {
      return;
    }
    String type = strategy.path("type").asText("RollingUpdate");
    boolean desiredSetsIt = desired.path("spec").path(field).has("rollingUpdate");
    if (!type.equals("RollingUpdate") && !desiredSetsIt) {
      strategy.remove("rollingUpdate");
    }
  }
}
