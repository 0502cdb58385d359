package io.driftless.query.projection;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.springframework.jdbc.core.RowCallbackHandler;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * {@code projection_offset}: the last sequence each view applied per source aggregate. A batch
 * reads the offsets of all its views and aggregates with one {@code SELECT ... FOR UPDATE} (on H2
 * one per view and aggregate, on one prepared statement: {@link MultiRow#keyByKey}); rows are
 * locked in key order, so consumers handling overlapping aggregates wait for each other instead of
 * deadlocking (and a deadlock, should one happen, is retried by the caller).
 */
final class OffsetStore {

  /** One view's offset of one aggregate. */
  record Key(String projection, String aggregateId) {}

  private OffsetStore() {}

  /** The last applied sequences of the given views and aggregates, locked until commit. */
  static Map<Key, Long> lock(
      JdbcClient jdbc, Collection<String> projections, Collection<String> ids) {
    var offsets = new HashMap<Key, Long>();
    if (ids.isEmpty() || projections.isEmpty()) {
      return offsets;
    }
    RowCallbackHandler keep =
        rs -> {
          offsets.put(new Key(rs.getString(1), rs.getString(2)), rs.getLong(3));
        };
    if (MultiRow.keyByKey(jdbc)) {
      // H2 would read every offset row of the views for the IN lists (MultiRow.keyByKey)
      var keys = new ArrayList<Object[]>();
      projections.stream()
          .sorted()
          .forEach(view -> ids.stream().sorted().forEach(id -> keys.add(new Object[] {view, id})));
      ((ViewJdbc) jdbc)
          .queryEach(
              "SELECT projection, aggregate_id, last_sequence FROM projection_offset"
                  + " WHERE projection = ? AND aggregate_id = ? FOR UPDATE",
              keys,
              keep);
      return offsets;
    }
    MultiRow.select(
        jdbc,
        "SELECT projection, aggregate_id, last_sequence FROM projection_offset WHERE projection IN ("
            + MultiRow.marks(projections.size())
            + ") AND aggregate_id IN (",
        List.copyOf(projections),
        ids.stream().sorted().toList(),
        ") ORDER BY projection, aggregate_id FOR UPDATE",
        keep);
    return offsets;
  }

  /**
   * Writes the offsets a batch moved. Known rows are locked, so they are simply overwritten. New
   * rows are plain INSERTs: if another consumer inserted the same row meanwhile, the duplicate key
   * fails this batch and it is retried, instead of applying an event twice.
   */
  static void save(JdbcClient jdbc, Map<Key, Long> known, Map<Key, Long> moved) {
    var inserts = new ArrayList<Object[]>();
    var updates = new ArrayList<Object[]>();
    moved.entrySet().stream()
        .sorted(
            Map.Entry.<Key, Long>comparingByKey(
                java.util.Comparator.comparing(Key::projection).thenComparing(Key::aggregateId)))
        .forEach(
            entry -> {
              var row =
                  new Object[] {
                    entry.getKey().projection(), entry.getKey().aggregateId(), entry.getValue()
                  };
              (known.containsKey(entry.getKey()) ? updates : inserts).add(row);
            });
    var head = "INSERT INTO projection_offset (projection, aggregate_id, last_sequence) VALUES ";
    MultiRow.insert(jdbc, head, inserts, "");
    MultiRow.insert(
        jdbc, head, updates, " ON DUPLICATE KEY UPDATE last_sequence = VALUES(last_sequence)");
  }
}
