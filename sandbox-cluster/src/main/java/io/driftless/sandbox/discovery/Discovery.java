package io.driftless.sandbox.discovery;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import io.fabric8.mockwebserver.http.MockResponse;
import io.fabric8.mockwebserver.http.RecordedRequest;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

/**
 * The API server's own endpoints, answered before the object store sees the request: {@code
 * /version}, {@code /healthz}, {@code /livez}, {@code /readyz}, the legacy discovery documents
 * ({@link ApiDocuments}) and OpenAPI ({@link OpenApi}). {@code /api} and {@code /apis} answer in
 * aggregated discovery's form ({@link AggregatedDiscovery}) to a client that asks for it, as
 * kubectl does, and in the legacy form to the others.
 */
public final class Discovery {

  private static final String JSON = "application/json";
  private static final String PROTOBUF_V2 = "application/com.github.proto-openapi.spec.v2";
  private static final Set<String> HEALTH = Set.of("/healthz", "/livez", "/readyz");

  private final Map<GroupVersion, ArrayNode> builtIn = BuiltInResources.load();
  private final OpenApi openApi = new OpenApi(builtIn.keySet());
  private final Supplier<List<? extends JsonNode>> crds;

  /**
   * @param crds the stored CRDs, in {@code apiextensions.k8s.io/v1}'s form, read at each discovery
   *     request
   */
  public Discovery(Supplier<List<? extends JsonNode>> crds) {
    this.crds = crds;
  }

  /** The answer to {@code request} if it is one of these endpoints, else null. */
  public MockResponse answer(RecordedRequest request) {
    var path = pathOf(request.getPath());
    if (!isDiscovery(path)) {
      return null;
    }
    if (!request.getMethod().equals("GET")) {
      return Statuses.of(405, "MethodNotAllowed", "the server does not allow this method");
    }
    if (HEALTH.contains(path)) {
      return new MockResponse()
          .setResponseCode(200)
          .setHeader("Content-Type", "text/plain; charset=utf-8")
          .setBody("ok");
    }
    if (path.equals("/version")) {
      return json(Versions.info());
    }
    if (path.startsWith("/openapi/")) {
      return openApi(path, request.getHeader("Accept"));
    }
    return api(path, request.getHeader("Accept")).orElseGet(() -> Statuses.notFound(path));
  }

  private static boolean isDiscovery(String path) {
    if (HEALTH.contains(path) || path.equals("/version") || path.startsWith("/openapi/")) {
      return true;
    }
    var parts = segments(path);
    return parts.length >= 1
        && parts.length <= 3
        && (parts[0].equals("api") && parts.length <= 2 || parts[0].equals("apis"));
  }

  private Optional<MockResponse> api(String path, String accept) {
    var documents = new ApiDocuments(builtIn, crds.get());
    var parts = segments(path);
    var aggregated = AggregatedDiscovery.requested(accept);
    if (parts.length == 1 && aggregated.isPresent()) {
      var version = aggregated.get();
      return Optional.of(
          bytes(
                  documents
                      .aggregated(version, parts[0].equals("api"))
                      .toString()
                      .getBytes(StandardCharsets.UTF_8))
              .setHeader("Content-Type", AggregatedDiscovery.contentType(version))
              .setHeader("Vary", "Accept"));
    }
    if (parts[0].equals("api")) {
      return parts.length == 1
          ? Optional.of(json(documents.apiVersions()))
          : documents.resourceList(new GroupVersion("", parts[1])).map(Discovery::json);
    }
    return switch (parts.length) {
      case 1 -> Optional.of(json(documents.groupList()));
      case 2 -> documents.group(parts[1], true).map(Discovery::json);
      default -> documents.resourceList(new GroupVersion(parts[1], parts[2])).map(Discovery::json);
    };
  }

  private MockResponse openApi(String path, String accept) {
    if (path.equals("/openapi/v2")) {
      var v2 = openApi.v2();
      if (accepts(accept, PROTOBUF_V2) && !acceptsJson(accept)) {
        return new MockResponse()
            .setResponseCode(200)
            // the form kube-openapi answers with: Go's mime parser refuses the '@' of the
            // (deprecated) form client-go asks for
            .setHeader("Content-Type", PROTOBUF_V2 + ".v1.0+protobuf")
            .setBody(v2.protobuf());
      }
      return bytes(v2.json());
    }
    if (path.equals("/openapi/v3")) {
      return json(openApi.root(crds.get()));
    }
    if (path.startsWith("/openapi/v3/")) {
      var document = openApi.document(path.substring("/openapi/v3/".length()), crds.get());
      if (document.isPresent()) {
        return bytes(document.get());
      }
    }
    return Statuses.notFound(path);
  }

  private static boolean acceptsJson(String accept) {
    return accept == null || accepts(accept, JSON) || accepts(accept, "*/*");
  }

  private static boolean accepts(String accept, String type) {
    if (accept == null) {
      return false;
    }
    for (var range : accept.split(",")) {
      if (range.split(";", 2)[0].trim().toLowerCase(Locale.ROOT).startsWith(type)) {
        return true;
      }
    }
    return false;
  }

  private static MockResponse json(JsonNode document) {
    return bytes(document.toString().getBytes(StandardCharsets.UTF_8));
  }

  private static MockResponse bytes(byte[] body) {
    return new MockResponse().setResponseCode(200).setHeader("Content-Type", JSON).setBody(body);
  }

  static String pathOf(String requestPath) {
    var query = requestPath.indexOf('?');
    var path = query < 0 ? requestPath : requestPath.substring(0, query);
    return path.length() > 1 && path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
  }

  private static String[] segments(String path) {
    return path.length() <= 1 ? new String[0] : path.substring(1).split("/");
  }
}
