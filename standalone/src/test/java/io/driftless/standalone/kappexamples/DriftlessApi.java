package io.driftless.standalone.kappexamples;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.concurrent.CompletableFuture;

/** The standalone server's HTTP API (docs/API.md) for one app, as a deploy client uses it. */
final class DriftlessApi {

  private static final ObjectMapper JSON = new ObjectMapper();

  private final HttpClient http = HttpClient.newHttpClient();
  private final String base;
  private final String namespace;
  private final String app;

  DriftlessApi(int port, String namespace, String app) {
    this.base = "http://127.0.0.1:" + port;
    this.namespace = namespace;
    this.app = app;
  }

  /** POST .../deploy with {@code query} (starting with {@code ?}, or empty). */
  HttpResponse<String> deploy(String yaml, String query) {
    return send(deployRequest(yaml, query));
  }

  /** The same deploy, answered later: the test can act on the cluster while it runs. */
  CompletableFuture<HttpResponse<String>> deployAsync(String yaml, String query) {
    return http.sendAsync(deployRequest(yaml, query), HttpResponse.BodyHandlers.ofString());
  }

  /** POST .../reconcile (no body, no parameters). */
  HttpResponse<String> reconcile() {
    return send(
        HttpRequest.newBuilder(uri(appPath() + "/reconcile"))
            .POST(HttpRequest.BodyPublishers.noBody())
            .build());
  }

  /** DELETE /api/apps/{namespace}/{app}. */
  HttpResponse<String> delete() {
    return send(HttpRequest.newBuilder(uri(appPath())).DELETE().build());
  }

  /** GET of {@code path}, any status. */
  HttpResponse<String> get(String path) {
    return send(HttpRequest.newBuilder(uri(path)).GET().build());
  }

  /** GET of {@code path}, which must answer 200. */
  JsonNode getJson(String path) {
    return body(get(path), 200);
  }

  /** /api/apps/{namespace}/{app} */
  String appPath() {
    return "/api/apps/" + namespace + "/" + app;
  }

  /** The JSON body of a response that must have {@code status}. */
  static JsonNode body(HttpResponse<String> response, int status) {
    assertThat(response.statusCode()).as(response.body()).isEqualTo(status);
    try {
      return JSON.readTree(response.body());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private HttpRequest deployRequest(String yaml, String query) {
    return HttpRequest.newBuilder(uri(appPath() + "/deploy" + query))
        .header("Content-Type", "application/yaml")
        .POST(HttpRequest.BodyPublishers.ofString(yaml))
        .build();
  }

  private HttpResponse<String> send(HttpRequest request) {
    try {
      return http.send(request, HttpResponse.BodyHandlers.ofString());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  private URI uri(String path) {
    return URI.create(base + path);
  }
}
