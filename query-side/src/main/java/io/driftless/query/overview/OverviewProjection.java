package io.driftless.query.overview;

import io.driftless.events.AppChangeFinished;
import io.driftless.events.AppChangeStarted;
import io.driftless.events.AppDeleted;
import io.driftless.events.EventEnvelope;
import io.driftless.events.ResourceCreated;
import io.driftless.events.ResourceDeleted;
import io.driftless.events.ResourceEvent;
import io.driftless.events.ResourceUpdated;
import io.driftless.query.projection.Json;
import io.driftless.query.projection.Projection;
import java.sql.Timestamp;
import java.util.Set;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Keeps {@code app_overview} (one row per app, App events only, so in order per app) and the shared
 * counters {@code app_resource_count} (every ResourceChange of the app, changed with atomic SQL).
 * {@code overview_resource} remembers whether a resource is counted as live; it is per
 * ResourceChange, so the version check orders its transitions.
 */
public final class OverviewProjection implements Projection {

  public static final String NAME = "overview";

  private static final Set<String> TYPES =
      Set.of(
          "AppChangeStarted",
          "AppChangeFinished",
          "AppDeleted",
          "ResourceCreated",
          "ResourceUpdated",
          "ResourceDeleted");

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
      jdbc.sql(
              "UPDATE app_overview SET change_in_progress = NULL, last_change_id = ?,"
                  + " last_change_at = ?, last_change_successful = ? WHERE app_id = ?")
          .params(e.changeId(), Timestamp.from(e.finishedAt()), e.successful(), e.appId())
          .update();
    } else if (payload instanceof AppDeleted e) {
      jdbc.sql("UPDATE app_overview SET deleted = TRUE WHERE app_id = ?").param(e.appId()).update();
    } else if (payload instanceof ResourceCreated || payload instanceof ResourceUpdated) {
      live((ResourceEvent) payload, true, jdbc);
    } else if (payload instanceof ResourceDeleted e) {
      live(e, false, jdbc);
    }
  }

  private static void started(AppChangeStarted e, JdbcClient jdbc) {
    var slash = e.appId().indexOf('/');
    jdbc.sql(
            "INSERT INTO app_overview (app_id, namespace, name, namespaces, change_in_progress,"
                + " deleted) VALUES (?, ?, ?, ?, ?, FALSE) ON DUPLICATE KEY UPDATE"
                + " namespaces = VALUES(namespaces), change_in_progress = VALUES(change_in_progress),"
                + " deleted = FALSE")
        .params(
            e.appId(),
            e.appId().substring(0, slash),
            e.appId().substring(slash + 1),
            Json.write(e.namespaces()),
            e.changeId())
        .update();
  }

  private static void live(ResourceEvent e, boolean live, JdbcClient jdbc) {
    var was =
        jdbc.sql("SELECT live FROM overview_resource WHERE resource_id = ?")
            .param(e.resourceId())
            .query(Boolean.class)
            .optional()
            .orElse(false);
    if (was == live) {
      return;
    }
    jdbc.sql(
            "INSERT INTO overview_resource (resource_id, live) VALUES (?, ?)"
                + " ON DUPLICATE KEY UPDATE live = VALUES(live)")
        .params(e.resourceId(), live)
        .update();
    jdbc.sql(
            "INSERT INTO app_resource_count (app_id, kind, live) VALUES (?, ?, ?)"
                + " ON DUPLICATE KEY UPDATE live = live + VALUES(live)")
        .params(e.appId(), e.resource().kind(), live ? 1 : -1)
        .update();
  }
}
