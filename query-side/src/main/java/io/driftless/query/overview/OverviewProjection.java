package io.driftless.query.overview;

import io.driftless.events.AppChangeFinished;
import io.driftless.events.AppChangeStarted;
import io.driftless.events.AppDeleted;
import io.driftless.events.AppEvent;
import io.driftless.events.AppLocked;
import io.driftless.events.AppUnlocked;
import io.driftless.events.EventEnvelope;
import io.driftless.events.Provenance;
import io.driftless.events.ResourceCreated;
import io.driftless.events.ResourceDeleted;
import io.driftless.events.ResourceDisowned;
import io.driftless.events.ResourceEvent;
import io.driftless.events.ResourceIds;
import io.driftless.events.ResourceUpdated;
import io.driftless.query.projection.Json;
import io.driftless.query.projection.MultiRow;
import io.driftless.query.projection.Projection;
import io.driftless.query.projection.ViewIdentity;
import io.driftless.query.projection.ViewTimes;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Keeps {@code app_overview} (one row per app, App events only, so in order per app) and the shared
 * counters {@code app_resource_count} (every ResourceChange of the app, changed with atomic SQL).
 * {@code overview_resource} remembers whether a resource is counted as live; it is per
 * ResourceChange, so the version check orders its transitions. An object another app took over
 * ({@link ResourceDisowned}) stops counting, as a deleted one does. A lock ({@link AppLocked}) sets
 * the row's lock columns until its {@link AppUnlocked}; neither is the app's last change ({@code
 * last_change_*} follow the changes that apply something), though both are history rows.
 */
public final class OverviewProjection implements Projection {

  public static final String NAME = "overview";

  private static final ViewIdentity IDENTITY =
      ViewIdentity.of(
          NAME,
          List.of("app_overview", "app_resource_count", "overview_resource"),
          AppChangeStarted.class,
          AppChangeFinished.class,
          AppDeleted.class,
          AppLocked.class,
          AppUnlocked.class,
          ResourceCreated.class,
          ResourceUpdated.class,
          ResourceDeleted.class,
          ResourceDisowned.class);

  @Override
  public ViewIdentity identity() {
    return IDENTITY;
  }

  /** 2: the lock columns (issue 27). */
  @Override
  public int version() {
    return 2;
  }

  @Override
  public Batch batch() {
    return new OverviewBatch();
  }

  /**
   * Collects the batch's App events per app and the liveness transitions per resource. At flush it
   * reads the rows those events need (each owned by one aggregate whose offset is locked), folds
   * the events in memory and writes the results with one upsert per table; the live counts, shared
   * by all resources of an app, change by summed deltas.
   */
  private static final class OverviewBatch implements Batch {

    private final Map<String, List<AppEvent>> appEvents = new TreeMap<>();
    private final Map<String, List<ResourceEvent>> resourceEvents = new TreeMap<>();

    @Override
    public void add(EventEnvelope event) {
      var payload = event.payload();
      if (payload instanceof AppEvent e) {
        appEvents.computeIfAbsent(e.appId(), id -> new ArrayList<>()).add(e);
      } else if (payload instanceof ResourceCreated
          || payload instanceof ResourceUpdated
          || payload instanceof ResourceDeleted
          || payload instanceof ResourceDisowned) {
        var e = (ResourceEvent) payload;
        resourceEvents.computeIfAbsent(e.resourceId(), id -> new ArrayList<>()).add(e);
      }
    }

    @Override
    public void flush(JdbcClient jdbc) {
      flushApps(jdbc);
      flushResources(jdbc);
    }

    private void flushApps(JdbcClient jdbc) {
      if (appEvents.isEmpty()) {
        return;
      }
      var rows = new TreeMap<String, AppRow>();
      MultiRow.select(
          jdbc,
          "SELECT app_id, namespace, name, namespaces, change_in_progress, last_change_id,"
              + " last_change_at, last_change_successful, deleted, locked, locked_by, locked_at,"
              + " lock_reason FROM app_overview WHERE app_id IN (",
          List.of(),
          List.copyOf(appEvents.keySet()),
          ")",
          rs -> {
            var successful = rs.getBoolean(8);
            var successKnown = !rs.wasNull();
            rows.put(
                rs.getString(1),
                new AppRow(
                    rs.getString(2),
                    rs.getString(3),
                    rs.getString(4),
                    rs.getString(5),
                    rs.getString(6),
                    rs.getTimestamp(7),
                    successKnown ? successful : null,
                    rs.getBoolean(9),
                    new Lock(
                        rs.getBoolean(10),
                        rs.getString(11),
                        rs.getTimestamp(12),
                        rs.getString(13))));
          });
      appEvents.forEach(
          (appId, events) -> {
            for (var event : events) {
              rows.compute(appId, (id, row) -> AppRow.fold(id, row, event));
            }
          });
      var values = new ArrayList<Object[]>();
      rows.forEach((appId, row) -> values.add(row.values(appId)));
      MultiRow.insert(
          jdbc,
          "INSERT INTO app_overview (app_id, namespace, name, namespaces, change_in_progress,"
              + " last_change_id, last_change_at, last_change_successful, deleted, locked,"
              + " locked_by, locked_at, lock_reason) VALUES ",
          values,
          " ON DUPLICATE KEY UPDATE namespaces = VALUES(namespaces),"
              + " change_in_progress = VALUES(change_in_progress),"
              + " last_change_id = VALUES(last_change_id), last_change_at = VALUES(last_change_at),"
              + " last_change_successful = VALUES(last_change_successful),"
              + " deleted = VALUES(deleted), locked = VALUES(locked),"
              + " locked_by = VALUES(locked_by), locked_at = VALUES(locked_at),"
              + " lock_reason = VALUES(lock_reason)");
    }

