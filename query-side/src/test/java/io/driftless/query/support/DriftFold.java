package io.driftless.query.support;

import io.driftless.events.AppChangeStarted;
import io.driftless.events.ChangeTrigger;
import io.driftless.events.DriftCorrected;
import io.driftless.events.DriftDetected;
import io.driftless.events.EventEnvelope;
import io.driftless.events.FieldChange;
import io.driftless.events.GhostDiffDetected;
import io.driftless.events.GhostDiffYielded;
import io.driftless.events.ResourceCreated;
import io.driftless.events.ResourceDeleted;
import io.driftless.events.ResourceDisowned;
import io.driftless.events.ResourceEvent;
import io.driftless.events.ResourceUpdated;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeSet;
import javax.sql.DataSource;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The oracle of the drift view and the history's ghost-diff rows. {@link #withDrift} turns a
 * generated history into one with drift: every third deploy becomes a reconcile, and some updates
 * are followed, in their change, by a ghost-diff report and sometimes a yield; some creates and
 * updates are followed by an outside edit ({@code DriftDetected}) that the object's next write,
 * delete or takeover ends ({@code DriftCorrected}, right after it, as the command side records it;
 * issue 30 point 4) or that stays open (each aggregate's sequences renumbered). {@link
 * #DriftFold(List, int)} folds the events in store order with plain maps; the row strings equal
 * those {@link #driftChanges(DataSource)} and the others read.
 */
public final class DriftFold {

  private final Map<String, String> changes = new HashMap<>();
  private final Map<String, String> ghosts = new LinkedHashMap<>();
  private final Map<String, String> historyGhosts = new HashMap<>();
  private final Map<String, Long> startedNumber = new HashMap<>();
  private final Map<String, OpenDrift> open = new HashMap<>();
  private final int keep;

  public DriftFold(List<EventEnvelope> storeOrder, int keep) {
    this.keep = keep;
    storeOrder.forEach(e -> fold(e.payload()));
  }

  /** The events with reconciles, ghost diffs and yields added, in store order. */
  public static List<EventEnvelope> withDrift(List<EventEnvelope> generated, long seed) {
    var random = new Random(seed);
    var out = new ArrayList<EventEnvelope>();
    var next = new HashMap<String, Long>();
    var drifted = new HashMap<String, TreeSet<String>>();
    for (var event : generated) {
      var payload = event.payload();
      if (payload instanceof AppChangeStarted s
          && s.trigger() == ChangeTrigger.DEPLOY
          && s.changeNumber() % 3 == 0) {
        payload =
            new AppChangeStarted(
                s.appId(),
                s.changeId(),
                s.changeNumber(),
                ChangeTrigger.RECONCILE,
                s.startedAt(),
                s.namespaces(),
                s.desired(),
                s.ops(),
                s.waits(),
                s.description(),
                s.syncPeriod());
      }
      add(out, next, event, payload);
      correct(out, next, event, payload, drifted);
      if (payload instanceof ResourceUpdated u && random.nextInt(4) == 0) {
        var path =
            random.nextBoolean() ? "spec.replicas" : "metadata.annotations.x" + random.nextInt(3);
        var flips = 2 + random.nextInt(3);
        add(
            out,
            next,
            event,
            new GhostDiffDetected(
                u.resourceId(),
                u.appId(),
                u.changeId(),
                u.resource(),
                path,
                2,
                flips * 10,
                flips,
                "apiVersion: kapp.k14s.io/v1alpha1\nkind: Config\n",
                "report",
                u.at()));
        if (random.nextInt(3) == 0) {
          add(
              out,
              next,
              event,
              new GhostDiffYielded(
                  u.resourceId(), u.appId(), u.changeId(), u.resource(), path, flips * 10, u.at()));
        }
      }
      detect(out, next, event, payload, drifted, random);
    }
    return out;
  }

  private static final List<String> DRIFT_PATHS =
      List.of(
          "spec.replicas", "metadata.labels.tier", "spec.template.spec.containers[name=a].image");
  private static final List<String> MANAGERS = List.of("kubectl-edit", "kubectl-scale", "");

  /** An outside edit after some writes of the app: one or two fields, another manager. */
  private static void detect(
      List<EventEnvelope> out,
      Map<String, Long> next,
      EventEnvelope source,
      io.driftless.events.DriftlessEvent payload,
      Map<String, TreeSet<String>> drifted,
      Random random) {
    if (!(payload instanceof ResourceUpdated || payload instanceof ResourceCreated)
        || random.nextInt(3) != 0) {
      return;
    }
    var r = (ResourceEvent) payload;
    var fields = new ArrayList<FieldChange>();
    for (int i = 0, n = 1 + random.nextInt(2); i < n; i++) {
      var path = DRIFT_PATHS.get(random.nextInt(DRIFT_PATHS.size()));
      var manager = MANAGERS.get(random.nextInt(MANAGERS.size()));
      fields.removeIf(f -> f.path().equals(path));
      fields.add(
          new FieldChange(
              path, random.nextInt(9), 2, "desired", manager.isEmpty() ? null : manager));
    }
    var at = source.occurredAt().plusMillis(2 + random.nextInt(50));
    add(
        out,
        next,
        source,
        new DriftDetected(r.resourceId(), r.appId(), r.changeId(), r.resource(), fields, at));
    var paths = drifted.computeIfAbsent(r.resourceId(), k -> new TreeSet<>());
    fields.forEach(f -> paths.add(f.path()));
  }

  /** The app's write, delete or loss of an object ends its open drift, right after its event. */
  private static void correct(
      List<EventEnvelope> out,
      Map<String, Long> next,
      EventEnvelope source,
      io.driftless.events.DriftlessEvent payload,
      Map<String, TreeSet<String>> drifted) {
    if (!(payload instanceof ResourceUpdated
        || payload instanceof ResourceCreated
        || payload instanceof ResourceDeleted
        || payload instanceof ResourceDisowned)) {
      return;
    }
    var r = (ResourceEvent) payload;
    var paths = drifted.remove(r.resourceId());
    if (paths != null && !paths.isEmpty()) {
      add(
          out,
          next,
          source,
          new DriftCorrected(
              r.resourceId(),
              r.appId(),
              r.changeId(),
              r.resource(),
              List.copyOf(paths),
              source.occurredAt()));
    }
  }

  /** One object's open drift as the oracle folds it. */
  private static final class OpenDrift {
    String appId;
    String changeId;
    java.time.Instant since;
    final Map<String, String> paths = new LinkedHashMap<>();

    String row(String resourceId) {
      var managers = new java.util.LinkedHashSet<String>();
      paths.values().stream().filter(m -> m != null).forEach(managers::add);
      return String.join(
          "|",
          resourceId,
          appId,
          changeId,
          SequentialFold.ms(since),
          managers.isEmpty() ? "null" : String.join(", ", managers),
          paths.toString());
    }
  }

  private static void add(
      List<EventEnvelope> out,
      Map<String, Long> next,
      EventEnvelope source,
      io.driftless.events.DriftlessEvent payload) {
    var sequence = next.merge(payload.aggregateId(), 1L, Long::sum) - 1;
    var id =
        payload == source.payload() ? source.eventId() : java.util.UUID.randomUUID().toString();
    out.add(EventEnvelope.of(id, sequence, source.occurredAt(), payload));
  }

  private void fold(Object event) {
    // A lock or unlock takes a change number: the history's floor moves with it too.
    if (event instanceof io.driftless.events.AppLocked e) {
      startedNumber.put(e.appId(), e.changeNumber());
    } else if (event instanceof io.driftless.events.AppUnlocked e) {
      startedNumber.put(e.appId(), e.changeNumber());
    }
    if (event instanceof AppChangeStarted e) {
      startedNumber.put(e.appId(), e.changeNumber());
      changes.put(
          e.appId() + "|" + e.changeId(),
          String.join(
              "|",
              e.appId(),
              e.changeId(),
              e.trigger().wireName(),
              SequentialFold.ms(e.startedAt())));
    } else if (event instanceof GhostDiffDetected e) {
      ghosts.put(
          e.resourceId() + "|" + e.path(),
          String.join(
              "|",
              e.resourceId(),
              e.appId(),
              e.path(),
              SequentialFold.json(e.desired()),
              SequentialFold.json(e.live()),
              Integer.toString(e.flips()),
              e.policy(),
              e.changeId(),
              SequentialFold.ms(e.at()),
              "false",
              "null",
              "null"));
      history(e, "ghost-diff", e.path());
    } else if (event instanceof GhostDiffYielded e) {
      yielded(e);
      history(e, "yield", e.path());
    } else if (event instanceof ResourceDeleted || event instanceof ResourceDisowned) {
      var id = ((ResourceEvent) event).resourceId();
      ghosts.keySet().removeIf(key -> key.startsWith(id + "|"));
    } else if (event instanceof DriftDetected e) {
      var drift = open.computeIfAbsent(e.resourceId(), k -> new OpenDrift());
      if (drift.paths.isEmpty()) {
        drift.since = e.at();
      }
      drift.appId = e.appId();
      drift.changeId = e.changeId();
      for (var field : e.fields()) {
        drift.paths.remove(field.path());
        drift.paths.put(field.path(), field.changedBy());
      }
    } else if (event instanceof DriftCorrected e) {
      var drift = open.get(e.resourceId());
      if (drift != null) {
        e.paths().forEach(drift.paths::remove);
        if (drift.paths.isEmpty()) {
          open.remove(e.resourceId());
        }
      }
    }
  }

  /** {@code resource_drift} rows: each object's open drift. */
  public TreeSet<String> openDrifts() {
    var rows = new TreeSet<String>();
    open.forEach((id, drift) -> rows.add(drift.row(id)));
    return rows;
  }

  /** The same rows read from the view. */
  @SuppressWarnings("unchecked")
  public static TreeSet<String> openDrifts(DataSource dataSource) {
    return new TreeSet<>(
        new JdbcTemplate(dataSource)
            .query(
                "SELECT resource_id, app_id, change_id, drift_since, changed_by, paths"
                    + " FROM resource_drift",
                (rs, i) ->
                    String.join(
                        "|",
                        rs.getString(1),
                        rs.getString(2),
                        rs.getString(3),
                        Long.toString(rs.getTimestamp(4).toInstant().toEpochMilli()),
                        String.valueOf(rs.getString(5)),
                        io.driftless.query.projection.Json.read(
                                rs.getString(6), LinkedHashMap.class)
                            .toString())));
  }

  private void yielded(GhostDiffYielded e) {
    var key = e.resourceId() + "|" + e.path();
    var row = ghosts.get(key);
    var parts =
        row == null
            ? new String[] {
              e.resourceId(),
              e.appId(),
              e.path(),
              "null",
              "",
              "0",
              "null",
              e.changeId(),
              SequentialFold.ms(e.at()),
              "",
              "",
              ""
            }
            : row.split("\\|", -1);
    parts[4] = SequentialFold.json(e.live());
    parts[9] = "true";
    parts[10] = e.changeId();
    parts[11] = SequentialFold.ms(e.at());
    ghosts.put(key, String.join("|", parts));
  }

  private void history(ResourceEvent e, String op, String path) {
    historyGhosts.put(
        String.join("|", e.resourceId(), e.changeId(), op, path),
        String.join("|", e.appId(), e.resourceId(), e.changeId(), op, path));
  }

  public TreeSet<String> driftChanges() {
    return new TreeSet<>(changes.values());
  }

  public TreeSet<String> ghostDiffs() {
    return new TreeSet<>(ghosts.values());
  }

  /** {@code app_change_ghost} rows of the kept changes. */
  public TreeSet<String> historyGhosts() {
    var rows = new TreeSet<String>();
    historyGhosts.values().stream()
        .filter(
            r -> {
              var parts = r.split("\\|", -1);
              var floor =
                  keep <= 0 ? 1 : Math.max(1, startedNumber.getOrDefault(parts[0], 0L) - keep + 1);
              return number(parts[2]) >= floor;
            })
        .forEach(rows::add);
    return rows;
  }

  private static long number(String changeId) {
    return Long.parseLong(changeId.substring(changeId.lastIndexOf('-') + 1));
  }

  public static TreeSet<String> driftChanges(DataSource dataSource) {
    return new TreeSet<>(
        new JdbcTemplate(dataSource)
            .query(
                "SELECT app_id, change_id, change_trigger, started_at FROM drift_change",
                (rs, i) ->
                    String.join(
                        "|",
                        rs.getString(1),
                        rs.getString(2),
                        rs.getString(3),
                        Long.toString(rs.getTimestamp(4).toInstant().toEpochMilli()))));
  }

  public static TreeSet<String> ghostDiffs(DataSource dataSource) {
    return new TreeSet<>(
        new JdbcTemplate(dataSource)
            .query(
                "SELECT resource_id, app_id, path, desired_value, live_value, flips, policy,"
                    + " change_id, last_seen_at, yielded, yielded_change_id, yielded_at"
                    + " FROM ghost_diff",
                (rs, i) ->
                    String.join(
                        "|",
                        rs.getString(1),
                        rs.getString(2),
                        rs.getString(3),
                        String.valueOf(rs.getString(4)),
                        rs.getString(5),
                        rs.getString(6),
                        String.valueOf(rs.getString(7)),
                        rs.getString(8),
                        Long.toString(rs.getTimestamp(9).toInstant().toEpochMilli()),
                        Boolean.toString(rs.getBoolean(10)),
                        String.valueOf(rs.getString(11)),
                        rs.getTimestamp(12) == null
                            ? "null"
                            : Long.toString(rs.getTimestamp(12).toInstant().toEpochMilli()))));
  }

  public static TreeSet<String> historyGhosts(DataSource dataSource) {
    return new TreeSet<>(
        new JdbcTemplate(dataSource)
            .query(
                "SELECT g.app_id, g.resource_id, g.change_id, g.op, g.fields FROM app_change_ghost g",
                (rs, i) ->
                    String.join(
                        "|",
                        rs.getString(1),
                        rs.getString(2),
                        rs.getString(3),
                        rs.getString(4),
                        path(rs.getString(5)))));
  }

  private static String path(String fields) {
    var start = fields.indexOf("\"path\":\"") + 8;
    return fields.substring(start, fields.indexOf('"', start));
  }
}
