package io.driftless.standalone.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.driftless.events.EventCodec;
import io.driftless.events.EventEnvelope;
import io.driftless.events.testing.BrokerNames;
import io.driftless.events.testing.CpuTimes;
import io.driftless.events.testing.EventHistoryGenerator;
import io.driftless.events.testing.LocalDatabases;
import io.driftless.events.testing.SideProcess;
import io.driftless.sandbox.SandboxCluster;
import io.driftless.sandbox.SandboxSettings;
import io.driftless.security.TokenHash;
import io.driftless.standalone.e2e.DistributedArgs;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

/**
 * Issue 13's deploy latency during a rebuild, with real deploys: the {@code distributed} setup as
 * the e2e tests run it (the command side and the query side as {@code java -jar} processes on the
 * machine's MariaDB and RabbitMQ, a sandbox cluster in this JVM), an event store holding {@code
 * events} events (default 1,000,000, written in Axon's layout and relayed to the views as any
 * event), and one deploy of a small app every {@code interval} ms (a ConfigMap that changes every
 * time and a Deployment that does not), each timed from request to answer. After {@code warmup}
 * (60) s of deploys it alternates, {@code repeat} (3) times, {@code quiet} (60) s of deploys
 * without a rebuild and deploys during a rebuild of the history view, and compares the pooled
 * latencies (alternating, so that the machine's drift, such as the command side's JIT still
 * compiling, weighs on both alike). The query side runs with its default rebuild settings, or with
 * {@code busy=N} ({@code busy-events-per-second}) and {@code nice=N}. Run it from the repository
 * root after {@code ./mvnw -B install -DskipTests} (query-side/BENCHMARK.md, "Rebuilds"):
 *
 * <pre>
 * java -cp "standalone/target/test-classes:$(cat standalone/target/deps.cp)" \
 *   io.driftless.standalone.bench.RebuildDeployLatency events=1000000 interval=250 quiet=60 repeat=3
 * </pre>
 *
 * Every database, exchange and queue it makes is removed at the end.
 */
public final class RebuildDeployLatency {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final HttpClient HTTP = HttpClient.newHttpClient();
  private static final String RUN = UUID.randomUUID().toString().replace("-", "").substring(0, 12);
  private static final String COMMAND_DB = "driftless_bench_" + RUN + "_events";
  private static final String VIEWS_DB = "driftless_bench_" + RUN + "_views";
  private static final BrokerNames BROKER =
      new BrokerNames("driftless.events.bench-" + RUN, "driftless.views.bench-" + RUN);
  private static final String DEPLOYER = "bench-deployer-" + UUID.randomUUID();
  private static final String ADMIN = "bench-admin-" + UUID.randomUUID();
  private static final Path KUBECONFIG = Path.of("standalone", "target", "bench-" + RUN + ".yaml");
  private static final Duration STARTUP = Duration.ofMinutes(3);

  private RebuildDeployLatency() {}

