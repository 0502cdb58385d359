import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Start-time benchmark of the standalone server: launches the README's run command {@code runs}
 * times (default 5), each on a fresh data directory and free ports, and prints the time from launch
 * to {@code /actuator/health} UP, the CPU time the JVM used until then, the load average, and the
 * median. Run it from the repository root after {@code ./mvnw -B -DskipTests package}:
 *
 * <pre>
 * java standalone/bench/StartTime.java           # the README command (CDS archive)
 * java standalone/bench/StartTime.java 5 --plain # java -jar of the fat jar, no archive
 * </pre>
 */
public class StartTime {

  private static final List<String> README_COMMAND =
      List.of(
          "-XX:SharedArchiveFile=standalone/target/app/driftless.jsa",
          "-jar",
          "standalone/target/app/driftless-standalone.jar");
  private static final List<String> PLAIN_COMMAND =
      List.of("-jar", "standalone/target/driftless-standalone.jar");

  public static void main(String[] args) throws Exception {
    var runs = args.length > 0 && args[0].matches("[0-9]+") ? Integer.parseInt(args[0]) : 5;
    var plain = Arrays.asList(args).contains("--plain");
    var jvmArgs = plain ? PLAIN_COMMAND : README_COMMAND;
    System.out.println("java " + String.join(" ", jvmArgs) + "  (" + runs + " runs)");
    var millis = new ArrayList<Long>();
    for (int run = 1; run <= runs; run++) {
      millis.add(launchOnce(run, jvmArgs));
    }
    millis.sort(Comparator.naturalOrder());
    System.out.printf("median %d ms (min %d, max %d)%n", millis.get(runs / 2), millis.get(0), millis.get(runs - 1));
  }

  private static long launchOnce(int run, List<String> jvmArgs) throws Exception {
    var dataDir = Files.createTempDirectory("driftless-start-");
    var port = freePort();
    var command = new ArrayList<String>();
    command.add(ProcessHandle.current().info().command().orElse("java"));
    command.addAll(jvmArgs);
    command.addAll(
        List.of(
            "--server.port=" + port,
            "--driftless.data-dir=" + dataDir.toAbsolutePath(),
            "--driftless.sandbox.port=0"));
    var load = loadAverage();
    var launched = System.nanoTime();
    var process =
        new ProcessBuilder(command)
            .redirectErrorStream(true)
            .redirectOutput(dataDir.resolve("server.log").toFile())
            .start();
    try {
      awaitHealthy(process, port);
      var millis = (System.nanoTime() - launched) / 1_000_000;
      var cpu = process.info().totalCpuDuration().map(Duration::toMillis).orElse(-1L);
      System.out.printf(
          "run %d: %5d ms to health UP (JVM cpu %5d ms, load before %s)%n", run, millis, cpu, load);
      return millis;
    } finally {
      process.destroy();
      if (!process.waitFor(30, TimeUnit.SECONDS)) {
        process.destroyForcibly().waitFor();
      }
      delete(dataDir);
    }
  }

  private static void awaitHealthy(Process process, int port) throws Exception {
    var http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();
    var health =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/actuator/health")).build();
    var deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
    while (System.nanoTime() < deadline) {
      if (!process.isAlive()) {
        throw new IllegalStateException("the server exited with " + process.exitValue());
      }
      try {
        if (http.send(health, HttpResponse.BodyHandlers.ofString()).body().contains("\"UP\"")) {
          return;
        }
      } catch (IOException notYet) {
        // not listening yet
      }
      Thread.sleep(20);
    }
    throw new IllegalStateException("the server was not healthy within 3 minutes");
  }

  private static int freePort() throws IOException {
    try (var socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }

  private static String loadAverage() {
    try {
      return Files.readString(Path.of("/proc/loadavg")).split(" ")[0];
    } catch (IOException | RuntimeException e) {
      return "n/a";
    }
  }

  private static void delete(Path dir) throws IOException {
    try (var files = Files.walk(dir)) {
      files.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
    }
  }
}
