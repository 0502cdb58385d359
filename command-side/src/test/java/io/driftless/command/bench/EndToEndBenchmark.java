package io.driftless.command.bench;

import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.driftless.command.CommandSideApplication;
import io.driftless.command.support.TestCluster;
import io.driftless.events.EventEnvelope;
import io.driftless.events.testing.BrokerNames;
import io.driftless.events.testing.CpuTimes;
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
 *   <li><b>backlog</b>: first runs {@code warmup-events} events of other apps through the whole
 *       pipeline (JIT warm-up), then stores the same history as above with the relay stopped and
 *       starts it; reports events/s of relay -> RabbitMQ -> views alone, from the relay's start
 *       until the views hold every event.
 *   <li><b>latency</b>: appends at {@code rate} events/s (a chunk every 10 ms), {@code warmup}
 *       seconds to warm both JVMs up and then {@code seconds} measured; reports p50/p99/max of the
 *       time from storing a chunk until the views hold it (see {@link PositionProbe}).
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
        bench.option("relayBatch", "as configured"),
        QUERY_JAR.normalize());
    for (var phase : bench.option("phases", "throughput,latency").split(",")) {
      switch (phase) {
        case "throughput" -> bench.throughput();
        case "backlog" -> bench.backlog();
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
      appendAll(run, events);
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

  /** Stores everything with the relay stopped, then times relay -> RabbitMQ -> views alone. */
  private void backlog() throws Exception {
    var events =
        new EventHistoryGenerator(20261121L)
            .generate(intOption("apps", 1000), 5, intOption("events", 30_000));
    var warmup =
        new EventHistoryGenerator(20261123L)
            .generate("warm-app-", intOption("apps", 1000), 5, intOption("warmup-events", 30_000));
    try (var run = new Run(this)) {
      // Warm both JVMs up on other apps first: a running service has compiled its hot paths.
      appendAll(run, warmup);
      run.awaitViews(warmup.size(), Duration.ofMinutes(10));
      var relay = run.relay();
      relay.shutDown();
      appendAll(run, events);
      var cpu = run.cpu();
      var start = System.nanoTime();
      relay.start();
      run.awaitViews(warmup.size() + events.size(), Duration.ofMinutes(10));
      var seconds = (System.nanoTime() - start) / 1e9;
      System.out.printf(
          Locale.ROOT,
          "%nbacklog: %,d events of %,d aggregates stored with the relay stopped"
              + " (after %,d events to warm up)%n"
              + "  relay started to all in the views: %.2f s = %,.0f events/s"
              + " (relay -> RabbitMQ -> views)%n"
              + "  query side: %s%n"
              + "  CPU: %s%n",
          events.size(),
          events.stream().map(EventEnvelope::aggregateId).distinct().count(),
          warmup.size(),
          seconds,
          events.size() / seconds,
          run.outcomes(),
          cpu.since(events.size()));
    }
  }

  private void latency() throws Exception {
    var rate = intOption("rate", 2000);
    var seconds = intOption("seconds", 30);
    var warmup = intOption("warmup", 10);
    var perTick = rate / 100;
    var events =
        new EventHistoryGenerator(20261122L)
            .generate(intOption("apps", 1000), 5, rate * (warmup + seconds) + 1_000);
    try (var run = new Run(this)) {
      var warm = appendAtRate(run, events, 0, perTick, warmup, null);
      run.awaitViews(warm.sent(), Duration.ofMinutes(5));
      var cpu = run.cpu();
      var relayed = run.relayProbe();
      var visible = run.viewsProbe();
      var ticks = new ArrayList<long[]>();
      var start = System.nanoTime();
      var measured = appendAtRate(run, events, warm.sent(), perTick, seconds, ticks);
      var sent = measured.sent() - warm.sent();
      var achieved = sent / ((System.nanoTime() - start) / 1e9);
      run.awaitViews(measured.sent(), Duration.ofMinutes(5));
      relayed.stop();
      visible.stop();
      var lags = visible.lags(ticks);
      var relayLags = relayed.lags(ticks);
      System.out.printf(
          Locale.ROOT,
          "%nlatency: %,d events at %,d events/s for %d s after a %d s warm-up (achieved %,.0f"
              + " events/s, appends at most %.1f ms behind schedule)%n"
              + "  event-to-view lag (stored to visible in the views, per 10 ms chunk of %d"
              + " events; the views polled every %d ms, so each figure lies between the two):"
              + " %s%n"
              + "  of which stored to published and confirmed by the relay (polled every %d ms):"
              + " %s%n"
              + "  query side: %s%n"
              + "  CPU: %s%n",
          sent,
          rate,
          seconds,
          warmup,
          achieved,
          measured.behindNanos() / 1e6,
          perTick,
          visible.pollMillis(),
          bounds(lags),
          relayed.pollMillis(),
          bounds(relayLags),
          run.outcomes(),
          cpu.since(sent));
    }
  }

  /** {@code p50 4.0-9.1 ms, p99 ..., max ...}: each figure between its lower and upper bound. */
  private static String bounds(PositionProbe.Lags lags) {
    var low = lags.low();
    var high = lags.high();
    return String.format(
        Locale.ROOT,
        "p50 %.1f-%.1f ms, p99 %.1f-%.1f ms, max %.1f-%.1f ms",
        percentile(low, 0.5),
        percentile(high, 0.5),
        percentile(low, 0.99),
        percentile(high, 0.99),
        low[low.length - 1],
        high[high.length - 1]);
  }

  private static void appendAll(Run run, List<EventEnvelope> events) {
    for (int from = 0; from < events.size(); from += 500) {
      run.append(events.subList(from, Math.min(events.size(), from + 500)), null);
    }
  }

  private static double percentile(double[] sorted, double p) {
    return sorted[Math.min(sorted.length - 1, (int) Math.ceil(p * sorted.length) - 1)];
  }

  /** How many events a run at a fixed rate sent in all, and how late its worst tick was. */
  private record Appended(int sent, long behindNanos) {}

  /** Appends {@code perTick} events every 10 ms for {@code seconds}, from event {@code sent}. */
  private static Appended appendAtRate(
      Run run, List<EventEnvelope> events, int sent, int perTick, int seconds, List<long[]> ticks) {
    var start = System.nanoTime();
    var behind = 0L;
    for (int tick = 0; sent + perTick <= events.size() && tick < seconds * 100; tick++) {
      var wait = start + tick * 10_000_000L - System.nanoTime();
      if (wait > 0) {
        java.util.concurrent.locks.LockSupport.parkNanos(wait);
      } else {
        behind = Math.max(behind, -wait);
      }
      var at = System.nanoTime();
      run.append(events.subList(sent, sent + perTick), Instant.now());
      sent += perTick;
      if (ticks != null) {
        ticks.add(new long[] {at, sent});
      }
    }
    return new Appended(sent, behind);
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
              "--driftless.security.dangerous-allow-open=true",
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
              "--driftless.events.exchange=" + broker.exchange(),
              "--driftless.delivery.queue=" + broker.workQueue()));
      querySide =
          SideProcess.start(
              "query-side",
              QUERY_JAR,
              queryArgs,
              Path.of("target", "e2e-bench-" + id + "-query-side.log"));
      // The query side waits at start for the event store the command side creates; it is
      // healthy (its queue bound) before any event is stored, as the phases store events later.
      var commandArgs = new ArrayList<>(common);
      commandArgs.addAll(
          List.of(
              "--server.port=0",
              "--spring.datasource.url=" + LocalDatabases.url(commandDb),
              "--driftless.cluster.kubeconfig=" + TestCluster.kubeconfig(),
              "--driftless.relay.amqp-uri=" + BrokerNames.amqpUri(),
              "--driftless.secrets.key=" + LocalServices.secretsKey(),
              "--driftless.events.exchange=" + broker.exchange()));
      if (bench.options.containsKey("relayBatch")) {
        commandArgs.add("--driftless.relay.batch-size=" + bench.option("relayBatch", ""));
      }
      commandSide =
          new SpringApplicationBuilder(CommandSideApplication.class)
              .run(commandArgs.toArray(String[]::new));
      store = commandSide.getBean(EventStore.class);
      querySide.awaitHealthy(Duration.ofMinutes(2));
    }

    /** The relay's tracking processor. */
    org.axonframework.eventhandling.TrackingEventProcessor relay() {
      return commandSide
          .getBean(org.axonframework.config.EventProcessingConfiguration.class)
          .eventProcessor(
              io.driftless.command.relay.EventRelay.PROCESSOR,
              org.axonframework.eventhandling.TrackingEventProcessor.class)
          .orElseThrow();
    }

    /** The relay's position: events published and confirmed (global index, no gaps here). */
    PositionProbe relayProbe() {
      var relay = relay();
      return new PositionProbe(
          "relay",
          2,
          () ->
              relay.processingStatus().values().stream()
                  .mapToLong(st -> st.getCurrentPosition().orElse(0))
                  .max()
                  .orElse(0));
    }

    /** Events the query side has committed to the views. */
    PositionProbe viewsProbe() {
      return new PositionProbe(
          "views", 10, () -> (long) metric("driftless.events", "outcome:applied"));
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

    double metric(String name, String tag) throws Exception {
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
