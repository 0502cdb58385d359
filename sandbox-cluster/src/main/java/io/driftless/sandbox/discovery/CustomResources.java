package io.driftless.sandbox.discovery;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.sandbox.objects.Nodes;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The resources of stored CRDs (in {@code apiextensions.k8s.io/v1}'s form), as the API server lists
 * them: each served version of a CRD's group gets its plural, with the {@code status} and {@code
 * scale} subresources it declares. Limits: a CRD is listed as soon as it is stored, whether or not
 * it is {@code Established}, and names that conflict are not checked.
 */
final class CustomResources {

  private static final List<String> VERBS =
      List.of("delete", "deletecollection", "get", "list", "patch", "create", "update", "watch");

  private CustomResources() {}

  /** The resources of {@code crds} by group version. */
  static Map<GroupVersion, ArrayNode> of(List<? extends JsonNode> crds) {
    var resources = new LinkedHashMap<GroupVersion, ArrayNode>();
    for (var crd : crds) {
      var spec = crd.path("spec");
      for (var version : spec.path("versions")) {
        if (!version.path("served").asBoolean(false)) {
          continue;
        }
        var key = new GroupVersion(spec.path("group").asText(), version.path("name").asText());
        add(resources.computeIfAbsent(key, k -> Nodes.MAPPER.createArrayNode()), spec, version);
      }
    }
    return resources;
  }

  private static void add(ArrayNode list, JsonNode spec, JsonNode version) {
    var names = spec.path("names");
    var plural = names.path("plural").asText();
    var namespaced = spec.path("scope").asText("Namespaced").equals("Namespaced");
    var kind = names.path("kind").asText();
    var resource = resource(plural, names.path("singular").asText(kind.toLowerCase()), namespaced);
    resource.put("kind", kind).set("verbs", verbs(VERBS));
    copy(names, "shortNames", resource);
    copy(names, "categories", resource);
    list.add(resource);
    var subresources = version.path("subresources");
    if (subresources.has("status")) {
      list.add(subresource(plural + "/status", namespaced, kind));
    }
    if (subresources.has("scale")) {
      var scale = subresource(plural + "/scale", namespaced, "Scale");
      scale.put("group", "autoscaling").put("version", "v1");
      list.add(scale);
    }
  }

  private static ObjectNode subresource(String name, boolean namespaced, String kind) {
    var resource = resource(name, "", namespaced).put("kind", kind);
    resource.set("verbs", verbs(List.of("get", "patch", "update")));
    return resource;
  }

  private static ObjectNode resource(String name, String singular, boolean namespaced) {
    return Nodes.MAPPER
        .createObjectNode()
        .put("name", name)
        .put("singularName", singular)
        .put("namespaced", namespaced);
  }

  private static ArrayNode verbs(List<String> verbs) {
    var array = Nodes.MAPPER.createArrayNode();
    verbs.forEach(array::add);
    return array;
  }

  private static void copy(JsonNode names, String field, ObjectNode resource) {
    if (names.path(field).isArray() && !names.path(field).isEmpty()) {
      resource.set(field, names.path(field).deepCopy());
    }
  }
}
