package io.driftless.query.support;

import io.driftless.events.AppChangeStarted;
import io.driftless.events.EventEnvelope;
import io.driftless.events.ResourceApplyFailed;
import io.driftless.events.ResourceCreated;
import io.driftless.events.ResourceDeleted;
import io.driftless.events.ResourceDisowned;
import io.driftless.events.ResourceEvent;
import io.driftless.events.ResourceUpdated;
import java.util.HashMap;
import java.util.List;
import java.util.TreeSet;
import javax.sql.DataSource;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The oracle of the timeline view: per resource event one row {@code resourceId|sequence|changeId|
 * trigger|op}, computed from the events with plain maps; and the same rows read from the tables.
 */
public final class TimelineFold {

  private TimelineFold() {}

  public static TreeSet<String> expected(List<EventEnvelope> storeOrder) {
    var triggers = new HashMap<String, String>();
    storeOrder.forEach(
        e -> {
          if (e.payload() instanceof AppChangeStarted s) {
            triggers.put(s.appId() + "|" + s.changeId(), s.trigger().wireName());
          }
        });
    var rows = new TreeSet<String>();
    for (var e : storeOrder) {
      if (e.payload() instanceof ResourceEvent r) {
        rows.add(
            String.join(
                "|",
                r.resourceId(),
                Long.toString(e.sequence()),
                r.changeId(),
                String.valueOf(triggers.get(r.appId() + "|" + r.changeId())),
                op(r)));
      }
    }
    return rows;
  }

  private static String op(ResourceEvent r) {
    if (r instanceof ResourceCreated) {
      return "create";
    }
    if (r instanceof ResourceUpdated) {
      return "update";
    }
    if (r instanceof ResourceDeleted) {
      return "delete";
    }
    if (r instanceof ResourceApplyFailed f) {
      return f.op();
    }
    if (r instanceof ResourceDisowned) {
      return "disown";
    }
    if (r instanceof io.driftless.events.DriftDetected) {
      return "drift-detected";
    }
    if (r instanceof io.driftless.events.DriftCorrected) {
      return "drift-corrected";
    }
    throw new IllegalArgumentException("unknown resource event " + r);
  }

  public static TreeSet<String> actual(DataSource dataSource) {
    return new TreeSet<>(
        new JdbcTemplate(dataSource)
            .query(
                "SELECT t.resource_id, t.sequence_number, t.change_id, c.change_trigger, t.op"
                    + " FROM resource_timeline t LEFT JOIN timeline_change c"
                    + " ON c.app_id = t.app_id AND c.change_id = t.change_id",
                (rs, i) ->
                    String.join(
                        "|",
                        rs.getString(1),
                        rs.getString(2),
                        rs.getString(3),
                        String.valueOf(rs.getString(4)),
                        rs.getString(5))));
  }
}
