package io.driftless.query.projection;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Map;
import java.util.TreeMap;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * {@code projection_status}: per view, the stored time of the newest event it applied and how many
 * events it has applied. Written in the batch's transaction, so it is exactly as current as the
 * view, whichever process applied the batch, and it survives restarts. The rows are written last
 * and in name order: a batch holds them only for its commit, and concurrent batches take them in
 * the same order.
 */
final class LastEvents {

  private LastEvents() {}

  /**
   * Raises the views' times to the batch's newest applied events (never lowers them) and adds the
   * batch's applied events to their counts.
   *
   * @param newest per view that applied events in the batch, the newest one's stored time
   * @param applied per view, how many events the batch applied (the same views)
   */
  static void save(JdbcClient jdbc, Map<String, Instant> newest, Map<String, Long> applied) {
    if (newest.isEmpty()) {
      return;
    }
    var rows = new ArrayList<Object[]>();
    new TreeMap<>(newest)
        .forEach(
            (view, at) ->
                rows.add(
                    new Object[] {view, ViewTimes.millis(at), applied.getOrDefault(view, 0L)}));
    MultiRow.insert(
        jdbc,
        "INSERT INTO projection_status (projection, last_event_at, applied) VALUES ",
        rows,
        " ON DUPLICATE KEY UPDATE last_event_at = GREATEST(last_event_at, VALUES(last_event_at)),"
            + " applied = applied + VALUES(applied)");
  }

  /**
   * The most events any one view has applied: {@code Driftless-View-Position}. Every view that
   * follows all aggregate types reaches the store's count once it has applied every event.
   */
  static long position(JdbcClient jdbc) {
    return jdbc.sql("SELECT COALESCE(MAX(applied), 0) FROM projection_status")
        .query(Long.class)
        .single();
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
