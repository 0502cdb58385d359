package io.driftless.query.bench;

import io.driftless.events.AppChangeFinished;
import io.driftless.events.AppChangeStarted;
import io.driftless.events.AppDeleted;
import io.driftless.events.EventCatalog;
import io.driftless.events.EventEnvelope;
import io.driftless.events.ResourceApplyFailed;
import io.driftless.events.ResourceCreated;
import io.driftless.events.ResourceDeleted;
import io.driftless.events.ResourceEvent;
import io.driftless.events.ResourceUpdated;
import io.driftless.events.testing.EventHistoryGenerator;
import io.driftless.query.projection.ChangeIds;
import io.driftless.query.projection.Json;
import io.driftless.query.support.LocalServices;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * A probe, not the product: what the SQL of a <em>set-based</em> apply costs on this MariaDB. For
 * the same generated events, in batches as one ordered consumer would take them, it runs one
 * multi-row statement per table and batch (offsets locked with one {@code SELECT ... IN (...) FOR
 * UPDATE} per view and written with one upsert; floors locked in key order; view rows upserted,
 * last state per key; live counts as summed deltas) in one transaction per batch, single-threaded,
 * on a fresh database with the views' schema. It skips what does not change the statement count
 * (pruning, the version check's decisions, failed-apply rows), so its figure is the ceiling of the
 * database side of such an applier, not a result about the product's correctness.
 *
 * <pre>
 * ./mvnw -q -B -o -pl query-side exec:java -Dexec.classpathScope=test \
 *   -Dexec.mainClass=io.driftless.query.bench.SetBasedSqlProbe -Dexec.args="50000 250"
 * </pre>
 */
public final class SetBasedSqlProbe {

  private SetBasedSqlProbe() {}

  public static void main(String[] args) throws Exception {
    var count = args.length > 0 ? Integer.parseInt(args[0]) : 50_000;
    var batch = args.length > 1 ? Integer.parseInt(args[1]) : 250;
    var events = new EventHistoryGenerator(20261121L).generate(1_000, 5, count);
    try (var dataSource = LocalServices.migratedViews("driftless_bench_probe");
        var connection = dataSource.getConnection()) {
      connection.setAutoCommit(false);
      var statements = 0L;
      var start = System.nanoTime();
      for (int from = 0; from < events.size(); from += batch) {
        statements +=
            apply(connection, events.subList(from, Math.min(events.size(), from + batch)));
        connection.commit();
      }
      var seconds = (System.nanoTime() - start) / 1e9;
      System.out.printf(
          Locale.ROOT,
          "set-based SQL probe: %,d events in batches of %d, %.1f statements per batch:"
              + " %.2f s = %,.0f events/s (one thread)%n",
          events.size(),
          batch,
          statements / Math.ceil(events.size() / (double) batch),
          seconds,
          events.size() / seconds);
      try (var statement = connection.createStatement()) {
        var url = dataSource.getJdbcUrl();
        statement.execute("DROP DATABASE " + url.substring(url.lastIndexOf('/') + 1));
      }
    }
  }

  private static int apply(Connection c, List<EventEnvelope> events) throws SQLException {
    var statements = offsets(c, "history", events, false);
    statements += offsets(c, "overview", events, false);
    statements += offsets(c, "inventory", events, true);
    statements += history(c, events);
    statements += overview(c, events);
    return statements + inventory(c, events);
  }

  private static int offsets(Connection c, String view, List<EventEnvelope> events, boolean rcOnly)
      throws SQLException {
    var last = new TreeMap<String, Long>();
    for (var e : events) {
      if (!rcOnly || EventCatalog.RESOURCE_CHANGE.equals(e.aggregateType())) {
        last.merge(e.aggregateId(), e.sequence(), Math::max);
      }
    }
    var ids = new ArrayList<Object>(List.of(view));
    ids.addAll(last.keySet());
    query(
        c,
        "SELECT aggregate_id, last_sequence FROM projection_offset WHERE projection = ?"
            + " AND aggregate_id IN ("
            + marks(last.size())
            + ") ORDER BY aggregate_id FOR UPDATE",
        ids);
    var rows = new ArrayList<Object[]>();
    last.forEach((id, sequence) -> rows.add(new Object[] {view, id, sequence}));
    upsert(
        c,
        "INSERT INTO projection_offset (projection, aggregate_id, last_sequence)",
        rows,
        "last_sequence = VALUES(last_sequence)");
    return 2;
  }

  private static int history(Connection c, List<EventEnvelope> events) throws SQLException {
    var apps = new TreeSet<String>();
    var started = new ArrayList<Object[]>();
    var finished = new ArrayList<Object[]>();
    var resources = new TreeMap<String, Object[]>();
    for (var envelope : events) {
      var payload = envelope.payload();
      if (payload instanceof AppChangeStarted e) {
        started.add(
            new Object[] {
              e.appId(),
              e.changeId(),
              e.changeNumber(),
              e.trigger().wireName(),
              Timestamp.from(e.startedAt()),
              e.description(),
              Json.write(e.namespaces())
            });
      } else if (payload instanceof AppChangeFinished e) {
        finished.add(
            new Object[] {
              e.appId(),
              e.changeId(),
              ChangeIds.numberOf(e.changeId()),
              "deploy",
              Timestamp.from(e.finishedAt()),
              e.description(),
              "[]",
              Timestamp.from(e.finishedAt()),
              e.successful(),
              e.error()
            });
      } else if (payload instanceof ResourceEvent e && !(e instanceof ResourceApplyFailed)) {
        apps.add(e.appId());
        var ref = e.resource();
        var fields =
            e instanceof ResourceCreated r
                ? Json.write(r.fields())
                : e instanceof ResourceUpdated u ? Json.write(u.fields()) : "[]";
        resources.put(
            e.appId() + "|" + e.changeId() + "|" + e.resourceId(),
            new Object[] {
              e.appId(),
              e.changeId(),
              e.resourceId(),
              ChangeIds.numberOf(e.changeId()),
              ref.namespace(),
              ref.name(),
              ref.kind(),
              ref.apiVersion(),
              envelope.type(),
              fields,
              null
            });
      }
    }
    var floors = new ArrayList<Object[]>();
    apps.forEach(app -> floors.add(new Object[] {app, 0L}));
    upsert(c, "INSERT IGNORE INTO app_history_floor (app_id, lowest_kept)", floors, null);
    query(
        c,
        "SELECT app_id, lowest_kept FROM app_history_floor WHERE app_id IN ("
            + marks(apps.size())
            + ") ORDER BY app_id FOR UPDATE",
        new ArrayList<>(apps));
    upsert(
        c,
        "INSERT INTO app_change (app_id, change_id, change_number, change_trigger, started_at,"
            + " description, namespaces)",
        started,
        null);
    upsert(
        c,
        "INSERT INTO app_change (app_id, change_id, change_number, change_trigger, started_at,"
            + " description, namespaces, finished_at, successful, error)",
        finished,
        "finished_at = VALUES(finished_at), successful = VALUES(successful),"
            + " description = VALUES(description), error = VALUES(error)");
    upsert(
        c,
        "INSERT INTO app_change_resource (app_id, change_id, resource_id, change_number,"
            + " namespace, name, kind, api_version, op, fields, error)",
        new ArrayList<>(resources.values()),
        "op = VALUES(op), fields = VALUES(fields), error = VALUES(error)");
    return 5;
  }

  private static int overview(Connection c, List<EventEnvelope> events) throws SQLException {
    var apps = new TreeMap<String, Object[]>();
    var live = new TreeMap<String, Object[]>();
    var counts = new TreeMap<String, Object[]>();
    for (var envelope : events) {
      var payload = envelope.payload();
      if (payload instanceof AppChangeStarted e) {
        var slash = e.appId().indexOf('/');
        apps.put(
            e.appId(),
            new Object[] {
              e.appId(),
              e.appId().substring(0, slash),
              e.appId().substring(slash + 1),
              Json.write(e.namespaces()),
              e.changeId(),
              null,
              null,
              null,
              false
            });
      } else if (payload instanceof AppChangeFinished e && apps.containsKey(e.appId())) {
        var row = apps.get(e.appId());
        row[4] = null;
        row[5] = e.changeId();
        row[6] = Timestamp.from(e.finishedAt());
        row[7] = e.successful();
      } else if (payload instanceof AppDeleted e && apps.containsKey(e.appId())) {
        apps.get(e.appId())[8] = true;
      } else if (payload instanceof ResourceEvent e && !(e instanceof ResourceApplyFailed)) {
        var isLive = !(e instanceof ResourceDeleted);
        live.put(e.resourceId(), new Object[] {e.resourceId(), isLive});
        var key = e.appId() + "|" + e.resource().kind();
        var row =
            counts.computeIfAbsent(key, k -> new Object[] {e.appId(), e.resource().kind(), 0L});
        row[2] = (Long) row[2] + (isLive ? 1 : -1);
      }
    }
    upsert(
        c,
        "INSERT INTO app_overview (app_id, namespace, name, namespaces, change_in_progress,"
            + " last_change_id, last_change_at, last_change_successful, deleted)",
        new ArrayList<>(apps.values()),
        "namespaces = VALUES(namespaces), change_in_progress = VALUES(change_in_progress),"
            + " last_change_id = VALUES(last_change_id), last_change_at = VALUES(last_change_at),"
            + " last_change_successful = VALUES(last_change_successful), deleted = VALUES(deleted)");
    query(
        c,
        "SELECT resource_id, live FROM overview_resource WHERE resource_id IN ("
            + marks(live.size())
            + ")",
        new ArrayList<>(live.keySet()));
    upsert(
        c,
        "INSERT INTO overview_resource (resource_id, live)",
        new ArrayList<>(live.values()),
        "live = VALUES(live)");
    upsert(
        c,
        "INSERT INTO app_resource_count (app_id, kind, live)",
        new ArrayList<>(counts.values()),
        "live = live + VALUES(live)");
    return 4;
  }

  private static int inventory(Connection c, List<EventEnvelope> events) throws SQLException {
    var rows = new TreeMap<String, Object[]>();
    for (var envelope : events) {
      if (envelope.payload() instanceof ResourceEvent e && !(e instanceof ResourceApplyFailed)) {
        var ref = e.resource();
        var hash =
            e instanceof ResourceCreated r
                ? r.appliedHash()
                : e instanceof ResourceUpdated u ? u.appliedHash() : null;
        rows.put(
            e.resourceId(),
            new Object[] {
              e.resourceId(),
              e.appId(),
              ref.namespace(),
              ref.name(),
              ref.kind(),
              ref.apiVersion(),
              envelope.type(),
              e.changeId(),
              hash,
              !(e instanceof ResourceDeleted)
            });
      }
    }
    upsert(
        c,
        "INSERT INTO resource_inventory (resource_id, app_id, namespace, name, kind, api_version,"
            + " last_op, last_change_id, applied_hash, live)",
        new ArrayList<>(rows.values()),
        "api_version = VALUES(api_version), last_op = VALUES(last_op),"
            + " last_change_id = VALUES(last_change_id), applied_hash = VALUES(applied_hash),"
            + " live = VALUES(live)");
    return 1;
  }

  private static void upsert(Connection c, String head, List<Object[]> rows, String onDuplicate)
      throws SQLException {
    if (rows.isEmpty()) {
      return;
    }
    var row = "(" + marks(rows.get(0).length) + ")";
    var sql =
        head
            + " VALUES "
            + String.join(",", Collections.nCopies(rows.size(), row))
            + (onDuplicate == null ? "" : " ON DUPLICATE KEY UPDATE " + onDuplicate);
    var params = new ArrayList<Object>();
    rows.forEach(r -> params.addAll(java.util.Arrays.asList(r)));
    try (var statement = c.prepareStatement(sql)) {
      bind(statement, params);
      statement.executeUpdate();
    }
  }

  private static void query(Connection c, String sql, List<Object> params) throws SQLException {
    if (params.isEmpty() || sql.contains("IN ()")) {
      return;
    }
    try (var statement = c.prepareStatement(sql)) {
      bind(statement, params);
      try (var rows = statement.executeQuery()) {
        while (rows.next()) {
          rows.getObject(1);
        }
      }
    }
  }

  private static void bind(java.sql.PreparedStatement statement, List<Object> params)
      throws SQLException {
    for (int i = 0; i < params.size(); i++) {
      var value = params.get(i);
      if (value == null) {
        statement.setNull(i + 1, java.sql.Types.VARCHAR);
      } else {
        statement.setObject(i + 1, value);
      }
    }
  }

  private static String marks(int count) {
    return String.join(",", Collections.nCopies(count, "?"));
  }
}
