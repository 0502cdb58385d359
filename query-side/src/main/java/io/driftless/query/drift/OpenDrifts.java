package io.driftless.query.drift;

import io.driftless.events.DriftCorrected;
import io.driftless.events.DriftDetected;
import io.driftless.events.EventEnvelope;
import io.driftless.events.FieldChange;
import io.driftless.events.ResourceEvent;
import io.driftless.query.projection.Json;
import io.driftless.query.projection.MultiRow;
import io.driftless.query.projection.ViewTimes;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The {@code resource_drift} rows of one batch: each ResourceChange's open drift, read once,
 * changed by the batch's {@link DriftDetected} and {@link DriftCorrected} in order, written back
 * (or deleted once no path is drifted). A row belongs to one ResourceChange, whose offset the
 * applier holds locked, so reading it and writing it back is safe. {@code drift_since} is the time
 * of the detection that opened the drift; it stays while any path of it is open. {@code
 * changed_by}: the distinct field managers of the open paths, in the order detected, joined by
 * {@code ", "}; null when the cluster named none.
 */
final class OpenDrifts {

  private final Map<String, List<EventEnvelope>> events = new TreeMap<>();

  /** Takes a drift event (others are ignored). */
  void add(EventEnvelope event) {
    if (event.payload() instanceof DriftDetected || event.payload() instanceof DriftCorrected) {
      var id = ((ResourceEvent) event.payload()).resourceId();
      events.computeIfAbsent(id, k -> new ArrayList<>()).add(event);
    }
  }

  /** One ResourceChange's open drift. */
  private static final class Row {
    String appId;
    String changeId;
    Instant since;
    Map<String, String> paths = new LinkedHashMap<>();

    void detected(DriftDetected e, Instant at) {
      if (paths.isEmpty()) {
        since = at;
      }
      appId = e.appId();
      changeId = e.changeId();
      for (FieldChange field : e.fields()) {
        paths.remove(field.path());
        paths.put(field.path(), field.changedBy());
      }
    }

    String changedBy() {
      var managers = new LinkedHashSet<String>();
      paths.values().stream().filter(m -> m != null).forEach(managers::add);
      return managers.isEmpty() ? null : String.join(", ", managers);
    }
  }

  /** Writes what the batch's events changed. */
  void flush(JdbcClient jdbc) {
    if (events.isEmpty()) {
      return;
    }
    var rows = read(jdbc);
    var written = new ArrayList<Object[]>();
    var deleted = new ArrayList<Object[]>();
    events.forEach(
        (id, list) -> {
          var row = rows.computeIfAbsent(id, k -> new Row());
          for (var event : list) {
            if (event.payload() instanceof DriftDetected e) {
              row.detected(e, e.at() == null ? event.occurredAt() : e.at());
            } else if (event.payload() instanceof DriftCorrected e) {
              e.paths().forEach(row.paths::remove);
            }
          }
          if (row.paths.isEmpty()) {
            deleted.add(new Object[] {id});
          } else {
            written.add(
                new Object[] {
                  id,
                  row.appId,
                  row.changeId,
                  ViewTimes.micros(row.since),
                  row.changedBy(),
                  Json.write(row.paths)
                });
          }
        });
    MultiRow.where(jdbc, "DELETE FROM resource_drift WHERE ", "resource_id = ?", deleted, "");
    MultiRow.insert(
        jdbc,
        "INSERT INTO resource_drift (resource_id, app_id, change_id, drift_since, changed_by,"
            + " paths) VALUES ",
        written,
        " ON DUPLICATE KEY UPDATE app_id = VALUES(app_id), change_id = VALUES(change_id),"
            + " drift_since = VALUES(drift_since), changed_by = VALUES(changed_by),"
            + " paths = VALUES(paths)");
  }

  @SuppressWarnings("unchecked")
  private Map<String, Row> read(JdbcClient jdbc) {
    var rows = new TreeMap<String, Row>();
    MultiRow.select(
        jdbc,
        "SELECT resource_id, app_id, change_id, drift_since, paths FROM resource_drift"
            + " WHERE resource_id IN (",
        List.of(),
        List.copyOf(events.keySet()),
        ")",
        rs -> {
          var row = new Row();
          row.appId = rs.getString(2);
          row.changeId = rs.getString(3);
          row.since = rs.getTimestamp(4).toInstant();
          row.paths = new LinkedHashMap<>(Json.read(rs.getString(5), LinkedHashMap.class));
          rows.put(rs.getString(1), row);
        });
    return rows;
  }
}