  public static void main(String[] args) throws Exception {
    var options = new HashMap<String, String>();
    for (var arg : args) {
      options.put(arg.substring(0, arg.indexOf('=')), arg.substring(arg.indexOf('=') + 1));
    }
    var events = Integer.parseInt(options.getOrDefault("events", "1000000"));
    var interval = Long.parseLong(options.getOrDefault("interval", "250"));
    var quiet = Integer.parseInt(options.getOrDefault("quiet", "60"));
    var repeat = Integer.parseInt(options.getOrDefault("repeat", "3"));
    var warmup = Integer.parseInt(options.getOrDefault("warmup", "60"));
    // busy=N, nice=N: the query side's rebuild settings instead of its defaults
    var settings = new ArrayList<String>();
    if (options.containsKey("busy")) {
      settings.add("--driftless.rebuild.busy-events-per-second=" + options.get("busy"));
    }
    if (options.containsKey("nice")) {
      settings.add("--driftless.rebuild.nice=" + options.get("nice"));
    }
    var label = settings.isEmpty() ? "the query side's defaults" : String.join(" ", settings);
    LocalDatabases.create(COMMAND_DB);
    LocalDatabases.create(VIEWS_DB);
    var failures = new ArrayList<Exception>();
    SideProcess command = null;
    SideProcess query = null;
    try (var cluster =
        SandboxCluster.start(new SandboxSettings("127.0.0.1", 0, KUBECONFIG, null))) {
      query = startQuerySide(settings.toArray(String[]::new));
      command = startCommandSide();
      query.awaitHealthy(STARTUP);
      command.awaitHealthy(STARTUP);
      var deployer = new Deployer(command, interval);
      deployer.deploy(); // the app exists before the store is filled

      var started = System.nanoTime();
      var stored = fill(events);
      System.out.printf("stored %,d events in Axon's layout in %.1f s%n", stored, seconds(started));
      started = System.nanoTime();
      awaitViews(query, Duration.ofMinutes(30));
      System.out.printf(
          "relayed to the views (RabbitMQ, all four views) in %.1f s%n", seconds(started));

      // Warm-up, not counted: the command side's JIT is still compiling minutes after its start.
      deployer.run(Duration.ofSeconds(warmup));
      System.out.printf("rebuild settings: %s%n", label);
      var without = new ArrayList<Long>();
      var during = new ArrayList<Long>();
      for (int round = 1; round <= repeat; round++) {
        // Quiet and rebuild phases alternate, so that a drift of the machine hits both alike.
        var cpu = cpu(query);
        var quietLatencies = deployer.run(Duration.ofSeconds(quiet));
        System.out.printf("deploys without a rebuild: %s%n", summary(quietLatencies));
        System.out.printf(
            "  CPU: %s%n", cpu.since(quietLatencies.size()).replace("event", "deploy"));
        without.addAll(quietLatencies);
        during.addAll(rebuildDuringDeploys(query, deployer));
      }
      System.out.printf("all deploys without a rebuild: %s%n", summary(without));
      System.out.printf("all deploys during the %d rebuilds: %s%n", repeat, summary(during));
      System.out.printf(
          "p99 during / without: %.2fx, p50 during / without: %.2fx%n",
          (double) percentile(during, 0.99) / percentile(without, 0.99),
          (double) percentile(during, 0.50) / percentile(without, 0.50));
    } finally {
      for (var side : new SideProcess[] {command, query}) {
        if (side != null) {
          side.close();
        }
      }
      Files.deleteIfExists(KUBECONFIG);
      BROKER.deleteAll(failures);
      LocalDatabases.drop(COMMAND_DB, failures);
      LocalDatabases.drop(VIEWS_DB, failures);
    }
    if (!failures.isEmpty()) {
      throw failures.get(0);
    }
  }

  private static CpuTimes cpu(SideProcess query) {
    return CpuTimes.of(
        new LinkedHashMap<>(
            Map.of(
                "query side",
                query.pid(),
                "command side",
                CpuTimes.find("driftless-command-side.jar"),
                "MariaDB",
                CpuTimes.find("mariadbd"))));
  }

  /** One rebuild of the history view, deploys running all along; their latencies. */
  private static List<Long> rebuildDuringDeploys(SideProcess query, Deployer deployer)
      throws Exception {
    var cpu = cpu(query);
    var started = System.nanoTime();
    var answer = send(query, "POST", "/api/projections/history/rebuild", ADMIN, null);
    // The previous rebuild reports "swapped" a moment before its thread lets the view go: 409.
    for (int tries = 0; answer.statusCode() == 409 && tries < 100; tries++) {
      LockSupport.parkNanos(Duration.ofMillis(100).toNanos());
      answer = send(query, "POST", "/api/projections/history/rebuild", ADMIN, null);
    }
    if (answer.statusCode() != 202) {
      throw new IllegalStateException("rebuild refused: " + answer.body());
    }
    var rebuildId = JSON.readTree(answer.body()).path("rebuildId").asText();
    var done = new AtomicBoolean();
    var during = deployer.runUntil(() -> rebuildFinished(query, rebuildId, done));
    var progress = rebuild(query);
    var seconds = seconds(started);
    if (!"swapped".equals(progress.path("phase").asText())) {
      throw new IllegalStateException("rebuild failed: " + progress);
    }
    var folded = progress.path("done").asLong();
    System.out.printf(
        "rebuild: %,d events in %.1f s = %,.0f events/s (request to swap)%n",
        folded, seconds, folded / seconds);
    System.out.printf("  deploys during it: %s%n", summary(during));
    System.out.printf("  CPU: %s%n", cpu.since(folded));
    return during;
  }

