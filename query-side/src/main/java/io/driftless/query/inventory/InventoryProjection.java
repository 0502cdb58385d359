package io.driftless.query.inventory;

import io.driftless.events.EventCatalog;
import io.driftless.events.EventEnvelope;
import io.driftless.events.ResourceApplyFailed;
import io.driftless.events.ResourceCreated;
import io.driftless.events.ResourceDeleted;
import io.driftless.events.ResourceDisowned;
import io.driftless.events.ResourceEvent;
import io.driftless.events.ResourceRef;
import io.driftless.events.ResourceUpdated;
import io.driftless.query.projection.MultiRow;
import io.driftless.query.projection.Projection;
import io.driftless.query.projection.ViewIdentity;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Keeps {@code resource_inventory}, one row per ResourceChange (so every row has one source
 * aggregate and the version check orders its changes). A failed apply records the attempt as {@code
 * <op>-failed} and keeps the applied hash and liveness it had. An object another app took over
 * ({@link ResourceDisowned}) leaves the app's inventory: its row is dropped (a later apply by the
 * same app writes a new one).
 */
public final class InventoryProjection implements Projection {

  public static final String NAME = "inventory";

  private static final ViewIdentity IDENTITY =
      new ViewIdentity(
          NAME,
          List.of("resource_inventory"),
          EventCatalog.RESOURCE_CHANGE::equals,
          eventType -> eventType.startsWith("Resource"));

  @Override
  public ViewIdentity identity() {
    return IDENTITY;
  }

  @Override
  public Batch batch() {
    return new InventoryBatch();
  }

  /**
   * The last state per resource in the batch; one delete for rows dropped by a disown, then one
   * upsert for full rows and one for failed attempts. A row written after a disown in the same
   * batch starts from nothing, as it would one event at a time: the delete goes first.
   */
  private static final class InventoryBatch implements Batch {

    private final Map<String, Row> rows = new TreeMap<>();
    private final Set<String> dropped = new TreeSet<>();

    @Override
    public void add(EventEnvelope event) {
      var payload = event.payload();
      if (payload instanceof ResourceDisowned e) {
        rows.remove(e.resourceId());
        dropped.add(e.resourceId());
      } else if (payload instanceof ResourceCreated e) {
        rows.put(e.resourceId(), Row.full(e, "create", e.appliedHash(), true));
      } else if (payload instanceof ResourceUpdated e) {
        rows.put(e.resourceId(), Row.full(e, "update", e.appliedHash(), true));
      } else if (payload instanceof ResourceDeleted e) {
        rows.put(e.resourceId(), Row.full(e, "delete", null, false));
      } else if (payload instanceof ResourceApplyFailed e) {
        var op = e.op() + "-failed";
        rows.compute(
            e.resourceId(),
            (id, row) -> row == null ? Row.failed(e, op) : row.attempted(op, e.changeId()));
      }
    }

    @Override
    public void flush(JdbcClient jdbc) {
      MultiRow.where(
          jdbc,
          "DELETE FROM resource_inventory WHERE ",
          "resource_id = ?",
          dropped.stream().map(id -> new Object[] {id}).toList(),
          "");
      var head =
          "INSERT INTO resource_inventory (resource_id, app_id, namespace, name, kind,"
              + " api_version, last_op, last_change_id, applied_hash, live) VALUES ";
      var full = new ArrayList<Object[]>();
      var failed = new ArrayList<Object[]>();
      rows.forEach((id, row) -> (row.full() ? full : failed).add(row.values(id)));
      MultiRow.insert(
          jdbc,
          head,
          full,
          " ON DUPLICATE KEY UPDATE api_version = VALUES(api_version), last_op = VALUES(last_op),"
              + " last_change_id = VALUES(last_change_id), applied_hash = VALUES(applied_hash),"
              + " live = VALUES(live)");
      // A failed attempt on a row from an earlier batch keeps its hash and liveness.
      MultiRow.insert(
          jdbc,
          head,
          failed,
          " ON DUPLICATE KEY UPDATE last_op = VALUES(last_op),"
              + " last_change_id = VALUES(last_change_id)");
    }
  }

  /**
   * A resource's row after the batch's events: {@code full} if an apply in this batch set all of
   * it, otherwise only {@code lastOp} and {@code lastChangeId} of a failed attempt are news.
   */
  private record Row(
      boolean full,
      String appId,
      ResourceRef ref,
      String lastOp,
      String lastChangeId,
      String appliedHash,
      boolean live) {

    static Row full(ResourceEvent e, String op, String hash, boolean live) {
      return new Row(true, e.appId(), e.resource(), op, e.changeId(), hash, live);
    }

    static Row failed(ResourceEvent e, String op) {
      return new Row(false, e.appId(), e.resource(), op, e.changeId(), null, false);
    }

    Row attempted(String op, String changeId) {
      return new Row(full, appId, ref, op, changeId, appliedHash, live);
    }

    Object[] values(String resourceId) {
      return new Object[] {
        resourceId,
        appId,
        ref.namespace(),
        ref.name(),
        ref.kind(),
        ref.apiVersion(),
        lastOp,
        lastChangeId,
        appliedHash,
        live
      };
    }
  }
}
