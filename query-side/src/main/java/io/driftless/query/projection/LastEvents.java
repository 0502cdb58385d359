package io.driftless.query.projection;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Map;
import java.util.TreeMap;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * {@code projection_status}: per view, the stored time of the newest event it applied. Written in
 * the batch's transaction, so it is exactly as current as the view, whichever process applied the
 * batch, and it survives restarts. The rows are written last and in name order: a batch holds them
 * only for its commit, and concurrent batches take them in the same order.
 */
final class LastEvents {

  private LastEvents() {}

  /** Raises the views' times to the batch's newest applied events (never lowers them). */
  static void save(JdbcClient jdbc, Map<String, Instant> newest) {
    if (newest.isEmpty()) {
      return;
    }
    var rows = new ArrayList<Object[]>();
    new TreeMap<>(newest).forEach((view, at) -> rows.add(new Object[] {view, Timestamp.from(at)}));
    MultiRow.insert(
        jdbc,
        "INSERT INTO projection_status (projection, last_event_at) VALUES ",
        rows,
        " ON DUPLICATE KEY UPDATE last_event_at = GREATEST(last_event_at, VALUES(last_event_at))");
  }

  static Instant later(Instant a, Instant b) {
    return a.isAfter(b) ? a : b;
  }

  static Map<String, Instant> read(JdbcClient jdbc) {
    var times = new TreeMap<String, Instant>();
    jdbc.sql("SELECT projection, last_event_at FROM projection_status")
        .query(
            rs -> {
              times.put(rs.getString(1), rs.getTimestamp(2).toInstant());
            });
    return times;
  }
}