  private static boolean rebuildFinished(SideProcess query, String rebuildId, AtomicBoolean done) {
    if (done.get()) {
      return true;
    }
    try {
      var progress = rebuild(query);
      var phase = progress.path("phase").asText();
      done.set(
          rebuildId.equals(progress.path("rebuildId").asText())
              && ("swapped".equals(phase) || "failed".equals(phase)));
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
    return done.get();
  }

  private static JsonNode rebuild(SideProcess query) throws Exception {
    var views = JSON.readTree(send(query, "GET", "/api/projections", ADMIN, null).body());
    for (var view : views) {
      if ("history".equals(view.path("name").asText())) {
        return view.path("rebuild");
      }
    }
    throw new IllegalStateException("no history view in " + views);
  }

  private static void awaitViews(SideProcess query, Duration atMost) throws Exception {
    var stored = LocalDatabases.countEvents(COMMAND_DB);
    var deadline = System.nanoTime() + atMost.toNanos();
    while (true) {
      var position =
          send(query, "GET", "/api/projections", ADMIN, null)
              .headers()
              .firstValue("Driftless-View-Position")
              .map(Long::parseLong)
              .orElse(0L);
      if (position >= stored) {
        return;
      }
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException("views at " + position + " of " + stored + " events");
      }
      // Polling a process's progress: nothing to wait on but its answers.
      LockSupport.parkNanos(Duration.ofSeconds(1).toNanos());
    }
  }

  /**
   * Writes the events in Axon's layout, as the command side's store would hold them: multi-row
   * statements of 500 rows (one round trip each, consecutive global indexes, no holes for the
   * relay's gap-aware token).
   */
  private static long fill(int events) throws Exception {
    var jdbc =
        new JdbcTemplate(
            new DriverManagerDataSource(
                LocalDatabases.url(COMMAND_DB), LocalDatabases.user(), LocalDatabases.password()));
    var mapper = EventCodec.newMapper();
    var written = 0;
    var chunk = 0;
    while (written < events) {
      List<EventEnvelope> part =
          new EventHistoryGenerator(7_000 + chunk)
              .generate("b" + chunk + "-app-", 20, 5, Math.min(20_000, events - written));
      for (int from = 0; from < part.size(); from += 500) {
        var rows = part.subList(from, Math.min(part.size(), from + 500));
        var params = new ArrayList<Object>();
        for (var e : rows) {
          params.add(e.eventId());
          params.add(e.aggregateId());
          params.add(e.sequence());
          params.add(e.aggregateType());
          params.add(e.occurredAt().toString());
          params.add(e.payload().getClass().getName());
          params.add(mapper.writeValueAsBytes(e.payload()));
          params.add("{}".getBytes(StandardCharsets.UTF_8));
        }
        jdbc.update(
            "INSERT INTO domain_event_entry (event_identifier, aggregate_identifier,"
                + " sequence_number, type, time_stamp, payload_type, payload, meta_data) VALUES "
                + String.join(",", Collections.nCopies(rows.size(), "(?, ?, ?, ?, ?, ?, ?, ?)")),
            params.toArray());
      }
      written += part.size();
      chunk++;
    }
    return written;
  }

  private static SideProcess startQuerySide(String... extra) throws Exception {
    var args =
        new ArrayList<>(
            DistributedArgs.querySide(
                VIEWS_DB,
                COMMAND_DB,
                BROKER,
                "--driftless.security.tokens[0].name=bench-admin",
                "--driftless.security.tokens[0].hash=" + TokenHash.of(ADMIN),
                "--driftless.security.tokens[0].roles=admin"));
    args.addAll(List.of(extra));
    return SideProcess.start(
        "query side",
        Path.of("query-side", "target", "driftless-query-side.jar"),
        args,
        Path.of("standalone", "target", "bench-" + RUN + "-query-side.log"));
  }

