package io.driftless.standalone.process;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.function.Function;

/**
 * Driftless's HTTP API (docs/API.md) for the apps of namespace {@code default}, as an operator's
 * client uses it. Commands get {@link #COMMAND_TIMEOUT}: a command still unanswered then is a
 * finding, not a reason to hang the test.
 */
final class FuzzApi {

  static final Duration COMMAND_TIMEOUT = Duration.ofMinutes(3);
  private static final ObjectMapper JSON = new ObjectMapper();

  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
  private final Function<String, URI> uri;

  /**
   * @param uri the current server's URL of a path (it changes with each restart)
   */
  FuzzApi(Function<String, URI> uri) {
    this.uri = uri;
  }

  /** POST .../deploy; each change may wait 60 s for its object (kapp's --wait-timeout). */
  Answer deploy(String app, String yaml) {
    return send(
        HttpRequest.newBuilder(uri.apply(appPath(app) + "/deploy?waitTimeout=60s"))
            .header("Content-Type", "application/yaml")
            .POST(HttpRequest.BodyPublishers.ofString(yaml)),
        COMMAND_TIMEOUT);
  }

  Answer reconcile(String app) {
    return send(
        HttpRequest.newBuilder(uri.apply(appPath(app) + "/reconcile"))
            .POST(HttpRequest.BodyPublishers.noBody()),
        COMMAND_TIMEOUT);
  }

  Answer delete(String app) {
    return send(HttpRequest.newBuilder(uri.apply(appPath(app))).DELETE(), COMMAND_TIMEOUT);
  }

  /** GET of a path, any status. */
  Answer get(String path) {
    return send(HttpRequest.newBuilder(uri.apply(path)).GET(), Duration.ofSeconds(30));
  }

  /** The current server's base URL, for the CLI's {@code --server}. */
  String server() {
    var root = uri.apply("/").toString();
    return root.substring(0, root.length() - 1);
  }

  static String appPath(String app) {
    return "/api/apps/default/" + app;
  }

  private Answer send(HttpRequest.Builder request, Duration timeout) {
    try {
      var response =
          http.send(request.timeout(timeout).build(), HttpResponse.BodyHandlers.ofString());
      return new Answer(
          response.statusCode(),
          parse(response.body()),
          response.body(),
          response
              .headers()
              .firstValue("Driftless-View-Position")
              .map(Long::parseLong)
              .orElse(-1L));
    } catch (HttpTimeoutException e) {
      return new Answer(-1, JSON.createObjectNode(), "no answer within " + timeout, -1);
    } catch (IOException e) {
      return new Answer(-2, JSON.createObjectNode(), "connection failed: " + e, -1);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  private static JsonNode parse(String body) {
    try {
      return body.isBlank() ? JSON.createObjectNode() : JSON.readTree(body);
    } catch (IOException e) {
      return JSON.createObjectNode();
    }
  }

  /**
   * One answer.
   *
   * @param status the HTTP status; -1 no answer within the timeout, -2 no connection
   * @param json the body as JSON (empty when it is not JSON)
   * @param body the body as sent
   * @param viewPosition the {@code Driftless-View-Position} header, -1 when absent
   */
  record Answer(int status, JsonNode json, String body, long viewPosition) {

    /** {@code 200}, {@code 502 cluster_error}, {@code 409 change_in_progress} ... */
    String outcome() {
      var error = json.path("error").asText("");
      return status + (error.isEmpty() ? "" : " " + error);
    }

    /** The answer's message, or its first 300 characters. */
    String message() {
      var message = json.path("message").asText("");
      return message.isEmpty() ? body.substring(0, Math.min(300, body.length())) : message;
    }
  }
}