    private void flushResources(JdbcClient jdbc) {
      if (resourceEvents.isEmpty()) {
        return;
      }
      var live = new HashMap<String, Boolean>();
      MultiRow.select(
          jdbc,
          "SELECT resource_id, live FROM overview_resource WHERE resource_id IN (",
          List.of(),
          List.copyOf(resourceEvents.keySet()),
          ")",
          rs -> {
            live.put(rs.getString(1), rs.getBoolean(2));
          });
      var changed = new ArrayList<Object[]>();
      var deltas = new TreeMap<List<String>, Long>(MultiRow.KEY_ORDER);
      resourceEvents.forEach(
          (resourceId, events) -> {
            var was = live.getOrDefault(resourceId, false);
            var now = was;
            var delta = 0L;
            var flipped = false;
            for (var e : events) {
              var next = !(e instanceof ResourceDeleted || e instanceof ResourceDisowned);
              if (next != now) {
                delta += next ? 1 : -1;
                now = next;
                flipped = true;
              }
            }
            // Written whenever one event flipped it, as one-by-one would (a count row at 0 stays).
            if (flipped) {
              changed.add(new Object[] {resourceId, now});
              var first = events.get(0);
              deltas.merge(List.of(first.appId(), first.resource().kind()), delta, Long::sum);
            }
          });
      MultiRow.insert(
          jdbc,
          "INSERT INTO overview_resource (resource_id, live) VALUES ",
          changed,
          " ON DUPLICATE KEY UPDATE live = VALUES(live)");
      var counts = new ArrayList<Object[]>();
      deltas.forEach((key, delta) -> counts.add(new Object[] {key.get(0), key.get(1), delta}));
      MultiRow.insert(
          jdbc,
          "INSERT INTO app_resource_count (app_id, kind, live) VALUES ",
          counts,
          " ON DUPLICATE KEY UPDATE live = live + VALUES(live)");
    }
  }

  /** The lock columns of an {@code app_overview} row. */
  private record Lock(boolean locked, String lockedBy, Timestamp lockedAt, String reason) {
    static final Lock NONE = new Lock(false, null, null, null);
  }

  /** An {@code app_overview} row. */
  private record AppRow(
      String namespace,
      String name,
      String namespaces,
      String changeInProgress,
      String lastChangeId,
      Timestamp lastChangeAt,
      Boolean lastChangeSuccessful,
      boolean deleted,
      Lock lock) {

    /** The row after one App event; a finish or delete before any start changes nothing. */
    static AppRow fold(String appId, AppRow row, AppEvent event) {
      if (event instanceof AppChangeStarted e) {
        return new AppRow(
            row == null ? ResourceIds.appNamespace(appId) : row.namespace,
            row == null ? ResourceIds.appName(appId) : row.name,
            Json.write(e.namespaces()),
            e.changeId(),
            row == null ? null : row.lastChangeId,
            row == null ? null : row.lastChangeAt,
            row == null ? null : row.lastChangeSuccessful,
            false,
            row == null ? Lock.NONE : row.lock);
      }
      if (row == null) {
        return null;
      }
      if (event instanceof AppLocked e) {
        return row.with(
            new Lock(
                true,
                e.provenance() == null ? Provenance.UNKNOWN : e.provenance().actor(),
                ViewTimes.millis(e.at()),
                e.reason() == null || e.reason().length() <= 4096
                    ? e.reason()
                    : e.reason().substring(0, 4096)));
      }
      if (event instanceof AppUnlocked) {
        return row.with(Lock.NONE);
      }
      if (event instanceof AppChangeFinished e) {
        return new AppRow(
            row.namespace,
            row.name,
            row.namespaces,
            null,
            e.changeId(),
            ViewTimes.millis(e.finishedAt()),
            e.successful(),
            row.deleted,
            row.lock);
      }
      if (event instanceof AppDeleted) {
        return new AppRow(
            row.namespace,
            row.name,
            row.namespaces,
            row.changeInProgress,
            row.lastChangeId,
            row.lastChangeAt,
            row.lastChangeSuccessful,
            true,
            row.lock);
      }
      return row;
    }

    AppRow with(Lock lock) {
      return new AppRow(
          namespace,
          name,
          namespaces,
          changeInProgress,
          lastChangeId,
          lastChangeAt,
          lastChangeSuccessful,
          deleted,
          lock);
    }

    Object[] values(String appId) {
      return new Object[] {
        appId,
        namespace,
        name,
        namespaces,
        changeInProgress,
        lastChangeId,
        lastChangeAt,
        lastChangeSuccessful,
        deleted,
        lock.locked(),
        lock.lockedBy(),
        lock.lockedAt(),
        lock.reason()
      };
    }
  }
}
