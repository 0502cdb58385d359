package io.driftless.standalone.process;

import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.driftless.events.testing.SideProcess;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The standalone server as a real process, launched with the README's run command from the
 * repository root (its paths are relative to it; the class-data sharing archive is valid for those
 * files only), on a data directory of its own with free ports. {@link #kill()} is {@code kill -9}:
 * no shutdown hook, no H2 close, no last flush. A shutdown hook kills the process if the test JVM
 * goes first.
 */
final class StandaloneServer {

  /** The README's run command, relative to the repository root. */
  static final List<String> README_COMMAND =
      List.of(
          "-XX:SharedArchiveFile=standalone/target/app/driftless.jsa",
          "-jar",
          "standalone/target/app/driftless-standalone.jar");

  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final HttpClient HTTP =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

  private final Process process;
  private final Path log;
  private final int port;
  private final long launchedAt;
  private final Thread reaper;

  private StandaloneServer(Process process, Path log, int port, long launchedAt) {
    this.process = process;
    this.log = log;
    this.port = port;
    this.launchedAt = launchedAt;
    this.reaper = new Thread(process::destroyForcibly, "standalone-reaper");
    Runtime.getRuntime().addShutdownHook(reaper);
  }

  /** The README command, with {@code jvmOptions} after its own, on {@code dataDir}. */
  static StandaloneServer launch(List<String> jvmOptions, Path dataDir, Path log)
      throws IOException {
    if (!Files.isRegularFile(ROOT.resolve(README_COMMAND.get(2)))) {
      throw new IllegalStateException("build the jar first: ./mvnw -B -DskipTests package");
    }
    var port = SideProcess.freePort();
    var command = new ArrayList<String>();
    command.add(ProcessHandle.current().info().command().orElse("java"));
    command.add(README_COMMAND.get(0));
    // After the README's archive option, so that a test can replace it.
    command.addAll(SideProcess.childJvmOptions());
    command.addAll(jvmOptions);
    command.addAll(README_COMMAND.subList(1, README_COMMAND.size()));
    command.add("--server.port=" + port);
    command.add("--driftless.data-dir=" + dataDir.toAbsolutePath());
    command.add("--driftless.sandbox.port=0");
    var launchedAt = System.nanoTime();
    var process =
        new ProcessBuilder(command)
            .directory(ROOT.toFile())
            .redirectErrorStream(true)
            .redirectOutput(log.toFile())
            .start();
    return new StandaloneServer(process, log, port, launchedAt);
  }

  static StandaloneServer launch(Path dataDir, Path log) throws IOException {
    return launch(List.of(), dataDir, log);
  }

  /**
   * Waits for {@code /actuator/health} UP from this process ({@link SideProcess#listensOn}: the
   * port was free when chosen, but another test's server may have taken it first); returns the time
   * since launch.
   */
  Duration awaitUp(Duration timeout) {
    var health = HttpRequest.newBuilder(uri("/actuator/health")).GET().build();
    await("standalone server healthy")
        .atMost(timeout)
        .pollInterval(Duration.ofMillis(20))
        .ignoreExceptionsInstanceOf(IOException.class)
        .until(
            () -> {
              if (!process.isAlive()) {
                throw new AssertionError(
                    "the server exited with " + process.exitValue() + "\n" + tail());
              }
              return HTTP.send(health, HttpResponse.BodyHandlers.ofString())
                      .body()
                      .contains("\"UP\"")
                  && SideProcess.listensOn(log, port);
            });
    return Duration.ofNanos(System.nanoTime() - launchedAt);
  }

  HttpResponse<String> deploy(String app, String manifest) throws Exception {
    var request =
        HttpRequest.newBuilder(uri("/api/apps/default/" + app + "/deploy"))
            .header("Content-Type", "application/yaml")
            .POST(HttpRequest.BodyPublishers.ofString(manifest))
            .build();
    return HTTP.send(request, HttpResponse.BodyHandlers.ofString());
  }

  JsonNode changes(String app) throws Exception {
    var request = HttpRequest.newBuilder(uri("/api/apps/default/" + app + "/changes")).GET();
    var response = HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
    return response.statusCode() == 200 ? JSON.readTree(response.body()) : JSON.createArrayNode();
  }

  /** SIGKILL, and waits until the process is gone. */
  void kill() throws Exception {
    process.destroyForcibly();
    process.onExit().get(30, TimeUnit.SECONDS);
    forget();
  }

  /** SIGTERM: a clean shutdown. */
  void stop() throws Exception {
    process.destroy();
    if (!process.waitFor(30, TimeUnit.SECONDS)) {
      process.destroyForcibly().waitFor();
    }
    forget();
  }

  /** Whether the server's process still runs. */
  boolean isAlive() {
    return process.isAlive();
  }

  /** The server's process id. */
  long pid() {
    return process.pid();
  }

  /** Waits for the process to end by itself; returns its exit code. */
  int awaitExit(Duration timeout) throws Exception {
    if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
      throw new AssertionError("still running after " + timeout + "\n" + tail());
    }
    forget();
    return process.exitValue();
  }

  /** Everything the server wrote (standard output and error). */
  List<String> output() throws IOException {
    return Files.readAllLines(log, StandardCharsets.UTF_8);
  }

  /** The last lines the server wrote, for failure messages. */
  String tail() {
    try {
      var lines = Files.readAllLines(log, StandardCharsets.UTF_8);
      var from = Math.max(0, lines.size() - 80);
      return "---- " + log + " ----\n" + String.join("\n", lines.subList(from, lines.size()));
    } catch (IOException | UncheckedIOException e) {
      return "(cannot read " + log + ": " + e + ")";
    }
  }

  /** The server's URL of {@code path}. */
  URI uri(String path) {
    return URI.create("http://127.0.0.1:" + port + path);
  }

  private void forget() {
    try {
      Runtime.getRuntime().removeShutdownHook(reaper);
    } catch (IllegalStateException shuttingDown) {
      // the hook runs anyway
    }
  }
}
