package io.driftless.query.support;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

/** GETs against a test's server. */
public final class Http {

  private static final HttpClient CLIENT = HttpClient.newHttpClient();
  private static final ObjectMapper JSON = new ObjectMapper();

  private final int port;

  public Http(int port) {
    this.port = port;
  }

  public HttpResponse<String> get(String path) {
    try {
      return CLIENT.send(
          HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).build(),
          HttpResponse.BodyHandlers.ofString());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  /** The body as JSON, whatever the status (health answers 503 when DOWN). */
  public JsonNode json(String path) {
    try {
      return JSON.readTree(get(path).body());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The status of a health component ({@code broker}, {@code viewLag}, ...). */
  public String health(String component) {
    return json("/actuator/health").path("components").path(component).path("status").asText();
  }

  /** One view's entry of {@code GET /api/projections}. */
  public JsonNode projection(String name) {
    for (var view : json("/api/projections")) {
      if (view.get("name").asText().equals(name)) {
        return view;
      }
    }
    throw new AssertionError("no view " + name);
  }
}
