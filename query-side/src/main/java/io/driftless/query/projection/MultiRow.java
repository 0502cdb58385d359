package io.driftless.query.projection;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import org.springframework.jdbc.core.RowCallbackHandler;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Multi-row statements: one {@code VALUES (...), (...)} list (or {@code IN} list) per table and
 * batch instead of a round trip per row. Long lists are split into chunks so no statement grows
 * past the server's packet size. Callers pass rows in key order, so concurrent batches lock shared
 * rows in the same order.
 */
public final class MultiRow {

  /** Rows per statement: large enough to amortise the round trip. */
  static final int CHUNK = 250;

  /**
   * Characters of string values per statement: a chunk ends early once its strings reach this, so
   * that large field diffs stay well inside MariaDB's packet limit (16 MiB by default).
   */
  static final long CHUNK_CHARS = 2_000_000;

  private MultiRow() {}

  /**
   * Runs {@code head + "(?, ..), (?, ..)" + tail} for the rows, at most {@link #CHUNK} rows and
   * about {@link #CHUNK_CHARS} characters at a time; every row has as many values as the first.
   * Returns the summed update counts. On a {@link ViewJdbc} the values are bound directly.
   */
  public static int insert(JdbcClient jdbc, String head, List<Object[]> rows, String tail) {
    if (rows.isEmpty()) {
      return 0;
    }
    var width = rows.get(0).length;
    var tuple = "(" + marks(width) + ")";
    var updated = 0;
    var from = 0;
    while (from < rows.size()) {
      var to = from;
      var chars = 0L;
      while (to < rows.size() && to - from < CHUNK && (to == from || chars < CHUNK_CHARS)) {
        chars += chars(rows.get(to));
        to++;
      }
      var chunk = rows.subList(from, to);
      var params = new ArrayList<Object>(chunk.size() * width);
      chunk.forEach(row -> Collections.addAll(params, row));
      var sql = head + String.join(",", Collections.nCopies(chunk.size(), tuple)) + tail;
      updated +=
          jdbc instanceof ViewJdbc views
              ? views.update(sql, params)
              : jdbc.sql(sql).params(params).update();
      from = to;
    }
    return updated;
  }

  private static long chars(Object[] row) {
    var chars = 0L;
    for (var value : row) {
      chars += value instanceof String text ? text.length() : 8;
    }
    return chars;
  }

  /**
   * Runs the query {@code head + "?,?,?" + tail} with {@code before} and then the keys as its
   * parameters, {@link #CHUNK} keys at a time, and hands every row to {@code rows}.
   */
  public static void select(
      JdbcClient jdbc,
      String head,
      List<?> before,
      List<?> keys,
      String tail,
      RowCallbackHandler rows) {
    for (int from = 0; from < keys.size(); from += CHUNK) {
      var chunk = keys.subList(from, Math.min(keys.size(), from + CHUNK));
      var params = new ArrayList<Object>(before);
      params.addAll(chunk);
      jdbc.sql(head + marks(chunk.size()) + tail).params(params).query(rows);
    }
  }

  /** {@code "?,?,?"} with {@code count} marks. */
  public static String marks(int count) {
    return String.join(",", Collections.nCopies(count, "?"));
  }

  /**
   * Runs the update {@code head + "(cond) OR (cond) ..." + tail}, one {@code condition} (with its
   * own marks) per row, {@link #CHUNK} rows at a time; on H2 one row at a time ({@link #keyByKey}).
   * Returns the summed update counts.
   */
  public static int where(
      JdbcClient jdbc, String head, String condition, List<Object[]> rows, String tail) {
    if (rows.isEmpty()) {
      return 0;
    }
    if (keyByKey(jdbc)) {
      return ((ViewJdbc) jdbc).updateEach(head + "(" + condition + ")" + tail, rows);
    }
    var updated = 0;
    for (var statement : orChunks(jdbc, head, condition, rows, tail)) {
      updated += statement.update();
    }
    return updated;
  }

  /** As {@link #where}, for a query: hands every row of every chunk to {@code handler}. */
  public static void selectWhere(
      JdbcClient jdbc,
      String head,
      String condition,
      List<Object[]> rows,
      String tail,
      RowCallbackHandler handler) {
    if (rows.isEmpty()) {
      return;
    }
    if (keyByKey(jdbc)) {
      ((ViewJdbc) jdbc).queryEach(head + "(" + condition + ")" + tail, rows, handler);
      return;
    }
    orChunks(jdbc, head, condition, rows, tail).forEach(statement -> statement.query(handler));
  }

  /**
   * Whether statements that name several composite keys are run one key at a time, on one prepared
   * statement: on H2 (a {@link ViewJdbc} that talks to H2). H2 answers {@code (a = ? AND b = ?) OR
   * (a = ? AND b = ?)} by scanning the whole table, and {@code a IN (..) AND b IN (..)} by scanning
   * every row of the {@code a}s, where one key alone is a lookup in the primary key: with 50,000
   * rows a delete of two keys by OR took 3-5 ms against 10-30 us for one (H2 2.4.240, query-side
   * README, "Views"). An embedded H2 has no round trip to save; MariaDB reads such statements from
   * its index, and keeps them.
   */
  static boolean keyByKey(JdbcClient jdbc) {
    return jdbc instanceof ViewJdbc views && views.dialect() == Dialect.H2;
  }

  private static List<JdbcClient.StatementSpec> orChunks(
      JdbcClient jdbc, String head, String condition, List<Object[]> rows, String tail) {
    var statements = new ArrayList<JdbcClient.StatementSpec>();
    for (int from = 0; from < rows.size(); from += CHUNK) {
      var chunk = rows.subList(from, Math.min(rows.size(), from + CHUNK));
      var params = new ArrayList<Object>();
      chunk.forEach(row -> Collections.addAll(params, row));
      var sql =
          head
              + String.join(" OR ", Collections.nCopies(chunk.size(), "(" + condition + ")"))
              + tail;
      statements.add(jdbc.sql(sql).params(params));
    }
    return statements;
  }

  /** Composite keys (lists of strings of equal length) in column order, as the rows lock. */
  public static final Comparator<List<String>> KEY_ORDER =
      (a, b) -> {
        for (int i = 0; i < a.size(); i++) {
          var c = a.get(i).compareTo(b.get(i));
          if (c != 0) {
            return c;
          }
        }
        return 0;
      };
}
