package io.driftless.query.inventory;

import io.driftless.events.ResourceIds;
import io.driftless.query.api.DriftStates;
import io.driftless.query.api.KnownApps;
import java.time.Instant;
import java.util.List;
import javax.sql.DataSource;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

/** The inventory of one app: every object it has or had, with its last op. */
@RestController
class InventoryController {

  private final JdbcClient jdbc;
  private final KnownApps apps;
  private final DriftStates drift;

  InventoryController(DataSource dataSource, KnownApps apps, DriftStates drift) {
    this.jdbc = JdbcClient.create(dataSource);
    this.apps = apps;
    this.drift = drift;
  }

  /**
   * One object of the inventory (query side README, "Drift and ghost diffs").
   *
   * @param drift {@code in-sync}, {@code corrected}, {@code failed}, {@code ghost-diff} or {@code
   *     yielded}; null while the drift view is not built
   * @param driftChangeId the change the drift state comes from (null when in sync)
   * @param driftAt when: that change's start, the ghost diff's last sighting, the yield, or the
   *     drift's detection
   * @param driftSince when the open drift began ({@code DriftDetected}); null when in sync
   * @param driftChangedBy the field managers that made the open drift; null when in sync or unknown
   */
  record InventoryItem(
      String namespace,
      String name,
      String kind,
      String apiVersion,
      String lastOp,
      String lastChangeId,
      String appliedHash,
      boolean live,
      String drift,
      String driftChangeId,
      Instant driftAt,
      Instant driftSince,
      String driftChangedBy) {}

  @GetMapping("/api/apps/{namespace}/{app}/resources")
  List<InventoryItem> resources(@PathVariable String namespace, @PathVariable String app) {
    var items = items(namespace, app);
    if (items.isEmpty()) {
      apps.require(namespace, app);
    }
    var states = drift.of(ResourceIds.appId(namespace, app));
    return items.stream().map(row -> row.withDrift(states.get(row.resourceId()))).toList();
  }

  /** A row of {@code resource_inventory}, before its drift state is known. */
  private record Row(String resourceId, InventoryItem item) {

    InventoryItem withDrift(DriftStates.Drift state) {
      if (state == null) {
        return item;
      }
      return new InventoryItem(
          item.namespace(),
          item.name(),
          item.kind(),
          item.apiVersion(),
          item.lastOp(),
          item.lastChangeId(),
          item.appliedHash(),
          item.live(),
          state.state(),
          state.changeId(),
          state.at(),
          state.since(),
          state.changedBy());
    }
  }

  private List<Row> items(String namespace, String app) {
    return jdbc.sql(
            "SELECT namespace, name, kind, api_version, last_op, last_change_id, applied_hash,"
                + " live, resource_id FROM resource_inventory WHERE app_id = ?"
                + " ORDER BY kind, namespace, name")
        .param(ResourceIds.appId(namespace, app))
        .query(
            (rs, row) ->
                new Row(
                    rs.getString(9),
                    new InventoryItem(
                        rs.getString(1),
                        rs.getString(2),
                        rs.getString(3),
                        rs.getString(4),
                        rs.getString(5),
                        rs.getString(6),
                        rs.getString(7),
                        rs.getBoolean(8),
                        null,
                        null,
                        null,
                        null,
                        null)))
        .list();
  }
}
