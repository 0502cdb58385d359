package io.driftless.query.travel;

import io.driftless.query.projection.MultiRow;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * One batch's changes to {@code desired_span}: the two rows ({@link SpanTree}) of every version the
 * batch opens or ends. A version still in force spans to {@link SpanTree#OPEN} and forks at the
 * root; when it ends, its two rows are deleted and the two of its final span written (none if it
 * ended in the microsecond it began: it was never in force). The rows of an object belong to its
 * ResourceChange, whose offset row the batch holds locked; the version still open is read back from
 * its row keyed by the open end (an index range per 250 objects), facts included, as an ending
 * version may have been opened by an earlier batch.
 */
final class VersionSpans {

  /**
   * A version opened ({@code facts}: resource id, sequence, app, change, apiVersion, kind,
   * namespace, name, images, labels, valid from) or ended ({@code facts} null) {@code at}.
   */
  record Step(Object[] facts, Instant at) {}

  private static final String FACTS =
      "resource_id, sequence_number, app_id, change_id, api_version, kind, namespace, name,"
          + " images, labels, valid_from";

  private final Map<String, List<Step>> steps;
  private final List<Object[]> gone = new ArrayList<>();
  private final TreeMap<List<String>, Object[]> added = new TreeMap<>(MultiRow.KEY_ORDER);

  /** {@code steps}: per object, in order. */
  VersionSpans(Map<String, List<Step>> steps) {
    this.steps = steps;
  }

  void write(JdbcClient jdbc) {
    var open = open(jdbc);
    steps.forEach((resourceId, objectSteps) -> fold(open.get(resourceId), objectSteps));
    MultiRow.where(
        jdbc,
        "DELETE FROM desired_span WHERE ",
        "fork_node = ? AND side = ? AND bound = ? AND resource_id = ? AND sequence_number = ?",
        gone,
        "");
    MultiRow.insert(
        jdbc,
        "INSERT INTO desired_span (fork_node, side, bound, span_from, span_to, "
            + FACTS
            + ") VALUES ",
        List.copyOf(added.values()),
        " ON DUPLICATE KEY UPDATE span_to = VALUES(span_to)");
  }

  /** The open version of each object, as stored: its facts and then its span's start. */
  private Map<String, Object[]> open(JdbcClient jdbc) {
    var open = new TreeMap<String, Object[]>();
    MultiRow.select(
        jdbc,
        "SELECT "
            + FACTS
            + ", span_from FROM desired_span"
            + " WHERE fork_node = ? AND side = ? AND bound = ? AND resource_id IN (",
        List.of(SpanTree.ROOT, SpanTree.BY_UPPER, SpanTree.OPEN),
        List.copyOf(steps.keySet()),
        ")",
        rs -> {
          open.put(rs.getString(1), stored(rs));
        });
    return open;
  }

  private static Object[] stored(ResultSet rs) throws SQLException {
    var row = new Object[12];
    for (int i = 0; i < 10; i++) {
      row[i] = i == 1 ? (Object) rs.getLong(i + 1) : rs.getString(i + 1);
    }
    row[10] = rs.getTimestamp(11);
    row[11] = rs.getLong(12);
    return row;
  }

  /** An object's steps from its stored open version, if any: what ends and what opens. */
  private void fold(Object[] stored, List<Step> objectSteps) {
    var facts = stored == null ? null : Arrays.copyOf(stored, 11);
    var from = stored == null ? 0L : (long) stored[11];
    var storedOpen = stored != null;
    for (var step : objectSteps) {
      if (facts != null) {
        if (storedOpen) {
          remove(facts, from);
          storedOpen = false;
        }
        add(facts, from, SpanTree.point(step.at()) - 1);
      }
      facts = step.facts();
      from = SpanTree.point(step.at());
    }
    if (facts != null && !storedOpen) {
      add(facts, from, SpanTree.OPEN);
    }
  }

  private void remove(Object[] facts, long from) {
    gone.add(new Object[] {SpanTree.ROOT, SpanTree.BY_UPPER, SpanTree.OPEN, facts[0], facts[1]});
    gone.add(new Object[] {SpanTree.ROOT, SpanTree.BY_LOWER, from, facts[0], facts[1]});
  }

  private void add(Object[] facts, long from, long to) {
    if (from > to) {
      return;
    }
    var fork = SpanTree.fork(from, to);
    put(new Object[] {fork, SpanTree.BY_UPPER, to, from, to}, facts);
    put(new Object[] {fork, SpanTree.BY_LOWER, from, from, to}, facts);
  }

  private void put(Object[] key, Object[] facts) {
    var row = Arrays.copyOf(key, key.length + facts.length);
    System.arraycopy(facts, 0, row, key.length, facts.length);
    added.put(
        List.of(
            key((long) key[0]),
            key((int) key[1]),
            key((long) key[2]),
            (String) facts[0],
            key((long) facts[1])),
        row);
  }

  private static String key(long value) {
    return String.format("%019d", value);
  }
}
