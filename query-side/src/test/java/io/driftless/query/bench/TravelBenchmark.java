package io.driftless.query.bench;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.driftless.events.ChangeIds;
import io.driftless.query.QuerySideApplication;
import io.driftless.query.eventstore.EventStoreReader;
import io.driftless.query.projection.ViewBuilds;
import io.driftless.query.rebuild.RebuildService;
import io.driftless.query.rebuild.RebuildSettings;
import io.driftless.query.rebuild.ServerPrepared;
import io.driftless.query.support.LocalServices;
import io.driftless.query.support.TestEventStore;
import io.driftless.query.travel.DesiredProjection;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.function.IntFunction;
import org.awaitility.Awaitility;
import org.slf4j.LoggerFactory;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Issue 27's benchmark: a store of {@code events} (1,000,000) events of {@code apps} (1,000) apps
 * of {@code resources} (20) objects and one app of {@code big-resources} (250) objects and {@code
 * big-changes} (10,000) changes ({@link FleetHistory}); the desired view built from it by a rebuild
 * (replay, timed), then the query side started on that database (the standalone's layout: store and
 * views in one database) and its HTTP answers timed, {@code queries} (300) of each, after 30 of
 * each as warm-up: desired as of a change and as of a time, compare of two changes (with and
 * without line diffs), the fleet inventory as of a time (every object at once, and filtered by
 * image) and now (a page); {@code inventory-queries} (30) of the inventory as of a time. The
 * rebuild runs at normal priority ({@code nice} 0, as RebuildBenchmark's default), full speed. The
 * database is dropped at the end ({@code keep=true}: kept, for {@code reuse=}). The command is in
 * {@code query-side/BENCHMARK.md}, "Time travel".
 */
public final class TravelBenchmark {

  private static final ObjectMapper JSON = new ObjectMapper();

  private TravelBenchmark() {}

  public static void main(String[] args) throws Exception {
    var options = new HashMap<String, String>();
    for (var arg : args) {
      options.put(arg.substring(0, arg.indexOf('=')), arg.substring(arg.indexOf('=') + 1));
    }
    var events = Long.parseLong(options.getOrDefault("events", "1000000"));
    var apps = Integer.parseInt(options.getOrDefault("apps", "1000"));
    var resources = Integer.parseInt(options.getOrDefault("resources", "20"));
    var bigResources = Integer.parseInt(options.getOrDefault("big-resources", "250"));
    var bigChanges = Integer.parseInt(options.getOrDefault("big-changes", "10000"));
    var queries = Integer.parseInt(options.getOrDefault("queries", "300"));
    var batch = Integer.parseInt(options.getOrDefault("batch", "10000"));
    inventoryQueries = Integer.parseInt(options.getOrDefault("inventory-queries", "30"));
    ((LoggerContext) LoggerFactory.getILoggerFactory()).getLogger("ROOT").setLevel(Level.WARN);
    System.out.printf(
        Locale.ROOT,
        "TravelBenchmark: %d cores, Java %s%n",
        Runtime.getRuntime().availableProcessors(),
        Runtime.version());

    var reuse = options.get("reuse");
    if (reuse != null) {
      queriesOnly(reuse, options, queries);
      return;
    }
    try (var db = LocalServices.migratedViews("driftless_bench_travel")) {
      TestEventStore.create(db);
      var history = new FleetHistory(27L);
      var stored = new long[1];
      var middle = new Instant[1];
      var started = System.nanoTime();
      var bigApp =
          history.generate(
              apps,
              resources,
              bigResources,
              bigChanges,
              events,
              part -> {
                TestEventStore.append(db, part);
                stored[0] += part.size();
                if (middle[0] == null && stored[0] >= events / 2) {
                  middle[0] = part.get(part.size() - 1).occurredAt();
                }
              });
      var end = history.clock();
      System.out.printf(
          Locale.ROOT,
          "stored %,d events in %.1f s (%s .. %s)%n",
          stored[0],
          (System.nanoTime() - started) / 1e9,
          "2026-01-01",
          end);

      rebuild(db, batch);
      var jdbc = new JdbcTemplate(db);
      System.out.printf(
          Locale.ROOT,
          "desired view: %,d object versions, %,d memberships, %,d changes%n",
          jdbc.queryForObject("SELECT COUNT(*) FROM desired_object", Long.class),
          jdbc.queryForObject("SELECT COUNT(*) FROM desired_member", Long.class),
          jdbc.queryForObject("SELECT COUNT(*) FROM desired_change", Long.class));

      var context =
          new SpringApplicationBuilder(QuerySideApplication.class)
              .run(
                  "--server.port=0",
                  "--spring.datasource.url=" + db.getJdbcUrl(),
                  "--spring.datasource.username=" + LocalServices.jdbcUser(),
                  "--spring.datasource.password=" + LocalServices.jdbcPassword(),
                  "--spring.main.banner-mode=off",
                  "--logging.level.root=WARN");
      try {
        var port = context.getEnvironment().getProperty("local.server.port");
        var base = "http://127.0.0.1:" + port;
        measure(base, bigApp, bigChanges, middle[0], end, queries);
      } finally {
        context.close();
      }
      var name = jdbc.queryForObject("SELECT DATABASE()", String.class);
      if (Boolean.parseBoolean(options.getOrDefault("keep", "false"))) {
        System.out.println("kept database " + name + " (reuse=" + name + "; drop it when done)");
        // LocalServices drops its databases in a shutdown hook: halting skips it.
        System.out.flush();
        Runtime.getRuntime().halt(0);
      } else {
        jdbc.execute("DROP DATABASE `" + name + "`");
      }
    }
  }

  /**
   * {@code reuse=<database>}: the queries alone, on a database an earlier run built and kept (its
   * process killed before the drop, or {@code keep=true}); its big app, times and sizes as that
   * run's defaults. With {@code rebuild=true} the view is first migrated and rebuilt from the
   * database's store (timed), as after a change of the view's fold.
   */
  private static void queriesOnly(String database, HashMap<String, String> options, int queries)
      throws Exception {
    var url =
        LocalServices.freshDatabase("driftless_bench_unused").replaceAll("/[^/]*$", "/") + database;
    var jdbc =
        new JdbcTemplate(
            new org.springframework.jdbc.datasource.DriverManagerDataSource(
                url, LocalServices.jdbcUser(), LocalServices.jdbcPassword()));
    if (Boolean.parseBoolean(options.getOrDefault("rebuild", "false"))) {
      try (var db = new com.zaxxer.hikari.HikariDataSource()) {
        db.setJdbcUrl(url);
        db.setUsername(LocalServices.jdbcUser());
        db.setPassword(LocalServices.jdbcPassword());
        db.setMaximumPoolSize(10);
        org.flywaydb.core.Flyway.configure()
            .dataSource(db)
            .locations("classpath:db/query")
            .load()
            .migrate();
        rebuild(db, Integer.parseInt(options.getOrDefault("batch", "10000")));
      }
    }
    var end =
        jdbc.queryForObject("SELECT MAX(valid_from) FROM desired_object", java.sql.Timestamp.class)
            .toInstant();
    var start =
        jdbc.queryForObject("SELECT MIN(valid_from) FROM desired_object", java.sql.Timestamp.class)
            .toInstant();
    var middle = start.plusMillis((end.toEpochMilli() - start.toEpochMilli()) / 2);
    var context =
        new SpringApplicationBuilder(QuerySideApplication.class)
            .run(
                "--server.port=0",
                "--spring.datasource.url=" + url,
                "--spring.datasource.username=" + LocalServices.jdbcUser(),
                "--spring.datasource.password=" + LocalServices.jdbcPassword(),
                "--spring.main.banner-mode=off",
                "--logging.level.root=WARN");
    try {
      var port = context.getEnvironment().getProperty("local.server.port");
      measure(
          "http://127.0.0.1:" + port,
          "team-big/big",
          Integer.parseInt(options.getOrDefault("big-changes", "10000")),
          middle,
          end,
          queries);
    } finally {
      context.close();
    }
  }

  private static void rebuild(com.zaxxer.hikari.HikariDataSource db, int batch)
      throws InterruptedException {
    var service =
        new RebuildService(
            List.of(new DesiredProjection()),
            db,
            new EventStoreReader(JdbcClient.create(db)),
            new RebuildSettings(batch, 0, 0, Duration.ofSeconds(5), 0),
            ServerPrepared.of(db),
            ServerPrepared.of(db));
    var started = System.nanoTime();
    service.start(DesiredProjection.NAME);
    var builds = new ViewBuilds(JdbcClient.create(db));
    var done =
        Awaitility.await()
            .atMost(Duration.ofHours(2))
            .pollInterval(Duration.ofMillis(200))
            .until(
                () -> builds.latestRebuild(DesiredProjection.NAME).orElse(null),
                p -> p != null && (p.phase().equals("swapped") || p.phase().equals("failed")));
    var seconds = (System.nanoTime() - started) / 1e9;
    service.close();
    service.awaitStopped();
    if (!done.phase().equals("swapped")) {
      throw new IllegalStateException("rebuild failed: " + done.error());
    }
    System.out.printf(
        Locale.ROOT,
        "rebuild of the desired view (replay): %,d events in %.1f s = %,.0f events/s%n",
        done.done(),
        seconds,
        done.done() / seconds);
  }

  private static int inventoryQueries = 30;

  private static void measure(
      String base, String bigApp, int bigChanges, Instant middle, Instant end, int queries)
      throws Exception {
    var client = HttpClient.newHttpClient();
    var random = new Random(2027);
    var big = "/api/apps/" + bigApp + "/";
    IntFunction<String> change = n -> ChangeIds.of(bigApp, n);
    var cases = new ArrayList<Case>();
    cases.add(
        new Case(
            "desired ?change= (250-object app)",
            () -> big + "desired?change=" + change.apply(1 + random.nextInt(bigChanges)),
            json -> json.get("resources").size() == 250));
    cases.add(
        new Case(
            "desired ?at= (250-object app)",
            () -> big + "desired?at=" + between(random, middle, end),
            json -> json.get("resources").size() == 250));
    cases.add(
        new Case(
            "desired ?change= (20-object app)",
            () ->
                "/api/apps/team-7/app-7/desired?change=app-7-change-0000"
                    + (10 + random.nextInt(90)),
            json -> json.get("resources").size() == 20));
    cases.add(
        new Case(
            "compare two changes (250-object app)",
            () ->
                big
                    + "compare?from="
                    + change.apply(1 + random.nextInt(bigChanges))
                    + "&to="
                    + change.apply(1 + random.nextInt(bigChanges)),
            json -> json.has("ops")));
    cases.add(
        new Case(
            "compare two changes, diffChanges=true (250-object app)",
            () ->
                big
                    + "compare?diffChanges=true&from="
                    + change.apply(1 + random.nextInt(bigChanges))
                    + "&to="
                    + change.apply(1 + random.nextInt(bigChanges)),
            json -> json.has("ops")));
    cases.add(
        new Case(
            "inventory ?at= (whole fleet, limit=50000)",
            () -> "/api/inventory?limit=50000&at=" + between(random, middle, end),
            json -> json.size() >= 20_000));
    cases.add(
        new Case(
            "inventory ?at=&image=nginx (limit=50000)",
            () -> "/api/inventory?limit=50000&image=nginx&at=" + between(random, middle, end),
            json -> json.size() > 100));
    cases.add(
        new Case(
            "inventory ?at=&label=tier=t1&namespace= (limit=50000)",
            () ->
                "/api/inventory?limit=50000&label="
                    + URLEncoder.encode("tier=t1", StandardCharsets.UTF_8)
                    + "&namespace=team-"
                    + random.nextInt(50)
                    + "&at="
                    + between(random, middle, end),
            json -> json.size() > 10));
    cases.add(
        new Case(
            "inventory now (first page, 1000)",
            () -> "/api/inventory",
            json -> json.size() == 1000));
    for (var c : cases) {
      run(client, base, c, c.name().startsWith("inventory ?at") ? 3 : 30);
    }
    for (var c : cases) {
      var times =
          run(client, base, c, c.name().startsWith("inventory ?at") ? inventoryQueries : queries);
      System.out.printf(
          Locale.ROOT,
          "%-58s n=%d  median %6.1f ms  p99 %6.1f ms  max %6.1f ms  (%,d bytes last)%n",
          c.name(),
          times.count(),
          times.percentile(50),
          times.percentile(99),
          times.percentile(100),
          times.lastBytes());
    }
  }

  private static String between(Random random, Instant from, Instant to) {
    var span = to.toEpochMilli() - from.toEpochMilli();
    return Instant.ofEpochMilli(from.toEpochMilli() + (long) (random.nextDouble() * span))
        .toString();
  }

  private record Case(
      String name,
      java.util.function.Supplier<String> path,
      java.util.function.Predicate<JsonNode> check) {}

  private record Times(List<Double> millis, long lastBytes) {

    int count() {
      return millis.size();
    }

    double percentile(int p) {
      var sorted = millis.stream().sorted().toList();
      var index = (int) Math.ceil(p / 100.0 * sorted.size()) - 1;
      return sorted.get(Math.max(0, Math.min(sorted.size() - 1, index)));
    }
  }

  private static Times run(HttpClient client, String base, Case c, int n) throws Exception {
    var millis = new ArrayList<Double>();
    long bytes = 0;
    for (int i = 0; i < n; i++) {
      var path = c.path().get();
      var request = HttpRequest.newBuilder(URI.create(base + path)).build();
      var started = System.nanoTime();
      var response = client.send(request, HttpResponse.BodyHandlers.ofString());
      millis.add((System.nanoTime() - started) / 1e6);
      if (response.statusCode() != 200) {
        throw new IllegalStateException(
            path + ": " + response.statusCode() + " " + response.body());
      }
      bytes = response.body().length();
      if (i == 0 && !c.check().test(JSON.readTree(response.body()))) {
        throw new IllegalStateException(
            path
                + ": unexpected answer "
                + response.body().substring(0, Math.min(500, response.body().length())));
      }
    }
    return new Times(millis, bytes);
  }
}
