package io.driftless.query.projection;

import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * {@code projection_offset}: the last sequence each view applied per source aggregate. A batch
 * reads the offsets of all its aggregates at once with {@code FOR UPDATE}; rows are locked in key
 * order, so consumers handling overlapping aggregates wait for each other instead of deadlocking
 * (and a deadlock, should one happen, is retried by the caller).
 */
final class OffsetStore {

  private OffsetStore() {}

  /** The last applied sequence per aggregate of one view, for the given aggregates. */
  static Map<String, Long> lock(JdbcClient jdbc, String projection, Collection<String> ids) {
    var offsets = new HashMap<String, Long>();
    if (ids.isEmpty()) {
      return offsets;
    }
    var marks = String.join(",", java.util.Collections.nCopies(ids.size(), "?"));
    var params = new java.util.ArrayList<Object>(ids.size() + 1);
    params.add(projection);
    params.addAll(ids.stream().sorted().toList());
    jdbc.sql(
            "SELECT aggregate_id, last_sequence FROM projection_offset WHERE projection = ?"
                + " AND aggregate_id IN ("
                + marks
                + ") ORDER BY aggregate_id FOR UPDATE")
        .params(params)
        .query(
            rs -> {
              offsets.put(rs.getString(1), rs.getLong(2));
            });
    return offsets;
  }

  /** Writes the offsets a batch moved: new rows inserted, known rows advanced. */
  static void save(
      JdbcClient jdbc, String projection, Map<String, Long> known, Map<String, Long> moved) {
    for (var entry : moved.entrySet()) {
      var before = known.get(entry.getKey());
      if (before == null) {
        jdbc.sql(
                "INSERT INTO projection_offset (projection, aggregate_id, last_sequence)"
                    + " VALUES (?, ?, ?)")
            .params(projection, entry.getKey(), entry.getValue())
            .update();
      } else {
        var updated =
            jdbc.sql(
                    "UPDATE projection_offset SET last_sequence = ?"
                        + " WHERE projection = ? AND aggregate_id = ? AND last_sequence = ?")
                .params(entry.getValue(), projection, entry.getKey(), before)
                .update();
        if (updated != 1) {
          throw new IllegalStateException(
              "offset of " + projection + "/" + entry.getKey() + " moved under a lock");
        }
      }
    }
  }
}
