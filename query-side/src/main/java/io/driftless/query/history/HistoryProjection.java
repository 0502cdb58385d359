package io.driftless.query.history;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.driftless.events.AppChangeFinished;
import io.driftless.events.AppChangeStarted;
import io.driftless.events.AppLocked;
import io.driftless.events.AppUnlocked;
import io.driftless.events.ChangeIds;
import io.driftless.events.ChangeTrigger;
import io.driftless.events.EventEnvelope;
import io.driftless.events.GhostDiffDetected;
import io.driftless.events.GhostDiffYielded;
import io.driftless.events.Provenance;
import io.driftless.events.ResourceApplyFailed;
import io.driftless.events.ResourceCreated;
import io.driftless.events.ResourceDeleted;
import io.driftless.events.ResourceEvent;
import io.driftless.events.ResourceUpdated;
import io.driftless.query.projection.Json;
import io.driftless.query.projection.MultiRow;
import io.driftless.query.projection.PathKeys;
import io.driftless.query.projection.Projection;
import io.driftless.query.projection.ViewIdentity;
import io.driftless.query.projection.ViewTimes;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Keeps {@code app_change}, {@code app_change_resource} and {@code app_change_ghost} (a change's
 * ghost-diff reports and yield decisions, apart because a resource can have both an op and several
 * of those in one change) and {@code app_change_meta} (a change's provenance meta, one row per key,
 * for the audit log's filter). A lock or unlock ({@link AppLocked}, {@link AppUnlocked}) takes the
 * app's next change number and is a row of its own, started and finished at once. With a positive
 * {@code keep}, pruning moves a per-app floor; a late resource event of a pruned change is dropped,
 * so the result does not depend on whether it came before or after the pruning. {@code keep} 0 (the
 * default) keeps every change.
 */
public final class HistoryProjection implements Projection {

  public static final String NAME = "history";

  private static final ViewIdentity IDENTITY =
      ViewIdentity.of(
          NAME,
          List.of(
              "app_change",
              "app_change_resource",
              "app_history_floor",
              "app_change_ghost",
              "app_change_meta"),
          AppChangeStarted.class,
          AppChangeFinished.class,
          AppLocked.class,
          AppUnlocked.class,
          ResourceCreated.class,
          ResourceUpdated.class,
          ResourceDeleted.class,
          ResourceApplyFailed.class,
          GhostDiffDetected.class,
          GhostDiffYielded.class);

  /** The longest {@code app_change_meta.meta_value} (the API accepts at most this). */
  public static final int MAX_META_VALUE = 512;

  private final int keep;

  /**
   * @param keep how many of each app's newest changes the view keeps; 0 or less: all of them
   */
  public HistoryProjection(int keep) {
    this.keep = Math.max(0, keep);
  }

  @Override
  public ViewIdentity identity() {
    return IDENTITY;
  }

  /** 2: provenance columns, {@code app_change_meta} and lock/unlock rows (issue 27). */
  @Override
  public int version() {
    return 2;
  }

  @Override
  public Batch batch() {
    return new HistoryBatch(keep);
  }

  /**
   * One batch of the history. Floors are locked first (rows created if missing, then read {@code
   * FOR UPDATE}, in key order), then the batch's raised floors, changes and resource rows are
   * computed in memory and written with one statement per table. Dropping rows below the floor
   * after the batch gives what applying the events one by one gives: the floor only rises, so a row
   * is kept exactly when its change number is at or above the final floor.
   */
  private static final class HistoryBatch implements Batch {

    private final int keep;
    // Hash maps while the batch collects, sorted into key order when it is written.
    private final Map<ChangeKey, ChangeRow> changes = new HashMap<>();
    private final Map<ChangeKey, Finish> finishes = new HashMap<>();
    private final Map<ResourceKey, Object[]> resources = new HashMap<>();
    private final Map<GhostKey, Object[]> ghosts = new HashMap<>();
    private final Map<MetaKey, Object[]> metas = new HashMap<>();
    private final Map<String, Long> pruneTo = new TreeMap<>();
    private final Set<String> floorApps = new HashSet<>();

    HistoryBatch(int keep) {
      this.keep = keep;
    }

    @Override
    public void add(EventEnvelope event) {
      var payload = event.payload();
      if (payload instanceof AppChangeStarted e) {
        started(e.appId(), e.changeId(), ChangeRow.started(e), e.provenance());
      } else if (payload instanceof AppLocked e) {
        var provenance = orUnknown(e.provenance());
        var description = "lock: " + e.reason();
        started(
            e.appId(),
            e.changeId(),
            ChangeRow.instant(
                e.changeNumber(), ChangeTrigger.LOCK, e.at(), description, provenance),
            provenance);
      } else if (payload instanceof AppUnlocked e) {
        var provenance = orUnknown(e.provenance());
        started(
            e.appId(),
            e.changeId(),
            ChangeRow.instant(e.changeNumber(), ChangeTrigger.UNLOCK, e.at(), "unlock", provenance),
            provenance);
      } else if (payload instanceof AppChangeFinished e) {
        var key = new ChangeKey(e.appId(), e.changeId());
        var row = changes.get(key);
        if (row != null) {
          changes.put(key, row.finished(e));
        } else {
          finishes.put(key, new Finish(e));
        }
      } else if (payload instanceof ResourceCreated e) {
        resource(e, "create", Json.write(e.fields()), null, e.at());
      } else if (payload instanceof ResourceUpdated e) {
        resource(e, "update", Json.write(e.fields()), null, e.at());
      } else if (payload instanceof ResourceDeleted e) {
        resource(e, "delete", "[]", null, e.at());
      } else if (payload instanceof ResourceApplyFailed e) {
        resource(e, e.op(), "[]", e.reason(), e.at());
      } else if (payload instanceof GhostDiffDetected e) {
        var field =
            new GhostField(e.path(), e.desired(), e.live(), "cluster", e.flips(), e.changedBy());
        ghost(e, "ghost-diff", e.path(), field, e.at());
      } else if (payload instanceof GhostDiffYielded e) {
        ghost(
            e,
            "yield",
            e.path(),
            new GhostField(e.path(), null, e.live(), "yield", null, null),
            e.at());
      }
    }

    /** A change row (a change's start, a lock or an unlock), its meta rows and the pruning. */
    private void started(String appId, String changeId, ChangeRow row, Provenance provenance) {
      changes.put(new ChangeKey(appId, changeId), row);
      provenance
          .meta()
          .forEach(
              (key, value) ->
                  metas.put(
                      new MetaKey(appId, row.number(), key),
                      new Object[] {
                        appId,
                        row.number(),
                        key,
                        ChangeRow.truncate(value, MAX_META_VALUE),
                        row.startedAt()
                      }));
      var lowestKept = row.number() - keep + 1;
      if (keep > 0 && lowestKept > 1) {
        pruneTo.merge(appId, lowestKept, Math::max);
        floorApps.add(appId);
      }
    }

    /**
     * A ghost-diff report or yield decision: a row of {@code app_change_ghost}, shown in the change
     * after its resource ops as op {@code ghost-diff} or {@code yield} with the path as its field.
     */
    private void ghost(ResourceEvent e, String op, String path, GhostField field, Instant at) {
      var ref = e.resource();
      var pathKey = PathKeys.of(path);
      floorApps.add(e.appId());
      ghosts.put(
          new GhostKey(e.resourceId(), e.changeId(), op, pathKey),
          new Object[] {
            e.resourceId(),
            e.changeId(),
            op,
            pathKey,
            e.appId(),
            ChangeIds.numberOf(e.changeId()),
            ref.namespace(),
            ref.name(),
            ref.kind(),
            ref.apiVersion(),
            Json.write(List.of(field)),
            ViewTimes.micros(at)
          });
    }

    /** {@code at}: when the command side recorded it, which orders a change's resources. */
    private void resource(ResourceEvent e, String op, String fields, String error, Instant at) {
      var ref = e.resource();
      floorApps.add(e.appId());
      resources.put(
          new ResourceKey(e.appId(), e.changeId(), e.resourceId()),
          new Object[] {
            e.appId(),
            e.changeId(),
            e.resourceId(),
            ChangeIds.numberOf(e.changeId()),
            ref.namespace(),
            ref.name(),
            ref.kind(),
            ref.apiVersion(),
            op,
            fields,
            error,
            ViewTimes.micros(at)
          });
    }

    @Override
    public void flush(JdbcClient jdbc) {
      var floors = lockFloors(jdbc);
      var raised = new TreeMap<String, Long>();
      pruneTo.forEach(
          (appId, lowestKept) -> {
            if (lowestKept > floors.getOrDefault(appId, 0L)) {
              raised.put(appId, lowestKept);
              floors.put(appId, lowestKept);
            }
          });
      readFinished(jdbc);
      var changeRows = new ArrayList<Object[]>();
      inKeyOrder(changes, ChangeKey.ORDER)
          .forEach(
              entry -> {
                var key = entry.getKey();
                if (entry.getValue().number() >= floors.getOrDefault(key.appId(), 0L)) {
                  changeRows.add(entry.getValue().values(key.appId(), key.changeId()));
                }
              });
      MultiRow.insert(
          jdbc,
          "INSERT INTO app_change (app_id, change_id, change_number, change_trigger, started_at,"
              + " description, namespaces, finished_at, successful, error, actor, client, message,"
              + " meta, rolled_back_to) VALUES ",
          changeRows,
          " ON DUPLICATE KEY UPDATE description = VALUES(description),"
              + " finished_at = VALUES(finished_at), successful = VALUES(successful),"
              + " error = VALUES(error)");
      var resourceRows = new ArrayList<Object[]>();
      inKeyOrder(resources, ResourceKey.ORDER)
          .forEach(
              entry -> {
                var row = entry.getValue();
                if ((long) row[3] >= floors.getOrDefault(entry.getKey().appId(), 0L)) {
                  resourceRows.add(row);
                }
              });
      MultiRow.insert(
          jdbc,
          "INSERT INTO app_change_resource (app_id, change_id, resource_id, change_number,"
              + " namespace, name, kind, api_version, op, fields, error, applied_at) VALUES ",
          resourceRows,
          " ON DUPLICATE KEY UPDATE op = VALUES(op), fields = VALUES(fields),"
              + " error = VALUES(error), api_version = VALUES(api_version),"
              + " applied_at = VALUES(applied_at)");
      var ghostRows = new ArrayList<Object[]>();
      inKeyOrder(ghosts, GhostKey.ORDER).stream()
          .map(Map.Entry::getValue)
          .filter(row -> (long) row[5] >= floors.getOrDefault((String) row[4], 0L))
          .forEach(ghostRows::add);
      MultiRow.insert(
          jdbc,
          "INSERT INTO app_change_ghost (resource_id, change_id, op, path_key, app_id,"
              + " change_number, namespace, name, kind, api_version, fields, recorded_at) VALUES ",
          ghostRows,
          " ON DUPLICATE KEY UPDATE fields = VALUES(fields), recorded_at = VALUES(recorded_at)");
      var metaRows = new ArrayList<Object[]>();
      inKeyOrder(metas, MetaKey.ORDER).stream()
          .map(Map.Entry::getValue)
          .filter(row -> (long) row[1] >= floors.getOrDefault((String) row[0], 0L))
          .forEach(metaRows::add);
      MultiRow.insert(
          jdbc,
          "INSERT INTO app_change_meta (app_id, change_number, meta_key, meta_value, started_at)"
              + " VALUES ",
          metaRows,
          " ON DUPLICATE KEY UPDATE meta_value = VALUES(meta_value),"
              + " started_at = VALUES(started_at)");
      prune(jdbc, raised);
    }

    /**
     * Locks the floor row of every app whose resources or pruning this batch touches (created at 0
     * if missing), in key order: a concurrent batch pruning the same app either committed before
     * (its floor is read here) or waits until this one's rows are in (and then deletes them).
     */
    private Map<String, Long> lockFloors(JdbcClient jdbc) {
      var floors = new HashMap<String, Long>();
      if (floorApps.isEmpty()) {
        return floors;
      }
      var apps = floorApps.stream().sorted().toList();
      MultiRow.insert(
          jdbc,
          "INSERT INTO app_history_floor (app_id, lowest_kept) VALUES ",
          apps.stream().map(app -> new Object[] {app, 0L}).toList(),
          " ON DUPLICATE KEY UPDATE lowest_kept = lowest_kept");
      MultiRow.select(
          jdbc,
          "SELECT app_id, lowest_kept FROM app_history_floor WHERE app_id IN (",
          List.of(),
          apps,
          ") ORDER BY app_id FOR UPDATE",
          rs -> {
            floors.put(rs.getString(1), rs.getLong(2));
          });
      return floors;
    }

    /** Finishes of changes started in an earlier batch: read those rows, finish them in memory. */
    private void readFinished(JdbcClient jdbc) {
      if (finishes.isEmpty()) {
        return;
      }
      var keys = new ArrayList<Object[]>();
      inKeyOrder(finishes, ChangeKey.ORDER)
          .forEach(
              entry -> keys.add(new Object[] {entry.getKey().appId(), entry.getKey().changeId()}));
      MultiRow.selectWhere(
          jdbc,
          "SELECT app_id, change_id, change_number, change_trigger, started_at, namespaces,"
              + " actor, client, message, meta, rolled_back_to FROM app_change WHERE ",
          "app_id = ? AND change_id = ?",
          keys,
          "",
          rs -> {
            var key = new ChangeKey(rs.getString(1), rs.getString(2));
            var row =
                new ChangeRow(
                    rs.getLong(3),
                    rs.getString(4),
                    rs.getTimestamp(5),
                    null,
                    rs.getString(6),
                    null,
                    null,
                    null,
                    rs.getString(7),
                    rs.getString(8),
                    rs.getString(9),
                    rs.getString(10),
                    rs.getString(11));
            changes.put(key, row.finished(finishes.get(key).event()));
          });
    }

    private static void prune(JdbcClient jdbc, Map<String, Long> raised) {
      if (raised.isEmpty()) {
        return;
      }
      var rows = new ArrayList<Object[]>();
      raised.forEach((appId, lowestKept) -> rows.add(new Object[] {appId, lowestKept}));
      MultiRow.where(
          jdbc, "DELETE FROM app_change WHERE ", "app_id = ? AND change_number < ?", rows, "");
      MultiRow.where(
          jdbc,
          "DELETE FROM app_change_resource WHERE ",
          "app_id = ? AND change_number < ?",
          rows,
          "");
      MultiRow.where(
          jdbc,
          "DELETE FROM app_change_ghost WHERE ",
          "app_id = ? AND change_number < ?",
          rows,
          "");
      MultiRow.where(
          jdbc, "DELETE FROM app_change_meta WHERE ", "app_id = ? AND change_number < ?", rows, "");
      MultiRow.insert(
          jdbc,
          "INSERT INTO app_history_floor (app_id, lowest_kept) VALUES ",
          rows,
          " ON DUPLICATE KEY UPDATE lowest_kept = VALUES(lowest_kept)");
    }
  }

  /** The entries of a batch's map, sorted by key (the order rows are written and locked in). */
  private static <K, V> List<Map.Entry<K, V>> inKeyOrder(Map<K, V> map, Comparator<K> order) {
    var entries = new ArrayList<>(map.entrySet());
    entries.sort(Map.Entry.comparingByKey(order));
    return entries;
  }

  /** The key of an {@code app_change} row. */
  private record ChangeKey(String appId, String changeId) {
    static final Comparator<ChangeKey> ORDER =
        Comparator.comparing(ChangeKey::appId).thenComparing(ChangeKey::changeId);
  }

  /** The key of an {@code app_change_resource} row. */
  private record ResourceKey(String appId, String changeId, String resourceId) {
    static final Comparator<ResourceKey> ORDER =
        Comparator.comparing(ResourceKey::appId)
            .thenComparing(ResourceKey::changeId)
            .thenComparing(ResourceKey::resourceId);
  }

  /** The key of an {@code app_change_ghost} row. */
  private record GhostKey(String resourceId, String changeId, String op, String pathKey) {
    static final Comparator<GhostKey> ORDER =
        Comparator.comparing(GhostKey::resourceId)
            .thenComparing(GhostKey::changeId)
            .thenComparing(GhostKey::op)
            .thenComparing(GhostKey::pathKey);
  }

  /**
   * The field of a ghost-diff or yield row, in the shape of a resource op's field diffs: {@code
   * from} the desired value, {@code to} the value the cluster keeps, {@code decidedBy} {@code
   * cluster} (a report) or {@code yield}, and the report's {@code flips}.
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  record GhostField(
      String path,
      Object from,
      Object to,
      String decidedBy,
      Integer flips,
      @JsonInclude(JsonInclude.Include.NON_NULL) String changedBy) {}

  /** The key of an {@code app_change_meta} row. */
  private record MetaKey(String appId, long changeNumber, String key) {
    static final Comparator<MetaKey> ORDER =
        Comparator.comparing(MetaKey::appId)
            .thenComparingLong(MetaKey::changeNumber)
            .thenComparing(MetaKey::key);
  }

  private static Provenance orUnknown(Provenance provenance) {
    return provenance == null ? Provenance.unknown() : provenance;
  }

  /** A finish whose change row is in the table already. */
  private record Finish(AppChangeFinished event) {}
}
