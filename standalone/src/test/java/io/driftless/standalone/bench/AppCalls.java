package io.driftless.standalone.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.awaitility.Awaitility;

/**
 * {@link DeployCostBenchmark}'s calls to the server's API, for apps in namespace {@value
 * #NAMESPACE}: each answer read as JSON (anything but 200 thrown), and the newest {@code
 * eventPosition} an answer carried kept, so that {@link #settle} can wait for the views to reach
 * it.
 */
final class AppCalls {

  static final String NAMESPACE = "default";
  private static final ObjectMapper JSON = new ObjectMapper();

  private final HttpClient http = HttpClient.newHttpClient();
  private final int port;
  // the event position of the last call that recorded a change
  private long lastPosition = -1;

  AppCalls(int port) {
    this.port = port;
  }

  /** {@code method} on {@code /api/apps/default/<app><suffix>} with a YAML body (or none). */
  JsonNode call(String app, String method, String suffix, String body) {
    var request =
        HttpRequest.newBuilder(
                URI.create(
                    "http://127.0.0.1:" + port + "/api/apps/" + NAMESPACE + "/" + app + suffix))
            .timeout(Duration.ofMinutes(15))
            .header("Content-Type", "application/yaml")
            .method(
                method,
                body == null
                    ? HttpRequest.BodyPublishers.noBody()
                    : HttpRequest.BodyPublishers.ofString(body))
            .build();
    try {
      var response = http.send(request, HttpResponse.BodyHandlers.ofString());
      if (response.statusCode() != 200) {
        throw new IllegalStateException(
            method
                + " "
                + suffix
                + " of "
                + app
                + ": "
                + response.statusCode()
                + " "
                + response.body());
      }
      var answer = JSON.readTree(response.body());
      if (answer.path("eventPosition").isNumber()) {
        lastPosition = Math.max(lastPosition, answer.path("eventPosition").asLong());
      }
      return answer;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  /**
   * Waits until the views have applied every event the calls so far recorded (the API's positions:
   * {@code Driftless-View-Position >= eventPosition}), so that a sample does not pay for the relay
   * still writing the views of the call before it (a delete of 254 objects, say).
   */
  void settle() {
    if (lastPosition < 0) {
      return;
    }
    var target = lastPosition;
    Awaitility.await()
        .atMost(Duration.ofMinutes(2))
        .pollDelay(Duration.ZERO)
        .pollInterval(Duration.ofMillis(5))
        .until(() -> viewPosition() >= target);
  }

  private long viewPosition() throws IOException, InterruptedException {
    var request =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/api/projections"))
            .timeout(Duration.ofMinutes(1))
            .build();
    var response = http.send(request, HttpResponse.BodyHandlers.discarding());
    return Long.parseLong(response.headers().firstValue("Driftless-View-Position").orElse("-1"));
  }
}
