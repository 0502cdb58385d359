package io.driftless.sandbox.discovery;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.sandbox.objects.Nodes;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The legacy discovery documents ({@code APIVersions}, {@code APIGroupList}, {@code APIGroup},
 * {@code APIResourceList}) of the built-in group versions and of the stored CRDs' at one moment.
 * Groups are listed in the built-in order, then the custom ones by name; a group's versions in the
 * API server's priority, the first one preferred.
 */
final class ApiDocuments {

  private final Map<String, List<String>> versions = new LinkedHashMap<>();
  private final Map<GroupVersion, ArrayNode> resources = new LinkedHashMap<>();

  ApiDocuments(Map<GroupVersion, ArrayNode> builtIn, List<? extends JsonNode> crds) {
    builtIn.forEach(this::add);
    var custom = new ArrayList<>(CustomResources.of(crds).entrySet());
    custom.sort(Map.Entry.comparingByKey((a, b) -> a.group().compareTo(b.group())));
    custom.forEach(entry -> add(entry.getKey(), entry.getValue()));
    var builtInGroups = builtIn.keySet().stream().map(GroupVersion::group).toList();
    versions.forEach(
        (group, list) -> {
          if (!builtInGroups.contains(group)) {
            list.sort(GroupVersion.PRIORITY);
          }
        });
  }

  /**
   * {@code GET /api} ({@code core}) or {@code GET /apis} in aggregated discovery's form {@code
   * version} ({@link AggregatedDiscovery}).
   */
  ObjectNode aggregated(String version, boolean core) {
    return AggregatedDiscovery.document(version, core, versions, this);
  }

  /** {@code GET /api}. */
  ObjectNode apiVersions() {
    var document = Nodes.MAPPER.createObjectNode().put("kind", "APIVersions");
    document.putArray("versions").add("v1");
    document.putArray("serverAddressByClientCIDRs");
    return document;
  }

  /** {@code GET /apis}. */
  ObjectNode groupList() {
    var document =
        Nodes.MAPPER.createObjectNode().put("kind", "APIGroupList").put("apiVersion", "v1");
    var groups = document.putArray("groups");
    versions.keySet().stream().filter(group -> !group.isEmpty()).forEach(g -> groups.add(group(g)));
    return document;
  }

  /** {@code GET /apis/{group}}, if the group is served. */
  Optional<ObjectNode> group(String group, boolean withKind) {
    if (group.isEmpty() || !versions.containsKey(group)) {
      return Optional.empty();
    }
    var document = group(group);
    if (withKind) {
      var typed = Nodes.MAPPER.createObjectNode().put("kind", "APIGroup").put("apiVersion", "v1");
      typed.setAll(document);
      return Optional.of(typed);
    }
    return Optional.of(document);
  }

  /** {@code GET /api/v1} or {@code /apis/{group}/{version}}, if it is served. */
  Optional<ObjectNode> resourceList(GroupVersion groupVersion) {
    var list = resources.get(groupVersion);
    if (list == null) {
      return Optional.empty();
    }
    var document =
        Nodes.MAPPER
            .createObjectNode()
            .put("kind", "APIResourceList")
            .put("apiVersion", "v1")
            .put("groupVersion", groupVersion.apiVersion());
    document.set("resources", list);
    return Optional.of(document);
  }

  private ObjectNode group(String group) {
    var document = Nodes.MAPPER.createObjectNode().put("name", group);
    var array = document.putArray("versions");
    for (var version : versions.get(group)) {
      array.add(versionEntry(group, version));
    }
    document.set("preferredVersion", versionEntry(group, versions.get(group).get(0)));
    return document;
  }

  private static ObjectNode versionEntry(String group, String version) {
    return Nodes.MAPPER
        .createObjectNode()
        .put("groupVersion", group + "/" + version)
        .put("version", version);
  }

  private void add(GroupVersion groupVersion, ArrayNode list) {
    var known = versions.computeIfAbsent(groupVersion.group(), g -> new ArrayList<>());
    if (!known.contains(groupVersion.version())) {
      known.add(groupVersion.version());
    }
    var merged = resources.computeIfAbsent(groupVersion, k -> Nodes.MAPPER.createArrayNode());
    merged.addAll(list.deepCopy());
  }
}
