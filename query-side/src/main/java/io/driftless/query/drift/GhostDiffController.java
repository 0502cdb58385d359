package io.driftless.query.drift;

import io.driftless.events.AppId;
import io.driftless.events.ResourceRef;
import io.driftless.query.api.BadParameterException;
import io.driftless.query.api.KnownApps;
import io.driftless.query.api.NotBuiltException;
import io.driftless.query.projection.Json;
import io.driftless.query.projection.ViewBuilds;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import javax.sql.DataSource;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /api/ghost-diffs?app=}: the ghost diffs the reconciler reported, of one app ({@code
 * app=default/simple-app}) or of all (no {@code app}), yielded ones included and marked. 503 {@code
 * view_not_built} until the drift view is built.
 */
@RestController
class GhostDiffController {

  private static final String COLUMNS =
      "SELECT app_id, namespace, name, kind, api_version, path, desired_value, live_value, flips,"
          + " last_seen_at, suggested_rebase_rule, policy, change_id, yielded, yielded_change_id,"
          + " yielded_at, changed_by FROM ghost_diff";

  private static final String ORDER = " ORDER BY app_id, kind, namespace, name, path";

  private final JdbcClient jdbc;
  private final KnownApps apps;
  private final ViewBuilds builds;
  private final int version = new DriftProjection().version();

  GhostDiffController(DataSource dataSource, KnownApps apps) {
    this.jdbc = JdbcClient.create(dataSource);
    this.apps = apps;
    this.builds = new ViewBuilds(jdbc);
  }

  /**
   * One ghost diff.
   *
   * @param app {@code namespace/app}
   * @param desired the value Driftless writes, live the value the cluster keeps setting (Secret
   *     values only as keyed fingerprints, as in the events)
   * @param changeId the reconcile change that last saw the flip
   * @param yielded whether Driftless yielded the field ({@code yield} policy): it keeps the live
   *     value from {@code yieldedChangeId} on
   * @param changedBy the field manager that set the live value, as the cluster's {@code
   *     managedFields} said (e.g. {@code kube-controller-manager}, an HPA's scale); null when it
   *     did not say
   */
  record GhostDiff(
      String app,
      ResourceRef resource,
      String path,
      Object desired,
      Object live,
      int flips,
      Instant lastSeenAt,
      String suggestedRebaseRule,
      String policy,
      String changeId,
      boolean yielded,
      String yieldedChangeId,
      Instant yieldedAt,
      String changedBy) {}

  @GetMapping("/api/ghost-diffs")
  List<GhostDiff> ghostDiffs(@RequestParam(required = false) String app) {
    // namespace/app, both DNS-1123 labels as the command side requires.
    var id = AppId.tryParse(app).filter(AppId::hasDnsLabels);
    if (app != null && id.isEmpty()) {
      throw new BadParameterException(
          "app", "namespace/app, both DNS-1123 labels, e.g. default/simple-app", app);
    }
    if (!builds.isBuilt(DriftProjection.NAME, version)) {
      throw new NotBuiltException(
          "the drift view is not built yet: POST /api/projections/drift/rebuild builds it from the"
              + " event store");
    }
    if (app == null) {
      return jdbc.sql(COLUMNS + ORDER).query((rs, row) -> ghostDiff(rs)).list();
    }
    apps.require(id.get().namespace(), id.get().name());
    return jdbc.sql(COLUMNS + " WHERE app_id = ?" + ORDER)
        .param(app)
        .query((rs, row) -> ghostDiff(rs))
        .list();
  }

  private static GhostDiff ghostDiff(ResultSet rs) throws SQLException {
    return new GhostDiff(
        rs.getString(1),
        new ResourceRef(rs.getString(5), rs.getString(4), rs.getString(2), rs.getString(3)),
        rs.getString(6),
        json(rs.getString(7)),
        json(rs.getString(8)),
        rs.getInt(9),
        instant(rs.getTimestamp(10)),
        rs.getString(11),
        rs.getString(12),
        rs.getString(13),
        rs.getBoolean(14),
        rs.getString(15),
        instant(rs.getTimestamp(16)),
        rs.getString(17));
  }

  private static Object json(String text) {
    return text == null ? null : Json.read(text, Object.class);
  }

  private static Instant instant(Timestamp timestamp) {
    return timestamp == null ? null : timestamp.toInstant();
  }
}
