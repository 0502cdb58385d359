package io.driftless.query.history;

import io.driftless.events.ChangeIds;
import io.driftless.events.ResourceIds;
import io.driftless.query.api.BadParameterException;
import io.driftless.query.api.KnownApps;
import io.driftless.query.api.NotFoundException;
import io.driftless.query.projection.Json;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** The app-change history of one app: the list, newest first, and one change in full. */
@RestController
@RequestMapping("/api/apps/{namespace}/{app}/changes")
class HistoryController {

  private static final String COLUMNS = "SELECT " + ChangeSummary.COLUMNS + " FROM app_change";

  private final JdbcClient jdbc;
  private final KnownApps apps;

  HistoryController(DataSource dataSource, KnownApps apps) {
    this.jdbc = JdbcClient.create(dataSource);
    this.apps = apps;
  }

  @GetMapping
  List<ChangeSummary> changes(
      @PathVariable String namespace,
      @PathVariable String app,
      @RequestParam(defaultValue = "50") String limit,
      @RequestParam(required = false) String before) {
    var rows = limit(limit);
    var beforeNumber = before == null ? Long.MAX_VALUE : changeNumber(before);
    var changes =
        jdbc.sql(
                COLUMNS
                    + " WHERE app_id = ? AND change_number < ? ORDER BY change_number DESC LIMIT ?")
            .params(ResourceIds.appId(namespace, app), beforeNumber, rows)
            .query((rs, row) -> ChangeSummary.read(rs, 1))
            .list();
    if (changes.isEmpty()) {
      apps.require(namespace, app);
    }
    return changes;
  }

  /** 1 to 1000 ({@link ChangeSummary#MAX_LIMIT}). */
  static int limit(String value) {
    try {
      var limit = Integer.parseInt(value.trim());
      if (limit >= 1 && limit <= ChangeSummary.MAX_LIMIT) {
        return limit;
      }
    } catch (NumberFormatException e) {
      // answered below
    }
    throw new BadParameterException(
        "limit", "a whole number from 1 to " + ChangeSummary.MAX_LIMIT, value);
  }

  private static long changeNumber(String before) {
    return ChangeIds.parse(before)
        .orElseThrow(
            () ->
                new BadParameterException(
                    "before", "a change id such as simple-app-change-000007", before));
  }

  @GetMapping("/{changeId}")
  ChangeDetail change(
      @PathVariable String namespace, @PathVariable String app, @PathVariable String changeId) {
    var appId = ResourceIds.appId(namespace, app);
    var change =
        jdbc.sql(COLUMNS + " WHERE app_id = ? AND change_id = ?")
            .params(appId, changeId)
            .query((rs, row) -> detail(rs, List.of()))
            .optional();
    if (change.isEmpty()) {
      apps.require(namespace, app);
      throw new NotFoundException("no change " + changeId + " of " + appId);
    }
    var resources = new ArrayList<>(resources(appId, changeId));
    resources.addAll(ghosts(appId, changeId));
    return change.get().withChanges(resources);
  }

  private static ChangeDetail detail(ResultSet rs, List<ChangeDetail.ResourceChangeView> resources)
      throws SQLException {
    var summary = ChangeSummary.read(rs, 1);
    return new ChangeDetail(
        summary.changeId(),
        summary.trigger(),
        summary.startedAt(),
        summary.finishedAt(),
        summary.successful(),
        summary.description(),
        summary.namespaces(),
        summary.error(),
        summary.actor(),
        summary.client(),
        summary.message(),
        summary.meta(),
        summary.rolledBackTo(),
        resources);
  }

  /**
   * The change's resources in the order the command side applied them (the time it recorded each,
   * after its cluster write); rows from before that time was kept come first, by resource id.
   */
  private List<ChangeDetail.ResourceChangeView> resources(String appId, String changeId) {
    return jdbc.sql(
            "SELECT namespace, name, kind, api_version, op, fields, error FROM app_change_resource"
                + " WHERE app_id = ? AND change_id = ? ORDER BY applied_at, resource_id")
        .params(appId, changeId)
        .query(
            (rs, row) ->
                new ChangeDetail.ResourceChangeView(
                    rs.getString(1),
                    rs.getString(2),
                    rs.getString(3),
                    rs.getString(4),
                    rs.getString(5),
                    "",
                    waitTo(rs.getString(5)),
                    Json.read(rs.getString(6), Object.class),
                    rs.getString(7) == null ? "applied" : "failed",
                    rs.getString(7)))
        .list();
  }

  /**
   * The change's ghost-diff reports and yield decisions (ops {@code ghost-diff}, {@code yield}),
   * after its resource ops, in the order the command side recorded them.
   */
  private List<ChangeDetail.ResourceChangeView> ghosts(String appId, String changeId) {
    return jdbc.sql(
            "SELECT namespace, name, kind, api_version, op, fields FROM app_change_ghost"
                + " WHERE app_id = ? AND change_id = ?"
                + " ORDER BY recorded_at, resource_id, op, path_key")
        .params(appId, changeId)
        .query(
            (rs, row) ->
                new ChangeDetail.ResourceChangeView(
                    rs.getString(1),
                    rs.getString(2),
                    rs.getString(3),
                    rs.getString(4),
                    rs.getString(5),
                    "",
                    "noop",
                    Json.read(rs.getString(6), Object.class),
                    null,
                    null))
        .list();
  }

  private static String waitTo(String op) {
    return switch (op) {
      case "create", "update" -> "reconcile";
      case "delete" -> "delete";
      default -> "noop";
    };
  }
}
