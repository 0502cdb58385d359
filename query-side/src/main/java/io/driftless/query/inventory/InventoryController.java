package io.driftless.query.inventory;

import io.driftless.events.ResourceIds;
import io.driftless.query.api.KnownApps;
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

  InventoryController(DataSource dataSource, KnownApps apps) {
    this.jdbc = JdbcClient.create(dataSource);
    this.apps = apps;
  }

  /** One object of the inventory; drift comes with the reconciler. */
  record InventoryItem(
      String namespace,
      String name,
      String kind,
      String apiVersion,
      String lastOp,
      String lastChangeId,
      String appliedHash,
      boolean live,
      String drift) {}

  @GetMapping("/api/apps/{namespace}/{app}/resources")
  List<InventoryItem> resources(@PathVariable String namespace, @PathVariable String app) {
    var items = items(namespace, app);
    if (items.isEmpty()) {
      apps.require(namespace, app);
    }
    return items;
  }

  private List<InventoryItem> items(String namespace, String app) {
    return jdbc.sql(
            "SELECT namespace, name, kind, api_version, last_op, last_change_id, applied_hash,"
                + " live FROM resource_inventory WHERE app_id = ?"
                + " ORDER BY kind, namespace, name")
        .param(ResourceIds.appId(namespace, app))
        .query(
            (rs, row) ->
                new InventoryItem(
                    rs.getString(1),
                    rs.getString(2),
                    rs.getString(3),
                    rs.getString(4),
                    rs.getString(5),
                    rs.getString(6),
                    rs.getString(7),
                    rs.getBoolean(8),
                    null))
        .list();
  }
}
