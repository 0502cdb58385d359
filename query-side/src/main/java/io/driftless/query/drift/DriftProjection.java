package io.driftless.query.drift;

import io.driftless.events.AppChangeStarted;
import io.driftless.events.DriftCorrected;
import io.driftless.events.DriftDetected;
import io.driftless.events.EventEnvelope;
import io.driftless.events.GhostDiffDetected;
import io.driftless.events.GhostDiffYielded;
import io.driftless.events.ResourceDeleted;
import io.driftless.events.ResourceDisowned;
import io.driftless.events.ResourceEvent;
import io.driftless.query.projection.Json;
import io.driftless.query.projection.MultiRow;
import io.driftless.query.projection.PathKeys;
import io.driftless.query.projection.Projection;
import io.driftless.query.projection.ViewIdentity;
import io.driftless.query.projection.ViewTimes;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Keeps {@code drift_change} (each change's trigger, from the App's {@code AppChangeStarted}) and
 * {@code ghost_diff} (per ResourceChange and field path: the newest {@link GhostDiffDetected} and
 * whether Driftless yielded it). A resource event carries only its change id, not the trigger, and
 * the App's and the ResourceChange's events arrive in any order: so "corrected by a reconcile" is
 * never decided here but at query time, joining the inventory's last change of each resource with
 * {@code drift_change} (see {@code api.DriftStates}). Each ghost-diff row belongs to one
 * ResourceChange, so the version check orders its changes; a deleted or taken-over object's rows
 * are dropped. {@code resource_drift} holds each ResourceChange's open drift ({@link OpenDrifts}).
 * The fold keeps version 1: the drift events are newer than every store a version-1 view was built
 * from, so no stored history lacks their rows.
 */
public final class DriftProjection implements Projection {

  public static final String NAME = "drift";

  private static final ViewIdentity IDENTITY =
      ViewIdentity.of(
          NAME,
          List.of("drift_change", "ghost_diff", "resource_drift"),
          AppChangeStarted.class,
          DriftDetected.class,
          DriftCorrected.class,
          GhostDiffDetected.class,
          GhostDiffYielded.class,
          ResourceDeleted.class,
          ResourceDisowned.class);

  @Override
  public ViewIdentity identity() {
    return IDENTITY;
  }

  @Override
  public Batch batch() {
    return new DriftBatch();
  }

  /**
   * A batch: change rows are only added; ghost-diff rows are folded in memory per resource and
   * path. A detection sets the whole row; a yield of a row this batch did not set is written as an
   * upsert that only marks it yielded (or inserts it bare). Rows of objects deleted in the batch
   * are deleted first, so rows set after the delete start from nothing, as one event at a time.
   */
  private static final class DriftBatch implements Batch {

    private final List<Object[]> changes = new ArrayList<>();
    private final Set<String> dropped = new TreeSet<>();
    private final Map<List<String>, GhostRow> rows = new TreeMap<>(MultiRow.KEY_ORDER);
    private final OpenDrifts drifts = new OpenDrifts();

    @Override
    public void add(EventEnvelope event) {
      var payload = event.payload();
      drifts.add(event);
      if (payload instanceof AppChangeStarted e) {
        changes.add(
            new Object[] {
              e.appId(), e.changeId(), e.trigger().wireName(), ViewTimes.millis(e.startedAt())
            });
      } else if (payload instanceof GhostDiffDetected e) {
        rows.put(key(e.resourceId(), e.path()), GhostRow.detected(e, at(e.at(), event)));
      } else if (payload instanceof GhostDiffYielded e) {
        var at = at(e.at(), event);
        rows.compute(
            key(e.resourceId(), e.path()),
            (k, row) -> row == null ? GhostRow.yieldedOnly(e, at) : row.yielded(e, at));
      } else if (payload instanceof ResourceDeleted || payload instanceof ResourceDisowned) {
        var id = ((ResourceEvent) payload).resourceId();
        rows.keySet().removeIf(k -> k.get(0).equals(id));
        dropped.add(id);
      }
    }

    private static List<String> key(String resourceId, String path) {
      return List.of(resourceId, PathKeys.of(path));
    }

