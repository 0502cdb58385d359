package io.driftless.sandbox.discovery;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.sandbox.objects.Nodes;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Aggregated discovery ({@code apidiscovery.k8s.io}, Kubernetes 1.30's {@code v2} and {@code
 * v2beta1}): every group version's resources in one answer to {@code GET /api} (the core group) or
 * {@code GET /apis} (the others), so that kubectl 1.32 learns the API in two requests instead of
 * one per group version. Answered only to a client that asks for it in its {@code Accept} header,
 * as the API server does; others get the legacy documents. Built from the same {@link ApiDocuments}
 * as those, so both forms always agree, stored CRDs included.
 */
final class AggregatedDiscovery {

  static final String GROUP = "apidiscovery.k8s.io";
  static final String AS = "APIGroupDiscoveryList";

  private AggregatedDiscovery() {}

  /**
   * The aggregated version the client asks for first ({@code v2} or {@code v2beta1}), if its {@code
   * Accept} header asks for one: a media range {@code application/json} with {@code
   * g=apidiscovery.k8s.io}, {@code as=APIGroupDiscoveryList} and one of those versions.
   */
  static Optional<String> requested(String accept) {
    if (accept == null) {
      return Optional.empty();
    }
    for (var range : accept.split(",")) {
      var parts = range.split(";");
      if (!parts[0].trim().equalsIgnoreCase("application/json")) {
        continue;
      }
      var parameters = new LinkedHashMap<String, String>();
      for (var i = 1; i < parts.length; i++) {
        var pair = parts[i].split("=", 2);
        if (pair.length == 2) {
          parameters.put(pair[0].trim().toLowerCase(Locale.ROOT), pair[1].trim());
        }
      }
      var version = parameters.get("v");
      if (GROUP.equals(parameters.get("g"))
          && AS.equals(parameters.get("as"))
          && ("v2".equals(version) || "v2beta1".equals(version))) {
        return Optional.of(version);
      }
    }
    return Optional.empty();
  }

  /** The answer's {@code Content-Type} for {@code version}. */
  static String contentType(String version) {
    return "application/json;g=" + GROUP + ";v=" + version + ";as=" + AS;
  }

  /**
   * The {@code APIGroupDiscoveryList} of the core group ({@code core} true: {@code /api}) or of
   * every other group ({@code /apis}), groups and their versions in the order of the legacy
   * documents (the preferred version first).
   */
  static ObjectNode document(
      String version, boolean core, Map<String, List<String>> versions, ApiDocuments documents) {
    var list =
        Nodes.MAPPER.createObjectNode().put("kind", AS).put("apiVersion", GROUP + "/" + version);
    list.putObject("metadata");
    var items = list.putArray("items");
    versions.forEach(
        (group, served) -> {
          if (group.isEmpty() != core) {
            return;
          }
          var item = items.addObject();
          var metadata = item.putObject("metadata");
          if (!group.isEmpty()) {
            metadata.put("name", group);
          }
          var entries = item.putArray("versions");
          for (var name : served) {
            var groupVersion = new GroupVersion(group, name);
            documents
                .resourceList(groupVersion)
                .ifPresent(
                    legacy ->
                        entries
                            .addObject()
                            .put("version", name)
                            .<ObjectNode>set("resources", resources(groupVersion, legacy))
                            .put("freshness", "Current"));
          }
        });
    return list;
  }

  /** A legacy {@code APIResourceList}'s entries as aggregated resources, subresources nested. */
  private static ArrayNode resources(GroupVersion groupVersion, JsonNode legacy) {
    var byName = new LinkedHashMap<String, ObjectNode>();
    for (var entry : legacy.path("resources")) {
      var name = entry.path("name").asText();
      if (name.contains("/")) {
        continue;
      }
      var resource =
          Nodes.MAPPER
              .createObjectNode()
              .put("resource", name)
              .<ObjectNode>set("responseKind", responseKind(groupVersion, entry))
              .put("scope", entry.path("namespaced").asBoolean() ? "Namespaced" : "Cluster")
              .put("singularResource", entry.path("singularName").asText());
      resource.set("verbs", entry.path("verbs").deepCopy());
      for (var field : List.of("shortNames", "categories")) {
        if (entry.path(field).isArray() && !entry.path(field).isEmpty()) {
          resource.set(field, entry.path(field).deepCopy());
        }
      }
      byName.put(name, resource);
    }
    for (var entry : legacy.path("resources")) {
      var name = entry.path("name").asText().split("/", 2);
      var parent = name.length == 2 ? byName.get(name[0]) : null;
      if (parent == null) {
        continue;
      }
      var subresources =
          parent.has("subresources")
              ? (ArrayNode) parent.get("subresources")
              : parent.putArray("subresources");
      subresources
          .addObject()
          .put("subresource", name[1])
          .<ObjectNode>set("responseKind", responseKind(groupVersion, entry))
          .set("verbs", entry.path("verbs").deepCopy());
    }
    var resources = Nodes.MAPPER.createArrayNode();
    resources.addAll(byName.values());
    return resources;
  }

  /** The kind an entry answers with: its own group and version where it names them (a scale). */
  private static ObjectNode responseKind(GroupVersion groupVersion, JsonNode entry) {
    return Nodes.MAPPER
        .createObjectNode()
        .put("group", entry.path("group").asText(groupVersion.group()))
        .put("version", entry.path("version").asText(groupVersion.version()))
        .put("kind", entry.path("kind").asText());
  }
}
