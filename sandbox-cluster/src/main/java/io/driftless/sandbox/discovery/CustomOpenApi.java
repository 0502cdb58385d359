package io.driftless.sandbox.discovery;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.sandbox.objects.Nodes;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * OpenAPI v3 documents for the stored CRDs, one per served group version, as the API server
 * publishes them: each version's {@code openAPIV3Schema} under {@code components/schemas} named
 * {@code com.example.v1.Widget} (the group reversed), with {@code apiVersion}, {@code kind} and
 * {@code metadata} (a ref to {@code ObjectMeta}) added, the {@code x-kubernetes-group-version-kind}
 * extension, a {@code WidgetList}, and the meta schemas they refer to. Enough for {@code kubectl
 * explain}. Limits: only the object's and collection's paths (no status or scale); a version
 * without a schema is left out; not in the v2 document, so {@code kubectl} does not validate custom
 * objects on the client.
 */
final class CustomOpenApi {

  private static final String META = "io.k8s.apimachinery.pkg.apis.meta.v1.";
  private static final String REF = "#/components/schemas/";

  private CustomOpenApi() {}

  /**
   * The documents of {@code crds} by path ({@code apis/example.com/v1}); {@code meta} holds the
   * meta schemas (ObjectMeta, ListMeta and what they refer to) by name.
   */
  static Map<String, ObjectNode> documents(
      List<? extends JsonNode> crds, Map<String, JsonNode> meta) {
    var documents = new LinkedHashMap<String, ObjectNode>();
    for (var crd : crds) {
      var spec = crd.path("spec");
      for (var version : spec.path("versions")) {
        var schema = version.path("schema").path("openAPIV3Schema");
        if (!version.path("served").asBoolean(false) || !schema.isObject()) {
          continue;
        }
        var groupVersion =
            new GroupVersion(spec.path("group").asText(), version.path("name").asText());
        var document = documents.computeIfAbsent(groupVersion.path(), p -> empty(meta));
        var schemas = (ObjectNode) document.path("components").path("schemas");
        var kind = spec.path("names").path("kind").asText();
        add(schemas, groupVersion, kind, (ObjectNode) schema);
        var namespaced = spec.path("scope").asText("Namespaced").equals("Namespaced");
        paths(
            (ObjectNode) document.path("paths"),
            groupVersion,
            kind,
            spec.path("names").path("plural").asText(),
            namespaced);
      }
    }
    return documents;
  }

  private static ObjectNode empty(Map<String, JsonNode> meta) {
    var document = Nodes.MAPPER.createObjectNode().put("openapi", "3.0.0");
    document.putObject("info").put("title", "Kubernetes CRD Swagger").put("version", "v0.1.0");
    document.putObject("paths");
    var schemas = document.putObject("components").putObject("schemas");
    meta.forEach((name, schema) -> schemas.set(name, schema.deepCopy()));
    return document;
  }

  private static void add(ObjectNode schemas, GroupVersion gv, String kind, ObjectNode schema) {
    var object = schema.deepCopy();
    var properties = object.withObject("/properties");
    typeMeta(properties);
    properties.set("metadata", ref(META + "ObjectMeta", "Standard object's metadata."));
    gvk(object, gv, kind);
    var name = prefix(gv);
    schemas.set(name + kind, object);
    var list = Nodes.MAPPER.createObjectNode().put("type", "object");
    list.putArray("required").add("items");
    var listProperties = list.putObject("properties");
    typeMeta(listProperties);
    var items = listProperties.putObject("items").put("type", "array");
    items.putObject("items").put("$ref", REF + name + kind);
    listProperties.set("metadata", ref(META + "ListMeta", "Standard list metadata."));
    gvk(list, gv, kind + "List");
    schemas.set(name + kind + "List", list);
  }

  /**
   * The object's and the collection's paths with their operations, each naming its kind ({@code
   * kubectl explain} finds the resource's kind so); no {@code fieldValidation} parameter.
   */
  private static void paths(
      ObjectNode paths, GroupVersion gv, String kind, String plural, boolean namespaced) {
    var base = "/apis/" + gv.group() + "/" + gv.version() + "/";
    var collection = base + (namespaced ? "namespaces/{namespace}/" : "") + plural;
    var name = prefix(gv) + kind;
    var list = paths.putObject(collection);
    operation(list, "get", "list", gv, kind, name + "List");
    operation(list, "post", "post", gv, kind, name);
    operation(list, "delete", "deletecollection", gv, kind, META + "Status");
    var object = paths.putObject(collection + "/{name}");
    operation(object, "get", "get", gv, kind, name);
    operation(object, "put", "put", gv, kind, name);
    operation(object, "patch", "patch", gv, kind, name);
    operation(object, "delete", "delete", gv, kind, META + "Status");
    if (namespaced) {
      operation(paths.putObject(base + plural), "get", "list", gv, kind, name + "List");
    }
  }

  private static void operation(
      ObjectNode path, String method, String action, GroupVersion gv, String kind, String answer) {
    var operation = path.putObject(method).put("x-kubernetes-action", action);
    gvk(operation, gv, kind);
    operation.set(
        "x-kubernetes-group-version-kind",
        operation.path("x-kubernetes-group-version-kind").get(0));
    operation
        .putObject("responses")
        .putObject("200")
        .put("description", "OK")
        .putObject("content")
        .putObject("application/json")
        .putObject("schema")
        .put("$ref", REF + answer);
  }

  /** {@code com.example.v1.}: the group reversed, then the version. */
  static String prefix(GroupVersion gv) {
    var parts = new ArrayList<>(List.of(gv.group().split("\\.")));
    Collections.reverse(parts);
    return String.join(".", parts) + "." + gv.version() + ".";
  }

  private static void typeMeta(ObjectNode properties) {
    properties
        .putObject("apiVersion")
        .put("type", "string")
        .put("description", "APIVersion defines the versioned schema of this representation.");
    properties
        .putObject("kind")
        .put("type", "string")
        .put("description", "Kind is a string value representing the REST resource.");
  }

  private static ObjectNode ref(String name, String description) {
    var node = Nodes.MAPPER.createObjectNode();
    node.putArray("allOf").addObject().put("$ref", REF + name);
    node.put("description", description);
    return node;
  }

  private static void gvk(ObjectNode schema, GroupVersion gv, String kind) {
    schema.putArray("x-kubernetes-group-version-kind").add(gvkOf(gv, kind));
  }

  private static ObjectNode gvkOf(GroupVersion gv, String kind) {
    return Nodes.MAPPER
        .createObjectNode()
        .put("group", gv.group())
        .put("kind", kind)
        .put("version", gv.version());
  }

  /** The schemas {@code roots} refer to, transitively, from {@code all} (themselves included). */
  static Map<String, JsonNode> closure(JsonNode all, List<String> roots) {
    var found = new LinkedHashMap<String, JsonNode>();
    var pending = new ArrayList<>(roots);
    while (!pending.isEmpty()) {
      var name = pending.remove(pending.size() - 1);
      if (found.containsKey(name) || !all.has(name)) {
        continue;
      }
      found.put(name, all.get(name));
      for (var ref : all.get(name).findValues("$ref")) {
        pending.add(ref.asText().substring(REF.length()));
      }
    }
    return found;
  }
}
