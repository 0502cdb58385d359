package io.driftless.sandbox;

import io.fabric8.mockwebserver.http.RecordedRequest;
import java.net.URI;

/**
 * The field manager of a write as the API server names it (managerOrUserAgent in k8s.io/apiserver's
 * handlers): the {@code fieldManager} query parameter, else the User-Agent up to its first {@code
 * /} ({@code fabric8-kubernetes-client}, {@code kubectl}).
 */
final class Managers {

  private Managers() {}

  /** True when the request names its manager ({@code fieldManager}), as an apply must. */
  static boolean named(RecordedRequest request) {
    var query = URI.create(request.getPath()).getRawQuery();
    if (query == null) {
      return false;
    }
    for (var parameter : query.split("&")) {
      if (parameter.startsWith("fieldManager=") && parameter.length() > 13) {
        return true;
      }
    }
    return false;
  }

  static String of(RecordedRequest request) {
    if (request == null) {
      return "unknown";
    }
    var query = URI.create(request.getPath()).getRawQuery();
    if (query != null) {
      for (var parameter : query.split("&")) {
        if (parameter.startsWith("fieldManager=") && parameter.length() > 13) {
          return java.net.URLDecoder.decode(
              parameter.substring(13), java.nio.charset.StandardCharsets.UTF_8);
        }
      }
    }
    var agent = request.getHeader("User-Agent");
    if (agent == null || agent.isBlank()) {
      return "unknown";
    }
    var slash = agent.indexOf('/');
    return slash < 0 ? agent.trim() : agent.substring(0, slash).trim();
  }
}
