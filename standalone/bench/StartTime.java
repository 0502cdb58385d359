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
 * java standalone/bench/StartTime.java 5 --module=command-side  # a side on its embedded defaults
 * </pre>
 *
 * <p>{@code --module=command-side} or {@code query-side} times that side's jar the same way (its
 * extracted layout with its archive, or with {@code --plain} the fat jar), as the tests start it
 * (SideProcess in shared-events).
 */
public class StartTime {

  public static void main(String[] args) throws Exception {
    var runs = args.length > 0 && args[0].matches("[0-9]+") ? Integer.parseInt(args[0]) : 5;
    var plain = Arrays.asList(args).contains("--plain");
    var module =
        Arrays.stream(args)
            .filter(arg -> arg.startsWith("--module="))
            .map(arg -> arg.substring("--module=".length()))
            .findFirst()
            .orElse("standalone");
    var jvmArgs = command(module, plain);
    System.out.println("java " + String.join(" ", jvmArgs) + "  (" + runs + " runs)");
    var millis = new ArrayList<Long>();
    var cpus = new ArrayList<Long>();
    for (int run = 1; run <= runs; run++) {
      var measured = launchOnce(run, jvmArgs, module);
      millis.add(measured[0]);
      cpus.add(measured[1]);
    }
    millis.sort(Comparator.naturalOrder());
    cpus.sort(Comparator.naturalOrder());
    System.out.printf(
        "median %d ms (min %d, max %d), JVM cpu median %d ms (min %d, max %d)%n",
        millis.get(runs / 2), millis.get(0), millis.get(runs - 1),
        cpus.get(runs / 2), cpus.get(0), cpus.get(runs - 1));
  }

  /** The README command (module standalone), or the same for a side's jar; relative to the root. */
  private static List<String> command(String module, boolean plain) {
    var jar = "driftless-" + module + ".jar";
    var target = module + "/target/";
    return plain
        ? List.of("-jar", target + jar)
        : List.of("-XX:SharedArchiveFile=" + target + "app/driftless.jsa", "-jar", target + "app/" + jar);
  }

  private static long[] launchOnce(int run, List<String> jvmArgs, String module) throws Exception {
    var dataDir = Files.createTempDirectory("driftless-start-");
    var port = freePort();
    var command = new ArrayList<String>();
    command.add(ProcessHandle.current().info().command().orElse("java"));
    command.addAll(jvmArgs);
    command.addAll(
        List.of(
            "--server.port=" + port,
            "--driftless.data-dir=" + dataDir.toAbsolutePath()));
    if (module.equals("standalone")) {
      command.add("--driftless.sandbox.port=0");
    }
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
      return new long[] {millis, cpu};
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
