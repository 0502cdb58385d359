package io.driftless.standalone.process;

import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.events.EventEnvelope;
import io.driftless.query.eventstore.EventStoreReader;
import io.driftless.query.support.DriftFold;
import io.driftless.query.support.SequentialFold;
import io.driftless.query.support.ViewTables;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Supplier;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

/**
 * The outside-edit fuzz test's checks once the actions stop ({@link OutsideEditFuzzIT}), on the
 * {@link FuzzRun} passed in: that a noop reconcile wrote nothing, that an app has its desired set,
 * and that the views equal the sequential fold of the event store; with what they read (each app's
 * overview, the views' settled event position, the event store). Each broken invariant is recorded
 * with {@link FuzzRun#violation}.
 */
final class FuzzChecks {

  private FuzzChecks() {}

  /**
   * A noop reconcile's answer lists no change, and the reconcile wrote nothing to the sandbox and
   * stored no event (events stored meanwhile for another app are a violation of their own).
   */
  static void aNoopWritesNothing(
      FuzzRun run,
      String app,
      FuzzApi.Answer answer,
      long writes,
      long events,
      Map<String, String> before) {
    if (!answer.json().path("changes").isEmpty()) {
      run.violation(
          "the reconcile after the first is a noop",
          app + ": a noop answer lists changes",
          answer.body());
    }
    if (run.sandbox().resourceVersion() != writes) {
      run.violation(
          "the reconcile after the first is a noop",
          app + ": a noop reconcile wrote to the sandbox",
          "resourceVersion " + writes + " -> " + run.sandbox().resourceVersion());
    }
    var after = settledViewPosition(run);
    if (after == events) {
      return;
    }
    var changed = new TreeSet<String>();
    overviews(run)
        .forEach(
            (name, overview) -> {
              if (!overview.equals(before.get(name))) {
                changed.add(name);
              }
            });
    var detail =
        "view position " + events + " -> " + after + "; apps whose overview changed: " + changed;
    if (changed.isEmpty() || changed.contains(app)) {
      run.violation(
          "the reconcile after the first is a noop",
          app + ": a noop reconcile stored events",
          detail);
    } else {
      run.violation(
          "nothing changes once the actions stop",
          "events stored for another app while no command ran for it",
          "during a noop reconcile of " + app + ": " + detail);
    }
  }

  /** Each app's overview row as {@code GET /api/apps} lists it, by name. */
  static Map<String, String> overviews(FuzzRun run) {
    var overviews = new TreeMap<String, String>();
    run.api()
        .get("/api/apps")
        .json()
        .forEach(
            a -> {
              // the age moves by itself; the rest changes only with an event
              ((ObjectNode) a).remove("lastChangeAge");
              overviews.put(a.path("name").asText(), a.toString());
            });
    return overviews;
  }

  /** The views' event position once it stopped moving for a second. */
  static long settledViewPosition(FuzzRun run) {
    var last = new long[] {-2};
    Supplier<Long> position = () -> run.api().get("/api/apps").viewPosition();
    await("the views settle")
        .atMost(Duration.ofSeconds(60))
        .pollInterval(Duration.ofMillis(500))
        .until(
            () -> {
              var now = position.get();
              var settled = now == last[0];
              last[0] = now;
              return settled;
            });
    return last[0];
  }

  /** Every object the app's inventory lists as live is in the sandbox, labelled for the app. */
  static void appHasItsDesiredSet(FuzzRun run, String app) {
    var inventory = run.api().get(FuzzApi.appPath(app) + "/resources");
    var owned = new HashSet<String>();
    run.sandbox().ownedBy(app).forEach(o -> owned.add(o.kind() + "/" + o.name()));
    for (var row : inventory.json()) {
      var key = row.path("kind").asText() + "/" + row.path("name").asText();
      if (row.path("live").asBoolean() && !owned.contains(key)) {
        run.violation(
            "one reconcile brings every app to its desired set",
            app + ": a live resource missing from the sandbox (" + row.path("kind").asText() + ")",
            key + " of " + app + " is not in the sandbox with its app label");
      }
    }
  }

  /**
   * With the server stopped: every view (history, overview, counts, inventory, drift, ghost diffs)
   * equals, row for row, the sequential fold of the whole event store (query-side's {@code
   * SequentialFold} and {@code DriftFold}, as {@code ChaosIT} checks them).
   */
  static void theHistoryEqualsTheEventStore(FuzzRun run, Path dataDir) {
    run.afterActions("history against the event store");
    var url =
        "jdbc:h2:file:"
            + dataDir.resolve("driftless")
            + ";MODE=MariaDB;DATABASE_TO_LOWER=TRUE;NON_KEYWORDS=VALUE";
    var dataSource = new DriverManagerDataSource(url, "sa", "");
    var events = events(JdbcClient.create(dataSource));
    var expected = new SequentialFold(events, OutsideEditFuzzIT.KEEP);
    var drift = new DriftFold(events, OutsideEditFuzzIT.KEEP);
    var views = new ViewTables(dataSource);
    var tables = new LinkedHashMap<String, Set<String>[]>();
    tables.put("app_change", pair(views.changes(), expected.changes()));
    tables.put("app_change_resource", pair(views.changeResources(), expected.changeResources()));
    tables.put("app_overview", pair(views.overview(), expected.overview()));
    tables.put("app_resource_count", pair(views.counts(), expected.counts()));
    tables.put("resource_inventory", pair(views.inventory(), expected.inventory()));
    tables.put("drift_change", pair(DriftFold.driftChanges(dataSource), drift.driftChanges()));
    tables.put("ghost_diff", pair(DriftFold.ghostDiffs(dataSource), drift.ghostDiffs()));
    tables.put(
        "app_change_ghost", pair(DriftFold.historyGhosts(dataSource), drift.historyGhosts()));
    System.out.printf("history check: %d events%n", events.size());
    tables.forEach(
        (table, pair) -> {
          var missing = new TreeSet<>(pair[1]);
          missing.removeAll(pair[0]);
          var unexpected = new TreeSet<>(pair[0]);
          unexpected.removeAll(pair[1]);
          if (!missing.isEmpty() || !unexpected.isEmpty()) {
            run.violation(
                "the history equals the event store",
                table + " differs from the fold",
                "missing "
                    + missing.size()
                    + " "
                    + first(missing)
                    + ", unexpected "
                    + unexpected.size()
                    + " "
                    + first(unexpected));
          }
        });
  }

  @SuppressWarnings("unchecked")
  private static Set<String>[] pair(Set<String> views, Set<String> fold) {
    return new Set[] {views, fold};
  }

  private static String first(TreeSet<String> rows) {
    return rows.isEmpty() ? "" : rows.first();
  }

  private static List<EventEnvelope> events(JdbcClient jdbc) {
    var reader = new EventStoreReader(jdbc);
    var events = new ArrayList<EventEnvelope>();
    long after = -1;
    while (true) {
      var page = reader.readAfter(after, 5_000);
      if (page.isEmpty()) {
        return events;
      }
      for (var indexed : page) {
        events.add(indexed.event());
        after = indexed.globalIndex();
      }
    }
  }
}
