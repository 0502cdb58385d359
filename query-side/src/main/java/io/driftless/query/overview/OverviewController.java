package io.driftless.query.overview;

import io.driftless.events.ResourceIds;
import io.driftless.query.api.DriftStates;
import io.driftless.query.api.NotFoundException;
import io.driftless.query.overview.LastReconciles.LastReconcile;
import io.driftless.query.projection.Json;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import javax.sql.DataSource;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

/** The apps list and one app's overview. */
@RestController
class OverviewController {

  private static final String COLUMNS =
      "SELECT namespace, name, namespaces, last_change_successful, last_change_at,"
          + " change_in_progress, locked, locked_by, locked_at, lock_reason FROM app_overview";

  private final JdbcClient jdbc;
  private final DriftStates drift;
  private final LastReconciles reconciles;

  OverviewController(DataSource dataSource, DriftStates drift, LastReconciles reconciles) {
    this.jdbc = JdbcClient.create(dataSource);
    this.drift = drift;
    this.reconciles = reconciles;
  }

  @GetMapping("/api/apps")
  List<AppSummary> apps() {
    var built = drift.available();
    var counts = built ? drift.countsOfAll() : Map.<String, DriftStates.Counts>of();
    var none = new DriftStates.Counts(0, 0, 0);
    return jdbc
        .sql(COLUMNS + " WHERE deleted = FALSE ORDER BY namespace, name")
        .query((rs, row) -> summary(rs))
        .list()
        .stream()
        .map(
            app -> {
              if (!built) {
                return app;
              }
              var c = counts.getOrDefault(ResourceIds.appId(app.namespace(), app.name()), none);
              return app.withCounts(c.outOfSync(), c.ghostDiffs());
            })
        .toList();
  }

  @GetMapping("/api/apps/{namespace}/{app}")
  AppOverview app(@PathVariable String namespace, @PathVariable String app) {
    var appId = ResourceIds.appId(namespace, app);
    var summary =
        jdbc.sql(COLUMNS + " WHERE app_id = ? AND deleted = FALSE")
            .param(appId)
            .query((rs, row) -> summary(rs))
            .optional()
            .orElseThrow(() -> new NotFoundException("app " + appId + " is not in the views"));
    var counts = drift.counts(appId);
    var reconcile = reconciles.of(appId);
    return new AppOverview(
        summary.namespace(),
        summary.name(),
        summary.namespaces(),
        summary.lastChangeSuccessful(),
        summary.lastChangeAt(),
        summary.lastChangeAge(),
        summary.changeInProgress(),
        summary.locked(),
        summary.lockedBy(),
        summary.lockedAt(),
        summary.lockReason(),
        counts(appId),
        counts == null ? null : counts.drifted(),
        counts == null ? null : counts.outOfSync(),
        counts == null ? null : counts.ghostDiffs(),
        reconcile.map(LastReconcile::at).orElse(null),
        reconcile.map(LastReconcile::result).orElse(null),
        reconcile.map(LastReconcile::changeId).orElse(null),
        reconcile.map(LastReconcile::error).orElse(null));
  }

  private Map<String, Long> counts(String appId) {
    var counts = new TreeMap<String, Long>();
    jdbc.sql("SELECT kind, live FROM app_resource_count WHERE app_id = ? AND live > 0")
        .param(appId)
        .query(
            rs -> {
              counts.put(rs.getString(1), rs.getLong(2));
            });
    return counts;
  }

  @SuppressWarnings("unchecked")
  private static AppSummary summary(ResultSet rs) throws SQLException {
    var at = rs.getTimestamp(5);
    var lastAt = at == null ? null : at.toInstant();
    var successful = rs.getObject(4) == null ? null : rs.getBoolean(4);
    return new AppSummary(
        rs.getString(1),
        rs.getString(2),
        Json.read(rs.getString(3), List.class),
        successful,
        lastAt,
        lastAt == null ? null : age(lastAt),
        rs.getString(6),
        rs.getBoolean(7),
        rs.getString(8),
        rs.getTimestamp(9) == null ? null : rs.getTimestamp(9).toInstant(),
        rs.getString(10),
        null,
        null);
  }

  private static String age(Instant at) {
    var age = Duration.between(at, Instant.now());
    return (age.isNegative() ? Duration.ZERO : age).withNanos(0).toString();
  }
}
