package io.driftless.events.testing;

import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.awaitility.core.ConditionTimeoutException;

/**
 * One side of Driftless run as its own JVM from its executable jar ({@code java -jar}, the test
 * JVM's own {@code java}), on a port of its own, with stdout and stderr in a file under {@code
 * target/}. Closing it stops the process (SIGTERM, then SIGKILL after a grace period); a shutdown
 * hook does the same if the test JVM goes away first, so no JVM outlives the build.
 *
 * <p>Where the build left the jar's fast start next to it ({@code target/app/}: the extracted
 * layout and its class-data sharing archive, root pom.xml), the process runs that instead: the same
 * classes, started in about half the CPU time (command-side README, "Fast start").
 */
public final class SideProcess implements AutoCloseable {

  private static final Duration GRACE = Duration.ofSeconds(20);

  private final String name;
  private final Process process;
  private final Path log;
  private final int port;
  private final Thread reaper;

  private SideProcess(String name, Process process, Path log, int port) {
    this.name = name;
    this.process = process;
    this.log = log;
    this.port = port;
    this.reaper = new Thread(process::destroyForcibly, "e2e-reaper-" + name);
    Runtime.getRuntime().addShutdownHook(reaper);
  }

  /** Starts {@code java -jar <jar> --server.port=<free port> <args...>}. */
  public static SideProcess start(String name, Path jar, List<String> args, Path log)
      throws IOException {
    if (!Files.isRegularFile(jar)) {
      throw new IllegalStateException(
          jar.toAbsolutePath() + " is missing: build the jars first (./mvnw install -DskipTests)");
    }
    var port = freePort();
    var command = new ArrayList<String>();
    command.add(ProcessHandle.current().info().command().orElse("java"));
    command.addAll(childJvmOptions());
    command.addAll(launch(jar));
    command.add("--server.port=" + port);
    command.addAll(args);
    Files.createDirectories(log.toAbsolutePath().getParent());
    var process =
        new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    return new SideProcess(name, process, log, port);
  }

  /**
   * {@code -jar <jar>}, or {@code -XX:SharedArchiveFile=<archive> -jar <extracted jar>} when the
   * build extracted {@code jar} to {@code app/} beside it and recorded the archive after the jar
   * was written (a jar repackaged later, with {@code -Ddriftless.cds.skip=true}, leaves a stale
   * layout). The archive names its class path absolute, which any spelling of the same files
   * matches.
   */
  static List<String> launch(Path jar) {
    var fatJar = jar.toAbsolutePath().normalize();
    var extracted = fatJar.resolveSibling("app").resolve(fatJar.getFileName());
    var archive = extracted.resolveSibling("driftless.jsa");
    if (Files.isRegularFile(extracted) && writtenAfter(archive, fatJar)) {
      return List.of("-XX:SharedArchiveFile=" + archive, "-jar", extracted.toString());
    }
    return List.of("-jar", fatJar.toString());
  }

  private static boolean writtenAfter(Path archive, Path jar) {
    try {
      return Files.isRegularFile(archive) && written(archive).compareTo(written(jar)) >= 0;
    } catch (IOException e) {
      return false;
    }
  }

  /**
   * When the file was last written: its change time where the platform has one, since the
   * reproducible build sets the jars' modification time to {@code project.build.outputTimestamp}
   * (root pom.xml).
   */
  static FileTime written(Path file) throws IOException {
    try {
      return (FileTime) Files.getAttribute(file, "unix:ctime");
    } catch (UnsupportedOperationException | IllegalArgumentException noUnixView) {
      return Files.getLastModifiedTime(file);
    }
  }

  /**
   * The JVM options the build gives the processes tests start ({@code driftless.it.child-jvm}, the
   * root pom's {@code driftless.test.jit}): none when unset, as in an IDE.
   */
  public static List<String> childJvmOptions() {
    var options = System.getProperty("driftless.it.child-jvm", "").trim();
    return options.isEmpty() ? List.of() : List.of(options.split("\\s+"));
  }

  public static int freePort() throws IOException {
    try (var socket = new ServerSocket(0)) {
      socket.setReuseAddress(true);
      return socket.getLocalPort();
    }
  }

  /**
   * {@code kill -9}: SIGKILL, no shutdown hook and no graceful stop runs; returns once the process
   * is gone.
   */
  public void kill() throws InterruptedException {
    process.destroyForcibly();
    process.waitFor();
    try {
      Runtime.getRuntime().removeShutdownHook(reaper);
    } catch (IllegalStateException shuttingDown) {
      // the hook runs anyway; the process is already gone
    }
  }

  /** Whether the process still runs. */
  public boolean isAlive() {
    return process.isAlive();
  }

  /** The operating system's id of the process. */
  public long pid() {
    return process.pid();
  }

  public URI uri(String path) {
    return URI.create("http://127.0.0.1:" + port + path);
  }

  /**
   * Waits until {@code /actuator/health} answers UP from this process ({@link #listensOn}); fails
   * at once, with the log's tail, if the process exits, and with the tail after {@code timeout}.
   */
  public void awaitHealthy(Duration timeout) {
    var http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    var request = HttpRequest.newBuilder(uri("/actuator/health")).GET().build();
    try {
      await(name + " healthy")
          .atMost(timeout)
          .pollInterval(Duration.ofMillis(500))
          .ignoreExceptionsInstanceOf(IOException.class)
          .until(
              () -> {
                if (!process.isAlive()) {
                  throw new AssertionError(
                      name + " exited with " + process.exitValue() + "; its log ends:\n" + tail());
                }
                var response = http.send(request, HttpResponse.BodyHandlers.ofString());
                return response.statusCode() == 200
                    && response.body().contains("\"UP\"")
                    && listensOn(log, port);
              });
    } catch (ConditionTimeoutException e) {
      throw new AssertionError(
          name + " not healthy after " + timeout + "; its log ends:\n" + tail(), e);
    }
  }

  /**
   * Whether the Spring Boot process writing {@code log} says its web server listens on {@code
   * port}. A port {@link #freePort()} found free may be taken by another test's server before the
   * process binds it (the process then exits with "Port ... already in use" while the other server
   * answers): a healthy answer on the port counts only together with this line.
   */
  public static boolean listensOn(Path log, int port) throws IOException {
    var listening = "Tomcat started on port " + port + " ";
    try (var lines = Files.lines(log, StandardCharsets.UTF_8)) {
      return lines.anyMatch(line -> line.contains(listening));
    }
  }

  /** The last lines the process wrote, for failure messages. */
  public String tail() {
    try {
      var lines = Files.readAllLines(log, StandardCharsets.UTF_8);
      var from = Math.max(0, lines.size() - 60);
      return "---- " + log + " ----\n" + String.join("\n", lines.subList(from, lines.size()));
    } catch (IOException | UncheckedIOException e) {
      return "(cannot read " + log + ": " + e + ")";
    }
  }

  @Override
  public void close() throws InterruptedException {
    process.destroy();
    if (!process.waitFor(GRACE.toSeconds(), TimeUnit.SECONDS)) {
      process.destroyForcibly();
      process.waitFor(GRACE.toSeconds(), TimeUnit.SECONDS);
    }
    try {
      Runtime.getRuntime().removeShutdownHook(reaper);
    } catch (IllegalStateException shuttingDown) {
      // the hook runs anyway; the process is already gone
    }
  }
}
