package io.driftless.query.timeline;

import io.driftless.events.AppChangeStarted;
import io.driftless.events.DriftCorrected;
import io.driftless.events.DriftDetected;
import io.driftless.events.EventEnvelope;
import io.driftless.events.ResourceApplyFailed;
import io.driftless.events.ResourceCreated;
import io.driftless.events.ResourceDeleted;
import io.driftless.events.ResourceDisowned;
import io.driftless.events.ResourceEvent;
import io.driftless.events.ResourceUpdated;
import io.driftless.query.projection.Json;
import io.driftless.query.projection.MultiRow;
import io.driftless.query.projection.Projection;
import io.driftless.query.projection.ViewIdentity;
import io.driftless.query.projection.ViewTimes;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Keeps {@code resource_timeline} (one row per resource event, keyed by the ResourceChange's
 * sequence, so the version check makes each row appear once) and {@code timeline_change} (each
 * change's trigger, from the App's {@code AppChangeStarted}; joined at query time, as the two
 * aggregates' events may arrive in any order). Rows are only added, never changed: a batch is two
 * multi-row inserts. A drift is two entries: {@code drift-detected} (its fields with their {@code
 * changedBy}, the managers in {@code changed_by}; its change is the one that last wrote the object)
 * and {@code drift-corrected} (the paths put back, as {@code [{"path": ...}]}, with the change
 * whose write ended it). The fold keeps version 1: the drift events are newer than any view built
 * before them.
 */
public final class TimelineProjection implements Projection {

  public static final String NAME = "timeline";

  private static final ViewIdentity IDENTITY =
      ViewIdentity.of(
          NAME,
          List.of("resource_timeline", "timeline_change"),
          AppChangeStarted.class,
          ResourceCreated.class,
          ResourceUpdated.class,
          ResourceDeleted.class,
          ResourceApplyFailed.class,
          ResourceDisowned.class,
          DriftDetected.class,
          DriftCorrected.class);

  @Override
  public ViewIdentity identity() {
    return IDENTITY;
  }

  @Override
  public Batch batch() {
    return new TimelineBatch();
  }

  private static final class TimelineBatch implements Batch {

    private final List<Object[]> entries = new ArrayList<>();
    private final List<Object[]> changes = new ArrayList<>();

    @Override
    public void add(EventEnvelope event) {
      var payload = event.payload();
      if (payload instanceof AppChangeStarted e) {
        changes.add(new Object[] {e.appId(), e.changeId(), e.trigger().wireName()});
      } else if (payload instanceof ResourceCreated e) {
        entry(event, e, "create", Json.write(e.fields()), null, e.at());
      } else if (payload instanceof ResourceUpdated e) {
        entry(event, e, "update", Json.write(e.fields()), null, e.at());
      } else if (payload instanceof ResourceDeleted e) {
        entry(event, e, "delete", "[]", null, e.at());
      } else if (payload instanceof ResourceApplyFailed e) {
        entry(event, e, e.op(), "[]", e.reason(), e.at());
      } else if (payload instanceof ResourceDisowned e) {
        entry(event, e, "disown", "[]", "taken over by " + e.newOwnerApp(), e.at());
      } else if (payload instanceof DriftDetected e) {
        entry(event, e, "drift-detected", Json.write(e.fields()), null, e.at(), managers(e));
      } else if (payload instanceof DriftCorrected e) {
        var paths = e.paths().stream().map(path -> Map.of("path", path)).toList();
        entry(event, e, "drift-corrected", Json.write(paths), null, e.at());
      }
    }

    private void entry(
        EventEnvelope event, ResourceEvent e, String op, String fields, String error, Instant at) {
      entry(event, e, op, fields, error, at, null);
    }

    /** The distinct managers of a drift's fields, in order, joined by ", "; null for none. */
    private static String managers(DriftDetected e) {
      var managers = new LinkedHashSet<String>();
      e.fields().stream().map(f -> f.changedBy()).filter(m -> m != null).forEach(managers::add);
      return managers.isEmpty() ? null : String.join(", ", managers);
    }

    private void entry(
        EventEnvelope event,
        ResourceEvent e,
        String op,
        String fields,
        String error,
        Instant at,
        String changedBy) {
      var ref = e.resource();
      entries.add(
          new Object[] {
            e.resourceId(),
            event.sequence(),
            e.appId(),
            ref.namespace(),
            ref.name(),
            ref.kind(),
            ref.apiVersion(),
            e.changeId(),
            op,
            fields,
            error,
            ViewTimes.micros(at == null ? event.occurredAt() : at),
            changedBy
          });
    }

    @Override
    public void flush(JdbcClient jdbc) {
      MultiRow.insert(
          jdbc,
          "INSERT INTO resource_timeline (resource_id, sequence_number, app_id, namespace, name,"
              + " kind, api_version, change_id, op, fields, error, recorded_at, changed_by)"
              + " VALUES ",
          entries,
          " ON DUPLICATE KEY UPDATE op = VALUES(op)");
      MultiRow.insert(
          jdbc,
          "INSERT INTO timeline_change (app_id, change_id, change_trigger) VALUES ",
          changes,
          " ON DUPLICATE KEY UPDATE change_trigger = VALUES(change_trigger)");
    }
  }
}
