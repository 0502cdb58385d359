package io.driftless.sandbox;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.sandbox.objects.ApiObject;
import io.driftless.sandbox.objects.Nodes;
import io.fabric8.mockwebserver.http.MockResponse;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * CustomResourceDefinitions at both versions of {@code apiextensions.k8s.io}, as an API server
 * serves every CRD at each version it serves, whichever it was created with. fabric8's CRUD mock
 * files an object under the version of the path it was written to, so a CRD created as {@code
 * v1beta1} (cf-for-k8s v0.2.0 ships 37) was missing from every {@code v1} read, and a {@code v1}
 * one from {@code v1beta1} reads. A read of one CRD or of the list (not a watch) at either version
 * also finds those stored under the other, converted as apiextensions-apiserver converts them:
 * {@code v1beta1} to {@code v1} turns {@code spec.version} into {@code spec.versions} and moves the
 * top-level {@code validation}, {@code subresources} and {@code additionalPrinterColumns} into each
 * version; {@code v1} to {@code v1beta1} adds {@code spec.version} (the first version). A delete at
 * the other version deletes the stored CRD too.
 *
 * <p>Limits: a watch sees only the CRDs written at its version, and an update (PUT, PATCH) must use
 * the version the CRD was created with (the other answers 404); {@code v1beta1} is served although
 * Kubernetes 1.22 and later no longer serve it (the sandbox stores old versions as sent).
 */
final class CrdVersions {

  private static final String GROUP = "apiextensions.k8s.io";
  private static final Pattern PATH =
      Pattern.compile(
          "^/apis/apiextensions\\.k8s\\.io/(v1|v1beta1)/customresourcedefinitions(/[^/?]+)?(\\?.*)?$");
  private static final List<String> V1BETA1_ONLY =
      List.of("version", "validation", "subresources", "additionalPrinterColumns");

  /**
   * A read or delete of CRDs at {@code version}, and the same request's path at the {@code other}
   * version.
   */
  record Request(String version, boolean named, String otherPath) {}

  private CrdVersions() {}

  /** The CRD request of {@code path}; empty for any other path and for watches. */
  static Optional<Request> of(String path) {
    var matcher = PATH.matcher(path);
    if (!matcher.matches()) {
      return Optional.empty();
    }
    var query = matcher.group(3);
    if (query != null && query.contains("watch=true")) {
      return Optional.empty();
    }
    var version = matcher.group(1);
    var other = version.equals("v1") ? "v1beta1" : "v1";
    var otherPath = "/apis/" + GROUP + "/" + other + path.substring(matcher.end(1));
    return Optional.of(new Request(version, matcher.group(2) != null, otherPath));
  }

  /**
   * The answer to a read at the request's version: {@code own}, the mock's answer at that version,
   * with what {@code other}, its answer at the other version, adds.
   */
  static MockResponse merged(Request request, MockResponse own, MockResponse other) {
    if (other.code() != 200) {
      return own;
    }
    if (request.named()) {
      if (own.code() == 200) {
        return own;
      }
      var crd = converted(parse(other), request.version());
      return new MockResponse().setResponseCode(200).setBody(crd.toString());
    }
    if (own.code() != 200) {
      return own;
    }
    var others = parse(other).path("items");
    if (others.isEmpty()) {
      return own; // nothing stored at the other version: the list as it is, not parsed again
    }
    var list = parse(own);
    var items = list.withArray("items");
    var names = new HashSet<String>();
    items.forEach(item -> names.add(item.path("metadata").path("name").asText()));
    for (var item : others) {
      if (item instanceof ObjectNode crd && names.add(crd.path("metadata").path("name").asText())) {
        items.add(converted(crd, request.version()));
      }
    }
    return new MockResponse().setResponseCode(200).setBody(list.toString());
  }

  /** The stored CRDs, each in {@code apiextensions.k8s.io/v1}'s form. */
  static List<ObjectNode> allAsV1(List<ApiObject> crds) {
    return crds.stream().map(crd -> converted(crd.object(), "v1")).toList();
  }

  /** {@code crd} as read at {@code version}. */
  static ObjectNode converted(ObjectNode crd, String version) {
    return version.equals("v1") ? toV1(crd) : toV1beta1(crd);
  }

  private static ObjectNode toV1(ObjectNode beta) {
    var crd = beta.deepCopy();
    crd.put("apiVersion", GROUP + "/v1");
    var spec = Nodes.object(crd, "spec");
    if (!spec.path("versions").isArray() || spec.path("versions").isEmpty()) {
      var only = spec.putArray("versions").addObject();
      only.put("name", spec.path("version").asText());
      only.put("served", true);
      only.put("storage", true);
    }
    for (var version : spec.withArray("versions")) {
      if (version instanceof ObjectNode each) {
        copyInto(each, "schema", spec.get("validation"));
        copyInto(each, "subresources", spec.get("subresources"));
        copyInto(each, "additionalPrinterColumns", columns(spec.get("additionalPrinterColumns")));
      }
    }
    spec.remove(V1BETA1_ONLY);
    return crd;
  }

  private static ObjectNode toV1beta1(ObjectNode v1) {
    var crd = v1.deepCopy();
    crd.put("apiVersion", GROUP + "/v1beta1");
    var spec = Nodes.object(crd, "spec");
    var first = spec.path("versions").path(0).path("name");
    if (!spec.has("version") && first.isTextual()) {
      spec.put("version", first.asText());
    }
    return crd;
  }

  private static void copyInto(ObjectNode version, String field, JsonNode value) {
    if (value != null && !value.isNull() && !version.has(field)) {
      version.set(field, value.deepCopy());
    }
  }

  /** v1beta1's printer columns in v1's form: {@code JSONPath} is {@code jsonPath}. */
  private static JsonNode columns(JsonNode columns) {
    if (columns == null || !columns.isArray()) {
      return null;
    }
    ArrayNode converted = Nodes.newArray();
    for (var column : columns) {
      var copy = column.deepCopy();
      if (copy instanceof ObjectNode object && object.has("JSONPath")) {
        object.set("jsonPath", object.remove("JSONPath"));
      }
      converted.add(copy);
    }
    return converted;
  }

  private static ObjectNode parse(MockResponse response) {
    var json = new String(response.getBody().getBytes(), StandardCharsets.UTF_8);
    try {
      return (ObjectNode) Nodes.MAPPER.readTree(json);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("the sandbox answered a CRD read with no JSON", e);
    }
  }
}
