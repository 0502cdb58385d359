package io.driftless.sandbox.discovery;

import io.driftless.sandbox.objects.Nodes;
import io.fabric8.mockwebserver.http.MockResponse;

/** Refusals in the API server's {@code Status} shape. */
final class Statuses {

  private Statuses() {}

  static MockResponse notFound(String path) {
    return of(404, "NotFound", "the server could not find the requested resource (" + path + ")");
  }

  static MockResponse of(int code, String reason, String message) {
    var status =
        Nodes.MAPPER
            .createObjectNode()
            .put("kind", "Status")
            .put("apiVersion", "v1")
            .put("status", "Failure")
            .put("message", message)
            .put("reason", reason)
            .put("code", code);
    status.putObject("metadata");
    return new MockResponse()
        .setResponseCode(code)
        .setHeader("Content-Type", "application/json")
        .setBody(status.toString());
  }
}
