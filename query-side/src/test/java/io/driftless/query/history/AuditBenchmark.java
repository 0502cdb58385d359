package io.driftless.query.history;

import com.zaxxer.hikari.HikariDataSource;
import io.driftless.events.testing.EventHistoryGenerator;
import io.driftless.query.projection.ProjectionApplier;
import io.driftless.query.support.LocalServices;
import io.driftless.query.support.ProvenanceEvents;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Supplier;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.JdbcTransactionManager;
import org.springframework.util.LinkedMultiValueMap;
import org.springframework.util.MultiValueMap;

/**
 * The audit log ({@code GET /api/changes}) on a large store (query-side/BENCHMARK.md, "Audit log"):
 * fills a fresh MariaDB database's history view with about {@code events} generated events of
 * {@code apps} apps (with provenance, rollbacks and locks, {@link ProvenanceEvents}), then times
 * {@code runs} pages of each kind through {@link AuditController} (its SQL on the machine's
 * MariaDB, JSON rendering aside): median and p99. The database is dropped at the end.
 *
 * <p>Arguments {@code key=value}: {@code events} (default 1,000,000), {@code apps} (1,000), {@code
 * runs} (500), {@code limit} (50), {@code keep-db=true} to keep the database.
 */
public final class AuditBenchmark {

  private AuditBenchmark() {}

  public static void main(String[] args) throws Exception {
    var options = new HashMap<String, String>();
    for (var arg : args) {
      var eq = arg.indexOf('=');
      options.put(arg.substring(0, eq), arg.substring(eq + 1));
    }
    var events = Integer.parseInt(options.getOrDefault("events", "1000000"));
    var apps = Integer.parseInt(options.getOrDefault("apps", "1000"));
    var runs = Integer.parseInt(options.getOrDefault("runs", "500"));
    var limit = options.getOrDefault("limit", "50");
    var views = LocalServices.migratedViews("driftless_audit_bench");
    try {
      fill(views, events, apps);
      var controller = new AuditController(views);
      var jdbc = JdbcClient.create(views);
      var changes = jdbc.sql("SELECT COUNT(*) FROM app_change").query(Long.class).single();
      var metaRows = jdbc.sql("SELECT COUNT(*) FROM app_change_meta").query(Long.class).single();
      System.out.printf("history view: %,d changes, %,d meta rows%n", changes, metaRows);
      var random = new Random(27);
      var commits =
          jdbc.sql(
                  "SELECT meta_value FROM app_change_meta WHERE meta_key = 'git.commit'"
                      + " ORDER BY app_id, change_number LIMIT 2000")
              .query(String.class)
              .list();
      // Cursors of rows in the oldest tenth of the log: the deep pages.
      var deep =
          jdbc.sql(
                  "SELECT started_at, app_id, change_id FROM app_change"
                      + " ORDER BY started_at, app_id, change_number LIMIT ?")
              .param((int) Math.max(1, changes / 10))
              .query(
                  (rs, n) ->
                      rs.getTimestamp(1).toInstant()
                          + ","
                          + rs.getString(2)
                          + ","
                          + rs.getString(3))
              .list();
      Map<String, Supplier<MultiValueMap<String, String>>> kinds = new java.util.LinkedHashMap<>();
      kinds.put("first page", () -> params("limit", limit));
      kinds.put("actor=alice", () -> params("limit", limit, "actor", "alice"));
      kinds.put("trigger=rollback", () -> params("limit", limit, "trigger", "rollback"));
      kinds.put(
          "meta.git.commit=<one change's>",
          () ->
              params(
                  "limit", limit, "meta.git.commit", commits.get(random.nextInt(commits.size()))));
      kinds.put(
          "before=<a row in the oldest 10%>",
          () -> params("limit", limit, "before", deep.get(random.nextInt(deep.size()))));
      kinds.put(
          "actor=bob, before=<oldest 10%>",
          () ->
              params(
                  "limit", limit, "actor", "bob", "before", deep.get(random.nextInt(deep.size()))));
      kinds.put(
          "app=<one app>, successful=true",
          () -> params("limit", limit, "app", app(random, apps), "successful", "true"));
      System.out.printf("%d runs per kind after %d to warm up, limit %s%n", runs, runs / 5, limit);
      for (var kind : kinds.entrySet()) {
        for (int i = 0; i < runs / 5; i++) {
          controller.changes(kind.getValue().get());
        }
        var times = new double[runs];
        var rows = 0L;
        for (int i = 0; i < runs; i++) {
          var query = kind.getValue().get();
          var started = System.nanoTime();
          rows += controller.changes(query).size();
          times[i] = (System.nanoTime() - started) / 1e6;
        }
        Arrays.sort(times);
        System.out.printf(
            "  %-34s median %6.2f ms  p99 %6.2f ms  max %6.2f ms  (%.1f rows a page)%n",
            kind.getKey(),
            times[runs / 2],
            times[(int) Math.ceil(runs * 0.99) - 1],
            times[runs - 1],
            rows / (double) runs);
      }
    } finally {
      if (!"true".equals(options.get("keep-db"))) {
        var jdbc = JdbcClient.create(views);
        var name = jdbc.sql("SELECT DATABASE()").query(String.class).single();
        jdbc.sql("DROP DATABASE `" + name + "`").update();
      }
      views.close();
    }
  }

  /** One of the generated apps: {@code ns-<i % 7>/c<chunk>-app-<i>}, i below 20. */
  private static String app(Random random, int apps) {
    var i = random.nextInt(20);
    return "ns-" + (i % 7) + "/c" + random.nextInt(Math.max(1, apps / 20)) + "-app-" + i;
  }

  private static MultiValueMap<String, String> params(String... pairs) {
    var map = new LinkedMultiValueMap<String, String>();
    for (int i = 0; i < pairs.length; i += 2) {
      map.add(pairs[i], pairs[i + 1]);
    }
    return map;
  }

  /** The history view alone (keep 0: every change), fed in batches of 2,000 events. */
  private static void fill(HikariDataSource views, int events, int apps) {
    var applier =
        new ProjectionApplier(
            List.of(new HistoryProjection(0)),
            JdbcClient.create(views),
            ProjectionApplier.transactions(new JdbcTransactionManager(views)));
    var chunks = Math.max(1, apps / 20);
    var perChunk = events / chunks;
    var started = System.nanoTime();
    var written = 0L;
    for (int chunk = 0; chunk < chunks; chunk++) {
      var part =
          ProvenanceEvents.withProvenance(
              new EventHistoryGenerator(1_000 + chunk)
                  .generate("c" + chunk + "-app-", 20, 5, perChunk),
              chunk);
      for (int from = 0; from < part.size(); from += 2_000) {
        applier.applyAll(new ArrayList<>(part.subList(from, Math.min(part.size(), from + 2_000))));
      }
      written += part.size();
      if (chunk % 10 == 9) {
        System.out.printf(
            "filled %,d events in %.0f s%n", written, (System.nanoTime() - started) / 1e9);
      }
    }
    System.out.printf(
        "filled %,d events of %d apps in %.0f s (%s)%n",
        written, chunks * 20, (System.nanoTime() - started) / 1e9, Instant.now());
  }
}