    private static Instant at(Instant at, EventEnvelope event) {
      return at == null ? event.occurredAt() : at;
    }

    @Override
    public void flush(JdbcClient jdbc) {
      drifts.flush(jdbc);
      MultiRow.insert(
          jdbc,
          "INSERT INTO drift_change (app_id, change_id, change_trigger, started_at) VALUES ",
          changes,
          " ON DUPLICATE KEY UPDATE change_trigger = VALUES(change_trigger)");
      MultiRow.where(
          jdbc,
          "DELETE FROM ghost_diff WHERE ",
          "resource_id = ?",
          dropped.stream().map(id -> new Object[] {id}).toList(),
          "");
      var full = new ArrayList<Object[]>();
      var yieldsOnly = new ArrayList<Object[]>();
      rows.forEach((key, row) -> (row.full() ? full : yieldsOnly).add(row.values(key.get(1))));
      var head =
          "INSERT INTO ghost_diff (resource_id, path_key, app_id, namespace, name, kind,"
              + " api_version, path, desired_value, live_value, flips, policy,"
              + " suggested_rebase_rule, change_id, last_seen_at, yielded, yielded_change_id,"
              + " yielded_at, changed_by) VALUES ";
      MultiRow.insert(
          jdbc,
          head,
          full,
          " ON DUPLICATE KEY UPDATE desired_value = VALUES(desired_value),"
              + " live_value = VALUES(live_value), flips = VALUES(flips), policy = VALUES(policy),"
              + " suggested_rebase_rule = VALUES(suggested_rebase_rule),"
              + " change_id = VALUES(change_id), last_seen_at = VALUES(last_seen_at),"
              + " yielded = VALUES(yielded), yielded_change_id = VALUES(yielded_change_id),"
              + " yielded_at = VALUES(yielded_at), changed_by = VALUES(changed_by)");
      MultiRow.insert(
          jdbc,
          head,
          yieldsOnly,
          " ON DUPLICATE KEY UPDATE live_value = VALUES(live_value), yielded = TRUE,"
              + " yielded_change_id = VALUES(yielded_change_id),"
              + " yielded_at = VALUES(yielded_at)");
    }
  }

  /**
   * A ghost-diff row as the batch leaves it: {@code full} if a detection in this batch set it,
   * otherwise only the yield is news (written over an existing row, or as a bare new one).
   */
  private record GhostRow(
      boolean full,
      ResourceEvent source,
      String path,
      String desired,
      String live,
      int flips,
      String policy,
      String rule,
      String changeId,
      Instant lastSeenAt,
      String yieldedChangeId,
      Instant yieldedAt,
      String changedBy) {

    static GhostRow detected(GhostDiffDetected e, Instant at) {
      return new GhostRow(
          true,
          e,
          e.path(),
          Json.write(e.desired()),
          Json.write(e.live()),
          e.flips(),
          e.policy(),
          e.suggestedRebaseRule(),
          e.changeId(),
          at,
          null,
          null,
          e.changedBy());
    }

    static GhostRow yieldedOnly(GhostDiffYielded e, Instant at) {
      return new GhostRow(
          false,
          e,
          e.path(),
          null,
          Json.write(e.live()),
          0,
          null,
          null,
          e.changeId(),
          at,
          e.changeId(),
          at,
          null);
    }

    GhostRow yielded(GhostDiffYielded e, Instant at) {
      return new GhostRow(
          full,
          source,
          path,
          desired,
          Json.write(e.live()),
          flips,
          policy,
          rule,
          changeId,
          lastSeenAt,
          e.changeId(),
          at,
          changedBy);
    }

    Object[] values(String pathKey) {
      var ref = source.resource();
      return new Object[] {
        source.resourceId(),
        pathKey,
        source.appId(),
        ref.namespace(),
        ref.name(),
        ref.kind(),
        ref.apiVersion(),
        path,
        desired,
        live,
        flips,
        policy,
        rule,
        changeId,
        ViewTimes.micros(lastSeenAt),
        yieldedAt != null,
        yieldedChangeId,
        ViewTimes.micros(yieldedAt),
        changedBy
      };
    }
  }
}
