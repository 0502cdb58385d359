package io.driftless.query.timeline;

import io.driftless.events.ResourceIds;
import io.driftless.query.api.KnownApps;
import io.driftless.query.api.NotBuiltException;
import io.driftless.query.api.NotFoundException;
import io.driftless.query.projection.Json;
import io.driftless.query.projection.ViewBuilds;
import java.time.Instant;
import java.util.List;
import javax.sql.DataSource;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

/**
 * One object's life, newest first: every op with its field diffs, change id and trigger, and its
 * drifts ({@code drift-detected}, {@code drift-corrected}). 503 {@code view_not_built} until the
 * timeline view is built (a rebuild; see the query side's README).
 */
@RestController
class TimelineController {

  private final JdbcClient jdbc;
  private final KnownApps apps;
  private final ViewBuilds builds;
  private final int version = new TimelineProjection().version();

  TimelineController(DataSource dataSource, KnownApps apps) {
    this.jdbc = JdbcClient.create(dataSource);
    this.apps = apps;
    this.builds = new ViewBuilds(jdbc);
  }

  /**
   * One entry of a timeline.
   *
   * @param trigger what started the change ({@code deploy}, {@code reconcile}, {@code delete});
   *     null for an object another app took over (the change is the other app's)
   * @param at when the command side recorded the op
   * @param error the cluster's refusal for a failed op, the new owner for {@code disown}
   * @param changedBy for {@code drift-detected}, the field managers that made the drift (each field
   *     also names its own); null otherwise
   */
  record TimelineEntry(
      String changeId,
      String trigger,
      Instant at,
      String op,
      Object fields,
      String namespace,
      String apiVersion,
      String error,
      String changedBy) {}

  @GetMapping("/api/apps/{namespace}/{app}/resources/{kind}/{name}/timeline")
  List<TimelineEntry> timeline(
      @PathVariable String namespace,
      @PathVariable String app,
      @PathVariable String kind,
      @PathVariable String name) {
    if (!builds.isBuilt(TimelineProjection.NAME, version)) {
      throw new NotBuiltException(
          "the timeline view is not built yet: POST /api/projections/timeline/rebuild builds it"
              + " from the event store");
    }
    var appId = ResourceIds.appId(namespace, app);
    var entries = entries(appId, kind, name);
    if (entries.isEmpty()) {
      apps.require(namespace, app);
      throw new NotFoundException("no " + kind + " " + name + " in the timeline of " + appId);
    }
    return entries;
  }

  private List<TimelineEntry> entries(String appId, String kind, String name) {
    return jdbc.sql(
            "SELECT t.change_id, c.change_trigger, t.recorded_at, t.op, t.fields, t.namespace,"
                + " t.api_version, t.error, t.changed_by FROM resource_timeline t LEFT JOIN timeline_change c"
                + " ON c.app_id = t.app_id AND c.change_id = t.change_id"
                + " WHERE t.app_id = ? AND t.kind = ? AND t.name = ?"
                + " ORDER BY t.recorded_at DESC, t.sequence_number DESC, t.resource_id")
        .params(appId, kind, name)
        .query(
            (rs, row) ->
                new TimelineEntry(
                    rs.getString(1),
                    rs.getString(2),
                    rs.getTimestamp(3).toInstant(),
                    rs.getString(4),
                    Json.read(rs.getString(5), Object.class),
                    rs.getString(6),
                    rs.getString(7),
                    rs.getString(8),
                    rs.getString(9)))
        .list();
  }
}
