import java.io.IOException;
import java.io.Reader;
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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

/**
 * Deploy-time benchmark of kapp's largest example app (issue 11): for each setting, {@code runs}
 * times (default 3), launches the README's run command on a fresh data directory and free ports,
 * deploys the app once (every resource created in the sandbox cluster) and again unchanged, and
 * prints both times and their medians. The settings: {@code --driftless.deploy.apply-concurrency=1}
 * (one write at a time) and the default; the runs of the two alternate, so that a load change on
 * the machine hits both. Run it from the repository root after {@code ./mvnw -B -DskipTests
 * package}:
 *
 * <pre>
 * java standalone/bench/DeployTime.java            # 3 runs of each setting, the largest app
 * java standalone/bench/DeployTime.java 5 --app=istio
 * </pre>
 *
 * <p>The apps are those of {@code standalone/src/test/resources/kapp-examples/apps.properties};
 * "largest" is the one with the most resources, as a dry run on a first server counts them
 * (identical duplicate documents count once).
 */
public class DeployTime {

  private static final List<String> README_COMMAND =
      List.of(
          "-XX:SharedArchiveFile=standalone/target/app/driftless.jsa",
          "-jar",
          "standalone/target/app/driftless-standalone.jar");
  private static final Path APPS =
      Path.of("standalone/src/test/resources/kapp-examples/apps.properties");
  private static final String CONCURRENCY_ONE = "--driftless.deploy.apply-concurrency=1";
  private static final Pattern OPS = Pattern.compile("\"(create|update|exists)\":(\\d+)");
  private static final HttpClient HTTP =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

  public static void main(String[] args) throws Exception {
    var runs = args.length > 0 && args[0].matches("[0-9]+") ? Integer.parseInt(args[0]) : 3;
    var apps = apps();
    var chosen =
        Arrays.stream(args)
            .filter(a -> a.startsWith("--app="))
            .map(a -> a.substring("--app=".length()))
            .findFirst()
            .orElse(null);
    var app = chosen != null ? chosen : largest(apps);
    var body = body(apps.get(app));
    var settings = new LinkedHashMap<String, List<String>>();
    settings.put("apply-concurrency=1", List.of(CONCURRENCY_ONE));
    settings.put("default", List.of());
    var deploys = new LinkedHashMap<String, List<Long>>();
    var redeploys = new LinkedHashMap<String, List<Long>>();
    System.out.printf("app %s (%d bytes), %d runs per setting%n", app, body.length(), runs);
    for (int run = 1; run <= runs; run++) {
      for (var setting : settings.entrySet()) {
        var times = deployTwice(app, body, setting.getValue());
        deploys.computeIfAbsent(setting.getKey(), k -> new ArrayList<>()).add(times[0]);
        redeploys.computeIfAbsent(setting.getKey(), k -> new ArrayList<>()).add(times[1]);
        System.out.printf(
            "run %d %-20s deploy %6d ms, no-change redeploy %5d ms (load before %s)%n",
            run, setting.getKey(), times[0], times[1], times[2] / 100.0);
      }
    }
    for (var setting : settings.keySet()) {
      System.out.printf(
          "median %-20s deploy %6d ms, no-change redeploy %5d ms%n",
          setting, median(deploys.get(setting)), median(redeploys.get(setting)));
    }
  }

  /** Deploy and redeploy times in ms, and the load average before (x100), on a fresh server. */
  private static long[] deployTwice(String app, String body, List<String> serverArgs)
      throws Exception {
    var load = loadAverage();
    try (var server = Server.launch(serverArgs)) {
      var started = System.nanoTime();
      var first = server.deploy(app, body);
      var deploy = (System.nanoTime() - started) / 1_000_000;
      check(first, "deploy");
      started = System.nanoTime();
      var again = server.deploy(app, body);
      var redeploy = (System.nanoTime() - started) / 1_000_000;
      check(again, "redeploy");
      if (!again.body().contains("\"changeId\":null")) {
        System.out.println("  warning: the unchanged redeploy changed something: " + again.body());
      }
      return new long[] {deploy, redeploy, Math.round(load * 100)};
    }
  }

  /** The app with the most resources, as a dry run on a server of its own counts them. */
  private static String largest(Map<String, List<Path>> apps) throws Exception {
    try (var server = Server.launch(List.of())) {
      String largest = null;
      var most = -1;
      for (var app : apps.entrySet()) {
        var plan = server.deploy(app.getKey(), body(app.getValue()), "?dryRun=true");
        check(plan, "dry run of " + app.getKey());
        var count = 0;
        var matcher = OPS.matcher(plan.body().substring(0, plan.body().indexOf("\"wait\"")));
        while (matcher.find()) {
          count += Integer.parseInt(matcher.group(2));
        }
        System.out.printf("%-14s %4d resources%n", app.getKey(), count);
        if (count > most) {
          most = count;
          largest = app.getKey();
        }
      }
      return largest;
    }
  }

