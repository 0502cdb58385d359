package io.driftless.query.history;

import io.driftless.events.AppChangeFinished;
import io.driftless.events.AppChangeStarted;
import io.driftless.events.EventEnvelope;
import io.driftless.events.ResourceApplyFailed;
import io.driftless.events.ResourceCreated;
import io.driftless.events.ResourceDeleted;
import io.driftless.events.ResourceEvent;
import io.driftless.events.ResourceUpdated;
import io.driftless.query.projection.ChangeIds;
import io.driftless.query.projection.Json;
import io.driftless.query.projection.Projection;
import java.sql.Timestamp;
import java.util.List;
import java.util.Set;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Keeps {@code app_change} and {@code app_change_resource}. Pruning moves a per-app floor; a late
 * resource event of a pruned change is dropped, so the result does not depend on whether it came
 * before or after the pruning.
 */
public final class HistoryProjection implements Projection {

  public static final String NAME = "history";

  private static final Set<String> TYPES =
      Set.of(
          "AppChangeStarted",
          "AppChangeFinished",
          "ResourceCreated",
          "ResourceUpdated",
          "ResourceDeleted",
          "ResourceApplyFailed");

  private final int keep;

  public HistoryProjection(int keep) {
    this.keep = keep;
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public boolean follows(String aggregateType) {
    return true;
  }

  @Override
  public boolean handles(String eventType) {
    return TYPES.contains(eventType);
  }

  @Override
  public void apply(EventEnvelope event, JdbcClient jdbc) {
    var payload = event.payload();
    if (payload instanceof AppChangeStarted e) {
      started(e, jdbc);
    } else if (payload instanceof AppChangeFinished e) {
      finished(e, jdbc);
    } else if (payload instanceof ResourceCreated e) {
      resource(e, "create", Json.write(e.fields()), null, jdbc);
    } else if (payload instanceof ResourceUpdated e) {
      resource(e, "update", Json.write(e.fields()), null, jdbc);
    } else if (payload instanceof ResourceDeleted e) {
      resource(e, "delete", "[]", null, jdbc);
    } else if (payload instanceof ResourceApplyFailed e) {
      resource(e, e.op(), "[]", e.reason(), jdbc);
    }
  }

  private void started(AppChangeStarted e, JdbcClient jdbc) {
    jdbc.sql(
            "INSERT INTO app_change (app_id, change_id, change_number, change_trigger, started_at,"
                + " description, namespaces) VALUES (?, ?, ?, ?, ?, ?, ?)")
        .params(
            e.appId(),
            e.changeId(),
            e.changeNumber(),
            e.trigger().wireName(),
            Timestamp.from(e.startedAt()),
            e.description(),
            Json.write(e.namespaces()))
        .update();
    prune(e.appId(), e.changeNumber() - keep + 1, jdbc);
  }

  private static void prune(String appId, long lowestKept, JdbcClient jdbc) {
    if (lowestKept <= 1) {
      return;
    }
    // The floor row first: it serialises this prune with resource rows being added (below).
    jdbc.sql(
            "INSERT INTO app_history_floor (app_id, lowest_kept) VALUES (?, ?)"
                + " ON DUPLICATE KEY UPDATE lowest_kept = GREATEST(lowest_kept, VALUES(lowest_kept))")
        .params(appId, lowestKept)
        .update();
    jdbc.sql("DELETE FROM app_change WHERE app_id = ? AND change_number < ?")
        .params(appId, lowestKept)
        .update();
    jdbc.sql("DELETE FROM app_change_resource WHERE app_id = ? AND change_number < ?")
        .params(appId, lowestKept)
        .update();
  }

  private static void finished(AppChangeFinished e, JdbcClient jdbc) {
    jdbc.sql(
            "UPDATE app_change SET finished_at = ?, successful = ?, description = ?, error = ?"
                + " WHERE app_id = ? AND change_id = ?")
        .params(
            Timestamp.from(e.finishedAt()),
            e.successful(),
            e.description(),
            e.error(),
            e.appId(),
            e.changeId())
        .update();
  }

  private static void resource(
      ResourceEvent e, String op, String fields, String error, JdbcClient jdbc) {
    var number = ChangeIds.numberOf(e.changeId());
    if (number < floor(e.appId(), jdbc)) {
      return;
    }
    var ref = e.resource();
    jdbc.sql(
            "INSERT INTO app_change_resource (app_id, change_id, resource_id, change_number,"
                + " namespace, name, kind, api_version, op, fields, error)"
                + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
                + " ON DUPLICATE KEY UPDATE op = VALUES(op), fields = VALUES(fields),"
                + " error = VALUES(error), api_version = VALUES(api_version)")
        .params(
            List.of(
                e.appId(),
                e.changeId(),
                e.resourceId(),
                number,
                ref.namespace(),
                ref.name(),
                ref.kind(),
                ref.apiVersion(),
                op,
                fields))
        .param(error)
        .update();
  }

  /**
   * The app's floor, read with a lock on its row (created if missing): a concurrent prune of the
   * same app either finished before (its floor is seen) or waits until this row is in (and then
   * deletes it). Without the lock a late resource row of a pruned change could survive.
   */
  private static long floor(String appId, JdbcClient jdbc) {
    jdbc.sql(
            "INSERT INTO app_history_floor (app_id, lowest_kept) VALUES (?, 0)"
                + " ON DUPLICATE KEY UPDATE lowest_kept = lowest_kept")
        .param(appId)
        .update();
    return jdbc.sql("SELECT lowest_kept FROM app_history_floor WHERE app_id = ? FOR UPDATE")
        .param(appId)
        .query(Long.class)
        .single();
  }
}
