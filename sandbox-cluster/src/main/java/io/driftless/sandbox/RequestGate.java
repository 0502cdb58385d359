package io.driftless.sandbox;

import io.fabric8.kubernetes.api.model.StatusBuilder;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.fabric8.mockwebserver.dsl.HttpMethod;
import io.fabric8.mockwebserver.http.MockResponse;
import io.fabric8.mockwebserver.http.RecordedRequest;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * What the sandbox checks before it reads a request, as an API server's authentication and decoding
 * do, so that neither another user of the machine nor a web page an operator opens can read or
 * write it:
 *
 * <ol>
 *   <li>the {@code Host} header names this machine ({@code 127.0.0.1}, {@code localhost}, {@code
 *       [::1]}, or the address the sandbox listens on), with any port; else {@code 403}: a page
 *       that points its own name at 127.0.0.1 (DNS rebinding) sends its name;
 *   <li>{@code OPTIONS} is answered at once ({@code 204} with {@code Allow}), granting no
 *       cross-origin access (no {@code Access-Control-*} header);
 *   <li>the bearer token of the sandbox's kubeconfig; else {@code 401 Unauthorized};
 *   <li>the method is one the API serves; else {@code 405};
 *   <li>a body's type is JSON, YAML or one of Kubernetes' patch types (or not given, read as JSON
 *       as an API server reads it); else {@code 415}: a browser sends {@code text/plain} and form
 *       posts cross-site without asking, never JSON.
 * </ol>
 *
 * Every refusal is a Kubernetes {@code Status}. Limits: one token, no users or RBAC; the simulated
 * controllers write inside the process and are not asked.
 */
final class RequestGate {

  static final String ALLOW = "GET, POST, PUT, PATCH, DELETE, OPTIONS";

  private static final Set<String> BODY_TYPES =
      Set.of(
          "application/json",
          "application/yaml",
          "application/json-patch+json",
          "application/merge-patch+json",
          "application/strategic-merge-patch+json",
          "application/apply-patch+yaml");

  private static final Set<HttpMethod> SERVED =
      Set.of(HttpMethod.GET, HttpMethod.POST, HttpMethod.PUT, HttpMethod.PATCH, HttpMethod.DELETE);

  private final byte[] expected;
  private final Set<String> hosts;

  /**
   * @param token the bearer token clients must send
   * @param listenAddress the address the sandbox listens on, also accepted as a host name
   */
  RequestGate(String token, String listenAddress) {
    this.expected = ("Bearer " + token).getBytes(StandardCharsets.UTF_8);
    var names = new HashSet<>(List.of("127.0.0.1", "localhost", "[::1]"));
    names.add(listenAddress.toLowerCase(Locale.ROOT));
    this.hosts = Set.copyOf(names);
  }

  /** The refusal of {@code request}, or null when it may pass. */
  MockResponse refusal(RecordedRequest request) {
    var host = request.getHeader("Host");
    if (host == null || !hosts.contains(hostName(host))) {
      return status(
          403,
          "Forbidden",
          "the Host header "
              + (host == null ? "is missing" : "'" + host + "' is not this machine")
              + ": the sandbox answers only requests to 127.0.0.1, localhost or [::1]");
    }
    if (request.method() == HttpMethod.OPTIONS) {
      return new MockResponse().setResponseCode(204).setHeader("Allow", ALLOW);
    }
    if (!authenticated(request.getHeader("Authorization"))) {
      return status(401, "Unauthorized", "Unauthorized");
    }
    if (!SERVED.contains(request.method())) {
      return status(405, "MethodNotAllowed", request.getMethod() + " is not served here")
          .setHeader("Allow", ALLOW);
    }
    if (!acceptedBody(request)) {
      return status(
          415,
          "UnsupportedMediaType",
          "the body of the request was in an unknown format ("
              + request.getHeader("Content-Type")
              + ") - accepted media types include: "
              + String.join(", ", BODY_TYPES.stream().sorted().toList()));
    }
    return null;
  }

  /** The host of a Host header, without its port: {@code [::1]:6443} -> {@code [::1]}. */
  static String hostName(String header) {
    var host = header.trim().toLowerCase(Locale.ROOT);
    var end = host.startsWith("[") ? host.indexOf(']') + 1 : host.indexOf(':');
    if (end > 0 && end < host.length()) {
      var port = host.substring(end);
      if (!port.matches(":[0-9]{1,5}")) {
        return "";
      }
      return host.substring(0, end);
    }
    return end == 0 ? "" : host;
  }

  private boolean authenticated(String authorization) {
    return authorization != null
        && MessageDigest.isEqual(
            expected, ("Bearer " + bearer(authorization)).getBytes(StandardCharsets.UTF_8));
  }

  private static String bearer(String authorization) {
    var value = authorization.trim();
    return value.regionMatches(true, 0, "Bearer ", 0, 7) ? value.substring(7).trim() : "";
  }

  /**
   * A body names one of the accepted types, or none: an API server reads a body without a type as
   * JSON. (A browser's cross-site post without a type still has no token.)
   */
  private static boolean acceptedBody(RecordedRequest request) {
    var type = request.getHeader("Content-Type");
    if (type == null) {
      return true;
    }
    var mediaType = type.split(";", 2)[0].trim().toLowerCase(Locale.ROOT);
    return BODY_TYPES.contains(mediaType);
  }

  private static MockResponse status(int code, String reason, String message) {
    var status =
        new StatusBuilder()
            .withStatus("Failure")
            .withReason(reason)
            .withCode(code)
            .withMessage(message)
            .build();
    return new MockResponse()
        .setResponseCode(code)
        .setHeader("Content-Type", "application/json")
        .setBody(Serialization.asJson(status));
  }
}