  private static Map<String, List<Path>> apps() throws IOException {
    var properties = new Properties();
    try (Reader reader = Files.newBufferedReader(APPS)) {
      properties.load(reader);
    }
    var apps = new LinkedHashMap<String, List<Path>>();
    properties.stringPropertyNames().stream()
        .sorted()
        .forEach(
            name ->
                apps.put(
                    name,
                    Arrays.stream(properties.getProperty(name).trim().split("\\s+"))
                        .map(Path::of)
                        .toList()));
    return apps;
  }

  private static String body(List<Path> files) throws IOException {
    var parts = new ArrayList<String>();
    for (var file : files) {
      parts.add(Files.readString(file));
    }
    return String.join("\n---\n", parts);
  }

  private static void check(HttpResponse<String> response, String what) {
    if (response.statusCode() != 200) {
      throw new IllegalStateException(
          what + " answered " + response.statusCode() + ": " + response.body());
    }
  }

  private static long median(List<Long> values) {
    var sorted = values.stream().sorted(Comparator.naturalOrder()).toList();
    return sorted.get(sorted.size() / 2);
  }

  private static double loadAverage() {
    try {
      return Double.parseDouble(Files.readString(Path.of("/proc/loadavg")).split(" ")[0]);
    } catch (IOException | RuntimeException e) {
      return -1;
    }
  }

  /** The README's run command as a process on a fresh data directory; closing stops it. */
  private record Server(Process process, int port, Path dataDir) implements AutoCloseable {

    static Server launch(List<String> serverArgs) throws Exception {
      if (!Files.isRegularFile(Path.of(README_COMMAND.get(2)))) {
        throw new IllegalStateException(
            "run from the repository root after ./mvnw -B -DskipTests package");
      }
      var dataDir = Files.createTempDirectory("driftless-deploy-time-");
      var port = freePort();
      var command = new ArrayList<String>();
      command.add(ProcessHandle.current().info().command().orElse("java"));
      command.addAll(README_COMMAND);
      command.add("--server.port=" + port);
      command.add("--driftless.data-dir=" + dataDir.toAbsolutePath());
      command.add("--driftless.sandbox.port=0");
      command.addAll(serverArgs);
      var process =
          new ProcessBuilder(command)
              .redirectErrorStream(true)
              .redirectOutput(dataDir.resolve("server.log").toFile())
              .start();
      var server = new Server(process, port, dataDir);
      try {
        server.awaitHealthy();
      } catch (Exception e) {
        server.close();
        throw e;
      }
      return server;
    }

    HttpResponse<String> deploy(String app, String body) throws Exception {
      return deploy(app, body, "");
    }

    HttpResponse<String> deploy(String app, String body, String query) throws Exception {
      var uri = URI.create(base() + "/api/apps/default/" + app + "/deploy" + query);
      var request =
          HttpRequest.newBuilder(uri)
              .header("Content-Type", "application/yaml")
              .POST(HttpRequest.BodyPublishers.ofString(body))
              .build();
      return HTTP.send(request, HttpResponse.BodyHandlers.ofString());
    }

    private void awaitHealthy() throws Exception {
      var health = HttpRequest.newBuilder(URI.create(base() + "/actuator/health")).build();
      var deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
      while (System.nanoTime() < deadline) {
        if (!process.isAlive()) {
          throw new IllegalStateException(
              "the server exited with " + process.exitValue() + ", see " + dataDir);
        }
        try {
          if (HTTP.send(health, HttpResponse.BodyHandlers.ofString()).body().contains("\"UP\"")) {
            return;
          }
        } catch (IOException notYet) {
          // not listening yet
        }
        Thread.sleep(20);
      }
      throw new IllegalStateException("the server was not healthy within 3 minutes");
    }

    private String base() {
      return "http://127.0.0.1:" + port;
    }

    @Override
    public void close() throws Exception {
      process.destroy();
      if (!process.waitFor(30, TimeUnit.SECONDS)) {
        process.destroyForcibly().waitFor();
      }
      try (var files = Files.walk(dataDir)) {
        files.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
      }
    }
  }

  private static int freePort() throws IOException {
    try (var socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }
}
