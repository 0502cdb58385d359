package io.driftless.command.bench;

import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.driftless.command.CommandSideApplication;
import io.driftless.events.EventEnvelope;
import io.driftless.events.testing.BrokerNames;
import io.driftless.events.testing.EventHistoryGenerator;
import io.driftless.events.testing.LocalDatabases;
import io.driftless.events.testing.LocalServices;
import io.driftless.events.testing.SideProcess;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.axonframework.eventhandling.GenericDomainEventMessage;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.axonframework.messaging.MetaData;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * End to end, as deployed in the {@code distributed} profile: events stored by the command side (in
 * this JVM, through Axon's event store, as the aggregates store them), published by the relay to
 * RabbitMQ, consumed by the query side (its executable jar, a second JVM) into the MariaDB views.
 * Every phase gets fresh databases, exchange and queues and removes them at the end.
 *
 * <ul>
 *   <li><b>throughput</b>: appends a generated history ({@link EventHistoryGenerator}, App and
 *       ResourceChange events of {@code apps} apps) in chunks of 500 as fast as the store takes
 *       them; reports events/s from the first append until the views hold every event.
 *   <li><b>latency</b>: appends at {@code rate} events/s (a chunk every 10 ms) for {@code seconds};
 *       reports the query side's own {@code driftless.view.lag} (event stored to view committed)
 *       p50/p99/max over every event of the run, JVM warm-up included (the query side is started
 *       with a non-rotating percentile window).
 * </ul>
 *
 * <pre>
 * ./mvnw -q -B install -DskipTests
 * ./mvnw -q -B -pl command-side exec:java -Dexec.classpathScope=test \
 *   -Dexec.mainClass=io.driftless.command.bench.EndToEndBenchmark \
 *   -Dexec.args="phases=throughput,latency events=30000 rate=2000 seconds=30"
 * </pre>
 */
public final class EndToEndBenchmark {

  private static final String HISTORY = "history";

  /** The query side's jar, from the project root (exec:java) or from command-side/. */
  private static final Path QUERY_JAR =
      java.nio.file.Files.isDirectory(Path.of("query-side"))
          ? Path.of("query-side", "target", "driftless-query-side.jar")
          : Path.of("..", "query-side", "target", "driftless-query-side.jar");

  private final Map<String, String> options;

  private EndToEndBenchmark(Map<String, String> options) {
    this.options = options;
  }

  public static void main(String[] args) throws Exception {
    var options = new HashMap<String, String>();
    for (var arg : args) {
      for (var pair : arg.trim().split("\\s+")) {
        var eq = pair.indexOf('=');
        if (eq > 0) {
          options.put(pair.substring(0, eq), pair.substring(eq + 1));
        }
      }
    }
    var bench = new EndToEndBenchmark(options);
    System.out.printf(
        Locale.ROOT,
        "EndToEndBenchmark: %d cores, Java %s; relay batch %s, query side %s%n",
        Runtime.getRuntime().availableProcessors(),
        System.getProperty("java.version"),
        bench.option("relayBatch", "100"),
        QUERY_JAR.normalize());
    for (var phase : bench.option("phases", "throughput,latency").split(",")) {
      switch (phase) {
        case "throughput" -> bench.throughput();
        case "latency" -> bench.latency();
        default -> throw new IllegalArgumentException("unknown phase " + phase);
      }
    }
    System.exit(0);
  }

  private String option(String name, String fallback) {
    return options.getOrDefault(name, fallback);
  }

  private int intOption(String name, int fallback) {
    return Integer.parseInt(option(name, Integer.toString(fallback)));
  }

  private void throughput() throws Exception {
    var events =
        new EventHistoryGenerator(20261121L)
            .generate(intOption("apps", 1000), 5, intOption("events", 30_000));
    try (var run = new Run(this)) {
      var cpu = run.cpu();
      var start = System.nanoTime();
      for (int from = 0; from < events.size(); from += 500) {
        run.append(events.subList(from, Math.min(events.size(), from + 500)), null);
      }
      var stored = (System.nanoTime() - start) / 1e9;
      run.awaitViews(events.size(), Duration.ofMinutes(10));
      var seconds = (System.nanoTime() - start) / 1e9;
      System.out.printf(
          Locale.ROOT,
          "%nthroughput: %,d events of %,d aggregates%n"
              + "  stored by the command side in %.2f s (%,.0f events/s)%n"
              + "  first store to all in the views: %.2f s = %,.0f events/s end to end%n"
              + "  query side: %s%n"
              + "  CPU: %s%n",
          events.size(),
          events.stream().map(EventEnvelope::aggregateId).distinct().count(),
          stored,
          events.size() / stored,
          seconds,
          events.size() / seconds,
          run.outcomes(),
          cpu.since(events.size()));
    }
  }

  private void latency() throws Exception {
    var rate = intOption("rate", 2000);
    var seconds = intOption("seconds", 30);
    var perTick = rate / 100;
    var events =
        new EventHistoryGenerator(20261122L)
            .generate(intOption("apps", 1000), 5, rate * seconds + 1_000);
    try (var run = new Run(this)) {
      var cpu = run.cpu();
      var start = System.nanoTime();
      var behind = 0L;
      var sent = 0;
      for (int tick = 0; sent + perTick <= events.size() && tick < seconds * 100; tick++) {
        var due = start + tick * 10_000_000L;
        var now = System.nanoTime();
        if (now < due) {
          java.util.concurrent.locks.LockSupport.parkNanos(due - now);
        } else {
          behind = Math.max(behind, now - due);
        }
        run.append(events.subList(sent, sent + perTick), Instant.now());
        sent += perTick;
      }
      var achieved = sent / ((System.nanoTime() - start) / 1e9);
      run.awaitViews(sent, Duration.ofMinutes(5));
      System.out.printf(
          Locale.ROOT,
          "%nlatency: %,d events at %,d events/s for %d s (achieved %,.0f events/s, appends at"
              + " most %.1f ms behind schedule)%n"
              + "  event-to-view lag (stored to view committed, driftless.view.lag over the whole"
              + " run, warm-up included): p50 %.1f ms, p99 %.1f ms, max %.1f ms%n"
              + "  query side: %s%n"
              + "  CPU: %s%n",
          sent,
          rate,
          seconds,
          achieved,
          behind / 1e6,
          run.lagMillis("percentile", "phi:0.5"),
          run.lagMillis("percentile", "phi:0.99"),
          run.lagMillis("max", null),
          run.outcomes(),
          cpu.since(sent));
    }
  }

  /** One phase's command side (in this JVM), query side (a process), databases and names. */
  private static final class Run implements AutoCloseable {

    private final String commandDb;
    private final String viewsDb;
    private final BrokerNames broker;
    private final SideProcess querySide;
    private final ConfigurableApplicationContext commandSide;
    private final EventStore store;
    private final HttpClient http = HttpClient.newHttpClient();
    private final ObjectMapper json = new ObjectMapper();

    Run(EndToEndBenchmark bench) throws Exception {
      var id = LocalServices.runId();
      commandDb = "driftless_e2e_bench_" + id;
      viewsDb = "driftless_e2e_bench_views_" + id;
      broker = new BrokerNames("driftless.events.bench-" + id, "driftless.views.bench-" + id);
      LocalDatabases.create(commandDb);
      LocalDatabases.create(viewsDb);
      var common =
          List.of(
              "--spring.profiles.active=distributed",
              "--spring.datasource.username=" + LocalDatabases.user(),
              "--spring.datasource.password=" + LocalDatabases.password(),
              "--logging.level.root=WARN");
      var queryArgs = new ArrayList<>(common);
      queryArgs.addAll(
          List.of(
              "--spring.datasource.url=" + LocalDatabases.url(viewsDb),
              "--driftless.event-store.url=" + LocalDatabases.url(commandDb),
              "--driftless.event-store.username=" + LocalDatabases.user(),
              "--driftless.event-store.password=" + LocalDatabases.password(),
              "--driftless.delivery.amqp-uri=" + BrokerNames.amqpUri(),
              "--driftless.delivery.exchange=" + broker.exchange(),
              "--driftless.delivery.queue=" + broker.workQueue(),
              // percentiles over the whole run: one bucket that does not rotate
              "--management.metrics.distribution.expiry.driftless.view.lag=24h",
              "--management.metrics.distribution.buffer-length.driftless.view.lag=1"));
      querySide =
          SideProcess.start(
              "query-side",
              QUERY_JAR,
              queryArgs,
              Path.of("target", "e2e-bench-" + id + "-query-side.log"));
      querySide.awaitHealthy(Duration.ofMinutes(2));
      var commandArgs = new ArrayList<>(common);
      commandArgs.addAll(
          List.of(
              "--server.port=0",
              "--spring.datasource.url=" + LocalDatabases.url(commandDb),
              "--driftless.cluster.mode=sandbox",
              "--driftless.sandbox.port=0",
              "--driftless.sandbox.kubeconfig=target/e2e-bench-" + id + "-kubeconfig.yaml",
              "--driftless.relay.amqp-uri=" + BrokerNames.amqpUri(),
              "--driftless.relay.exchange=" + broker.exchange(),
              "--driftless.relay.batch-size=" + bench.option("relayBatch", "100")));
      commandSide =
          new SpringApplicationBuilder(CommandSideApplication.class)
              .run(commandArgs.toArray(String[]::new));
      store = commandSide.getBean(EventStore.class);
    }

    /** A CPU snapshot of both sides, MariaDB and RabbitMQ. */
    CpuTimes cpu() {
      var pids = new java.util.LinkedHashMap<String, Long>();
      pids.put("command side (store + relay)", ProcessHandle.current().pid());
      pids.put("query side", querySide.pid());
      pids.put("MariaDB", CpuTimes.find("mariadbd"));
      pids.put("RabbitMQ", CpuTimes.find("beam.smp"));
      return CpuTimes.of(pids);
    }

    /** Stores events as the aggregates would (one transaction), stamped {@code at} if given. */
    void append(List<EventEnvelope> events, Instant at) {
      var messages =
          events.stream()
              .map(
                  e ->
                      new GenericDomainEventMessage<>(
                          e.aggregateType(),
                          e.aggregateId(),
                          e.sequence(),
                          e.payload(),
                          MetaData.emptyInstance(),
                          e.eventId(),
                          at == null ? Instant.now() : at))
              .toList();
      store.publish(messages);
    }

    /** Waits until the history's offsets account for {@code count} events. */
    void awaitViews(long count, Duration timeout) {
      await("views hold " + count + " events")
          .atMost(timeout)
          .pollInterval(Duration.ofMillis(20))
          .until(() -> appliedInViews() >= count);
    }

    private long appliedInViews() throws Exception {
      try (var connection =
              DriverManager.getConnection(
                  LocalDatabases.url(viewsDb), LocalDatabases.user(), LocalDatabases.password());
          var statement =
              connection.prepareStatement(
                  "SELECT COALESCE(SUM(last_sequence + 1), 0) FROM projection_offset"
                      + " WHERE projection = ?")) {
        statement.setString(1, HISTORY);
        try (var rows = statement.executeQuery()) {
          rows.next();
          return rows.getLong(1);
        }
      }
    }

    /** The query side's outcome counters, from its actuator. */
    String outcomes() throws Exception {
      var parts = new ArrayList<String>();
      for (var outcome : List.of("applied", "duplicate", "retried", "parked", "repaired")) {
        parts.add(
            outcome
                + " "
                + String.format(
                    Locale.ROOT, "%,.0f", metric("driftless.events", "outcome:" + outcome)));
      }
      return String.join(", ", parts);
    }

    /** A statistic of {@code driftless.view.lag}, in ms. */
    double lagMillis(String which, String tag) throws Exception {
      if (which.equals("percentile")) {
        return metric("driftless.view.lag.percentile", tag) * 1000;
      }
      var body = get("/actuator/metrics/driftless.view.lag");
      for (var m : body.get("measurements")) {
        if (m.get("statistic").asText().equalsIgnoreCase(which)) {
          return m.get("value").asDouble() * 1000;
        }
      }
      throw new IllegalStateException("no " + which + " in " + body);
    }

    private double metric(String name, String tag) throws Exception {
      var body = get("/actuator/metrics/" + name + (tag == null ? "" : "?tag=" + tag));
      return body.get("measurements").get(0).get("value").asDouble();
    }

    private com.fasterxml.jackson.databind.JsonNode get(String path) throws Exception {
      var response =
          http.send(
              HttpRequest.newBuilder(querySide.uri(path)).GET().build(),
              HttpResponse.BodyHandlers.ofString());
      if (response.statusCode() != 200) {
        throw new IllegalStateException(path + ": " + response.statusCode() + response.body());
      }
      return json.readTree(response.body());
    }

    @Override
    public void close() throws Exception {
      var failures = new ArrayList<Exception>();
      commandSide.close();
      querySide.close();
      broker.deleteAll(failures);
      LocalDatabases.drop(commandDb, failures);
      LocalDatabases.drop(viewsDb, failures);
      failures.forEach(Exception::printStackTrace);
    }
  }
}
