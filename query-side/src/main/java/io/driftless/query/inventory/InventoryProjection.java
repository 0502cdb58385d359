package io.driftless.query.inventory;

import io.driftless.events.EventCatalog;
import io.driftless.events.EventEnvelope;
import io.driftless.events.ResourceApplyFailed;
import io.driftless.events.ResourceCreated;
import io.driftless.events.ResourceDeleted;
import io.driftless.events.ResourceEvent;
import io.driftless.events.ResourceUpdated;
import io.driftless.query.projection.Projection;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Keeps {@code resource_inventory}, one row per ResourceChange (so every row has one source
 * aggregate and the version check orders its changes). A failed apply records the attempt as {@code
 * <op>-failed} and keeps the applied hash and liveness it had.
 */
public final class InventoryProjection implements Projection {

  public static final String NAME = "inventory";

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public boolean follows(String aggregateType) {
    return EventCatalog.RESOURCE_CHANGE.equals(aggregateType);
  }

  @Override
  public boolean handles(String eventType) {
    return eventType.startsWith("Resource");
  }

  @Override
  public void apply(EventEnvelope event, JdbcClient jdbc) {
    var payload = event.payload();
    if (payload instanceof ResourceCreated e) {
      upsert(e, "create", e.appliedHash(), true, jdbc);
    } else if (payload instanceof ResourceUpdated e) {
      upsert(e, "update", e.appliedHash(), true, jdbc);
    } else if (payload instanceof ResourceDeleted e) {
      upsert(e, "delete", null, false, jdbc);
    } else if (payload instanceof ResourceApplyFailed e) {
      failed(e, jdbc);
    }
  }

  private static void upsert(
      ResourceEvent e, String op, String hash, boolean live, JdbcClient jdbc) {
    var ref = e.resource();
    jdbc.sql(
            "INSERT INTO resource_inventory (resource_id, app_id, namespace, name, kind,"
                + " api_version, last_op, last_change_id, applied_hash, live)"
                + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON DUPLICATE KEY UPDATE"
                + " api_version = VALUES(api_version), last_op = VALUES(last_op),"
                + " last_change_id = VALUES(last_change_id), applied_hash = VALUES(applied_hash),"
                + " live = VALUES(live)")
        .params(
            e.resourceId(),
            e.appId(),
            ref.namespace(),
            ref.name(),
            ref.kind(),
            ref.apiVersion(),
            op,
            e.changeId(),
            hash,
            live)
        .update();
  }

  private static void failed(ResourceApplyFailed e, JdbcClient jdbc) {
    var ref = e.resource();
    jdbc.sql(
            "INSERT INTO resource_inventory (resource_id, app_id, namespace, name, kind,"
                + " api_version, last_op, last_change_id, applied_hash, live)"
                + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, NULL, FALSE) ON DUPLICATE KEY UPDATE"
                + " last_op = VALUES(last_op), last_change_id = VALUES(last_change_id)")
        .params(
            e.resourceId(),
            e.appId(),
            ref.namespace(),
            ref.name(),
            ref.kind(),
            ref.apiVersion(),
            e.op() + "-failed",
            e.changeId())
        .update();
  }
}
