package io.driftless.standalone.crash;

import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.driftless.events.testing.SideProcess;
import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The built standalone jar as a real process on a data directory of its own, with the sandbox on a
 * free port. {@link #kill()} is {@code kill -9}: no shutdown hook, no H2 close, no last flush.
 */
final class StandaloneServer {

  static final Path JAR = Path.of("target", "driftless-standalone.jar");

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final HttpClient HTTP =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

  private final SideProcess process;
  private final long launchedAt;

  private StandaloneServer(SideProcess process, long launchedAt) {
    this.process = process;
    this.launchedAt = launchedAt;
  }

  static StandaloneServer launch(Path dataDir, Path log) throws IOException {
    var launchedAt = System.nanoTime();
    var args = List.of("--driftless.data-dir=" + dataDir, "--driftless.sandbox.port=0");
    return new StandaloneServer(SideProcess.start("standalone", JAR, args, log), launchedAt);
  }

  /** Waits for {@code /actuator/health} UP; returns the time since launch. */
  Duration awaitUp(Duration timeout) {
    var health = HttpRequest.newBuilder(process.uri("/actuator/health")).GET().build();
    await("standalone server healthy")
        .atMost(timeout)
        .pollInterval(Duration.ofMillis(20))
        .ignoreExceptionsInstanceOf(IOException.class)
        .until(() -> HTTP.send(health, HttpResponse.BodyHandlers.ofString()).body().contains("UP"));
    return Duration.ofNanos(System.nanoTime() - launchedAt);
  }

  HttpResponse<String> deploy(String app, String manifest) throws Exception {
    var request =
        HttpRequest.newBuilder(process.uri("/api/apps/default/" + app + "/deploy"))
            .header("Content-Type", "application/yaml")
            .POST(HttpRequest.BodyPublishers.ofString(manifest))
            .build();
    return HTTP.send(request, HttpResponse.BodyHandlers.ofString());
  }

  JsonNode changes(String app) throws Exception {
    var request = HttpRequest.newBuilder(process.uri("/api/apps/default/" + app + "/changes"));
    var response = HTTP.send(request.GET().build(), HttpResponse.BodyHandlers.ofString());
    return response.statusCode() == 200 ? JSON.readTree(response.body()) : JSON.createArrayNode();
  }

  /** SIGKILL, and waits until the process is gone. */
  void kill() throws Exception {
    var handle = ProcessHandle.of(process.pid()).orElseThrow();
    handle.destroyForcibly();
    handle.onExit().get(30, TimeUnit.SECONDS);
    process.close();
  }

  /** SIGTERM: a clean shutdown. */
  void stop() throws InterruptedException {
    process.close();
  }

  String tail() {
    return process.tail();
  }
}
