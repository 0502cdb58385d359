package io.driftless.command.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;

/** A small HTTP client for the deploy API, as a deploy client uses it. */
public final class Api {

  private final HttpClient http = HttpClient.newHttpClient();
  private final String base;
  private final String token;

  public Api(int port) {
    this(port, null);
  }

  /** A client that sends {@code Authorization: Bearer <token>} with every request (null: none). */
  public Api(int port, String token) {
    this.base = "http://127.0.0.1:" + port;
    this.token = token;
  }

  public HttpResponse<String> deploy(String app, String body, String contentType, String query) {
    var request =
        HttpRequest.newBuilder(URI.create(base + "/api/apps/default/" + app + "/deploy" + query))
            .header("Content-Type", contentType)
            .POST(HttpRequest.BodyPublishers.ofString(body))
            .build();
    return send(request);
  }

  public HttpResponse<String> deployYaml(String app, String body) {
    return deploy(app, body, "application/yaml", "");
  }

  public HttpResponse<String> delete(String app) {
    return send(
        HttpRequest.newBuilder(URI.create(base + "/api/apps/default/" + app)).DELETE().build());
  }

  /**
   * A POST without body to {@code path} (from {@code /api/...}), with a bearer token if not null.
   */
  public HttpResponse<String> post(String path, String token) {
    var request = HttpRequest.newBuilder(URI.create(base + path));
    if (token != null) {
      request.header("Authorization", "Bearer " + token);
    }
    return send(request.POST(HttpRequest.BodyPublishers.noBody()).build());
  }

  /** {@code POST /api/apps/default/{app}/reconcile}. */
  public HttpResponse<String> reconcile(String app) {
    return post("/api/apps/default/" + app + "/reconcile", null);
  }

  public static String example(String file) {
    try {
      return Files.readString(Path.of("..", "examples", file));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private HttpResponse<String> send(HttpRequest request) {
    if (token != null && request.headers().firstValue("Authorization").isEmpty()) {
      request =
          HttpRequest.newBuilder(request, (name, value) -> true)
              .header("Authorization", "Bearer " + token)
              .build();
    }
    try {
      return http.send(request, HttpResponse.BodyHandlers.ofString());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }
}
