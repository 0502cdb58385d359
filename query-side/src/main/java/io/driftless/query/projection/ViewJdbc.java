package io.driftless.query.projection;

import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.List;
import javax.sql.DataSource;
import org.springframework.jdbc.core.JdbcOperations;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.PreparedStatementCallback;
import org.springframework.jdbc.core.RowCallbackHandler;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The {@link JdbcClient} the views write through: Spring's own for every statement, plus the {@link
 * JdbcOperations} under it, on which {@link MultiRow#insert} binds its thousands of values per
 * statement directly ({@link #bind}). Spring's binding checks each value against several interfaces
 * before and after the statement; on JDK 17 such checks on {@code String} and {@code Long}, made by
 * several threads at once (a rebuild reads, folds and writes on three), contend on the classes'
 * shared type-check cache (JDK-8180450), and in a rebuild's profile they took 45% of the writer
 * thread. A plain {@code JdbcClient} still works everywhere, through Spring's binding.
 */
public final class ViewJdbc implements JdbcClient {

  private final JdbcOperations operations;
  private final JdbcClient client;
  // the database's dialect, asked once on first use (a client may be made before its database is
  // up)
  private volatile Dialect dialect;

  private ViewJdbc(JdbcTemplate template) {
    this.operations = template;
    this.client = JdbcClient.create(template);
  }

  /** A client on the data source (transaction-bound connections, as {@link JdbcTemplate}'s). */
  public static ViewJdbc of(DataSource dataSource) {
    return new ViewJdbc(new JdbcTemplate(dataSource));
  }

  @Override
  public StatementSpec sql(String sql) {
    return client.sql(sql);
  }

  /** The dialect of the database this client talks to, asked of it the first time. */
  public Dialect dialect() {
    var known = dialect;
    if (known == null) {
      known = Dialect.of(client);
      dialect = known;
    }
    return known;
  }

  /** Runs an update whose parameters are {@code values}, bound by {@link #bind}. */
  int update(String sql, List<Object> values) {
    return operations.update(
        sql,
        statement -> {
          for (int i = 0; i < values.size(); i++) {
            bind(statement, i + 1, values.get(i));
          }
        });
  }

  /**
   * Runs the query {@code sql} once per key of {@code keys} (its parameters, in order) on one
   * prepared statement, in the keys' order, handing every row to {@code rows}.
   */
  void queryEach(String sql, List<Object[]> keys, RowCallbackHandler rows) {
    operations.execute(
        sql,
        (PreparedStatementCallback<Void>)
            statement -> {
              for (var key : keys) {
                bindAll(statement, key);
                try (var result = statement.executeQuery()) {
                  while (result.next()) {
                    rows.processRow(result);
                  }
                }
              }
              return null;
            });
  }

  /** As {@link #queryEach}, for an update: returns the summed update counts. */
  int updateEach(String sql, List<Object[]> keys) {
    var updated =
        operations.execute(
            sql,
            (PreparedStatementCallback<Integer>)
                statement -> {
                  var sum = 0;
                  for (var key : keys) {
                    bindAll(statement, key);
                    sum += statement.executeUpdate();
                  }
                  return sum;
                });
    return updated == null ? 0 : updated;
  }

  private static void bindAll(PreparedStatement statement, Object[] key) throws SQLException {
    for (int i = 0; i < key.length; i++) {
      bind(statement, i + 1, key[i]);
    }
  }

  /**
   * Binds one value with the setter of its type (the views' values are strings, numbers, booleans
   * and timestamps); anything else goes to {@code setObject}, as Spring would hand it.
   */
  static void bind(PreparedStatement statement, int index, Object value) throws SQLException {
    if (value instanceof String text) {
      statement.setString(index, text);
    } else if (value instanceof Long number) {
      statement.setLong(index, number);
    } else if (value instanceof Integer number) {
      statement.setInt(index, number);
    } else if (value instanceof Timestamp at) {
      statement.setTimestamp(index, at);
    } else if (value instanceof Boolean flag) {
      statement.setBoolean(index, flag);
    } else {
      statement.setObject(index, value);
    }
  }
}