  private static SideProcess startCommandSide() throws Exception {
    return SideProcess.start(
        "command side",
        Path.of("command-side", "target", "driftless-command-side.jar"),
        DistributedArgs.commandSide(
            COMMAND_DB,
            KUBECONFIG,
            BROKER.exchange(),
            // The filled history's apps have no desired sets to reconcile: only the deploys run.
            "--driftless.reconcile.enabled=false",
            "--driftless.security.tokens[0].name=bench-deployer",
            "--driftless.security.tokens[0].hash=" + TokenHash.of(DEPLOYER),
            "--driftless.security.tokens[0].roles=deployer"),
        Path.of("standalone", "target", "bench-" + RUN + "-command-side.log"));
  }

  private static HttpResponse<String> send(
      SideProcess side, String method, String path, String token, String yaml) throws Exception {
    var request =
        HttpRequest.newBuilder(side.uri(path))
            .timeout(Duration.ofMinutes(2))
            .header("Authorization", "Bearer " + token);
    if (yaml != null) {
      request
          .header("Content-Type", "application/yaml")
          .method(method, HttpRequest.BodyPublishers.ofString(yaml));
    } else {
      request.method(method, HttpRequest.BodyPublishers.noBody());
    }
    return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
  }

  private static double seconds(long since) {
    return (System.nanoTime() - since) / 1e9;
  }

  static String summary(List<Long> latencies) {
    return String.format(
        "%d deploys, p50 %.1f ms, p99 %.1f ms, max %.1f ms",
        latencies.size(),
        percentile(latencies, 0.50) / 1e6,
        percentile(latencies, 0.99) / 1e6,
        percentile(latencies, 1.0) / 1e6);
  }

  /** The nearest-rank percentile (0.5: the median, 1.0: the maximum). */
  static long percentile(List<Long> latencies, double rank) {
    var sorted = new ArrayList<>(latencies);
    Collections.sort(sorted);
    var index = rank >= 1.0 ? sorted.size() - 1 : (int) Math.ceil(sorted.size() * rank) - 1;
    return sorted.get(Math.max(0, Math.min(sorted.size() - 1, index)));
  }

  /** One deploy every {@code interval} ms of one small app, each a real change. */
  private static final class Deployer {

    private final SideProcess command;
    private final long intervalNanos;
    private int round;

    Deployer(SideProcess command, long intervalMillis) {
      this.command = command;
      this.intervalNanos = intervalMillis * 1_000_000L;
    }

    long deploy() throws Exception {
      round++;
      var yaml =
          """
          apiVersion: v1
          kind: ConfigMap
          metadata:
            name: bench-config
            namespace: default
          data:
            round: "%d"
          ---
          apiVersion: apps/v1
          kind: Deployment
          metadata:
            name: bench-app
            namespace: default
          spec:
            replicas: 1
            selector:
              matchLabels: {app: bench-app}
            template:
              metadata:
                labels: {app: bench-app}
              spec:
                containers:
                - name: app
                  image: nginx:1.27
          """
              .formatted(round);
      var started = System.nanoTime();
      var answer = send(command, "POST", "/api/apps/default/bench-app/deploy", DEPLOYER, yaml);
      var took = System.nanoTime() - started;
      if (answer.statusCode() != 200) {
        throw new IllegalStateException("deploy answered " + answer.statusCode() + answer.body());
      }
      return took;
    }

    List<Long> run(Duration duration) throws Exception {
      var end = System.nanoTime() + duration.toNanos();
      return runUntil(() -> System.nanoTime() > end);
    }

    List<Long> runUntil(BooleanSupplier done) throws Exception {
      var latencies = new ArrayList<Long>();
      while (!done.getAsBoolean()) {
        var started = System.nanoTime();
        latencies.add(deploy());
        var pause = intervalNanos - (System.nanoTime() - started);
        if (pause > 0) {
          // Pacing, not waiting for a condition: one deploy per interval, as a CI would send them.
          LockSupport.parkNanos(pause);
        }
      }
      return latencies;
    }
  }
}
