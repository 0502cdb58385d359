package io.driftless.sandbox.discovery;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.sandbox.objects.Nodes;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.zip.GZIPInputStream;

/**
 * Kubernetes 1.30's published OpenAPI documents, kept gzipped in {@code discovery/openapi-v3/} and
 * read when first asked for:
 *
 * <ul>
 *   <li>{@code /openapi/v3}: each group version's document and its hash (of the stored file);
 *   <li>{@code /openapi/v3/apis/apps/v1}: the document, less the {@code fieldValidation} query
 *       parameter: the sandbox does not validate fields on the server, and {@code kubectl}, seeing
 *       the parameter unsupported, validates manifests itself (client-side);
 *   <li>{@code /openapi/v2}: one v2 document made of every v3 document's schemas ({@code
 *       #/components/schemas/} refs become {@code #/definitions/}, and a property that is only
 *       {@code allOf: [$ref]} the {@code $ref} itself, as 1.30 writes v2), without paths; as JSON
 *       or, for client-go, gnostic's protobuf ({@link OpenApiV2Proto}).
 * </ul>
 *
 * The v3 root and documents also cover the stored CRDs' group versions ({@link CustomOpenApi}).
 * Limits: the v2 document has no custom kinds (kubectl validates custom objects against nothing).
 */
final class OpenApi {

  private static final String FOLDER = "openapi-v3/";
  private static final String COMPONENTS = "#/components/schemas/";
  private static final Set<String> STRIPPED_PARAMETERS = Set.of("fieldValidation");

  private final Map<String, String> hashes = new LinkedHashMap<>();
  private final Map<String, byte[]> documents = new ConcurrentHashMap<>();
  private volatile V2 v2;
  private volatile Map<String, JsonNode> meta;

  /** The two forms of the v2 document. */
  record V2(byte[] json, byte[] protobuf) {}

  OpenApi(Iterable<GroupVersion> served) {
    for (var groupVersion : served) {
      var bytes = resource(groupVersion.path());
      if (bytes != null) {
        hashes.put(groupVersion.path(), hash(bytes));
      }
    }
  }

  /** {@code GET /openapi/v3}, with the documents of {@code crds}. */
  ObjectNode root(List<? extends JsonNode> crds) {
    var root = Nodes.MAPPER.createObjectNode();
    var paths = root.putObject("paths");
    hashes.forEach((path, hash) -> entry(paths, path, hash));
    CustomOpenApi.documents(crds, meta())
        .forEach((path, document) -> entry(paths, path, hash(json(document))));
    return root;
  }

  /**
   * {@code GET /openapi/v3/<path>}, with {@code path} like {@code apis/apps/v1} or a custom group
   * version of {@code crds}.
   */
  Optional<byte[]> document(String path, List<? extends JsonNode> crds) {
    if (hashes.containsKey(path)) {
      return Optional.of(documents.computeIfAbsent(path, p -> json(served(p))));
    }
    return Optional.ofNullable(CustomOpenApi.documents(crds, meta()).get(path)).map(OpenApi::json);
  }

  private static void entry(ObjectNode paths, String path, String hash) {
    paths.putObject(path).put("serverRelativeURL", "/openapi/v3/" + path + "?hash=" + hash);
  }

  /** ObjectMeta, ListMeta and the schemas they refer to, from the core group's document. */
  private Map<String, JsonNode> meta() {
    var made = meta;
    if (made == null) {
      var schemas = parse("api/v1").path("components").path("schemas");
      made =
          CustomOpenApi.closure(
              schemas,
              List.of(
                  "io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta",
                  "io.k8s.apimachinery.pkg.apis.meta.v1.ListMeta"));
      meta = made;
    }
    return made;
  }

  /** {@code GET /openapi/v2}. */
  V2 v2() {
    var made = v2;
    if (made == null) {
      synchronized (this) {
        if (v2 == null) {
          var swagger = swagger();
          v2 = new V2(json(swagger), OpenApiV2Proto.of(swagger));
        }
        made = v2;
      }
    }
    return made;
  }

  private ObjectNode served(String path) {
    var document = parse(path);
    for (var item : document.path("paths")) {
      for (var operation : item) {
        if (operation.path("parameters").isArray()) {
          strip(operation.path("parameters").iterator());
        }
      }
    }
    return document;
  }

  private static void strip(Iterator<JsonNode> parameters) {
    while (parameters.hasNext()) {
      if (STRIPPED_PARAMETERS.contains(parameters.next().path("name").asText())) {
        parameters.remove();
      }
    }
  }

  private ObjectNode swagger() {
    var swagger = Nodes.MAPPER.createObjectNode().put("swagger", "2.0");
    swagger.putObject("info").put("title", "Kubernetes").put("version", Versions.GIT_VERSION);
    swagger.putObject("paths");
    var definitions = swagger.putObject("definitions");
    for (var path : hashes.keySet()) {
      parse(path)
          .path("components")
          .path("schemas")
          .fields()
          .forEachRemaining(
              entry -> {
                if (!definitions.has(entry.getKey())) {
                  definitions.set(entry.getKey(), toV2(entry.getValue()));
                }
              });
    }
    return swagger;
  }

  /** A v3 schema in v2's form (a copy). */
  static JsonNode toV2(JsonNode schema) {
    if (schema.isArray()) {
      var array = Nodes.MAPPER.createArrayNode();
      schema.forEach(item -> array.add(toV2(item)));
      return array;
    }
    if (!schema.isObject()) {
      return schema.deepCopy();
    }
    var copy = Nodes.MAPPER.createObjectNode();
    schema.fields().forEachRemaining(entry -> copy.set(entry.getKey(), toV2(entry.getValue())));
    var ref = copy.path("$ref").asText("");
    if (ref.startsWith(COMPONENTS)) {
      copy.put("$ref", "#/definitions/" + ref.substring(COMPONENTS.length()));
    }
    var allOf = copy.path("allOf");
    if (allOf.size() == 1 && allOf.get(0).has("$ref") && allOf.get(0).size() == 1) {
      copy.remove("allOf");
      copy.set("$ref", allOf.get(0).get("$ref"));
      copy.remove("default");
    }
    return copy;
  }

  private static ObjectNode parse(String path) {
    try (InputStream in = new GZIPInputStream(stream(path))) {
      return (ObjectNode) Nodes.MAPPER.readTree(in);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static byte[] resource(String path) {
    try (var in = OpenApi.class.getResourceAsStream(FOLDER + path + ".json.gz")) {
      return in == null ? null : in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static InputStream stream(String path) {
    return OpenApi.class.getResourceAsStream(FOLDER + path + ".json.gz");
  }

  private static byte[] json(JsonNode document) {
    try {
      return Nodes.MAPPER.writeValueAsBytes(document);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String hash(byte[] bytes) {
    try {
      var digest = MessageDigest.getInstance("SHA-512").digest(bytes);
      return HexFormat.of().withUpperCase().formatHex(digest);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
