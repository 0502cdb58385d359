package io.driftless.events.testing;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * The machine's MariaDB as the build passes it in ({@code driftless.it.jdbc-*}): creates and drops
 * the databases of one run, and counts the events the command side stored.
 */
public final class LocalDatabases {

  private LocalDatabases() {}

  public static String base() {
    return LocalServices.jdbcBase();
  }

  public static String user() {
    return LocalServices.jdbcUser();
  }

  public static String password() {
    return LocalServices.jdbcPassword();
  }

  public static String url(String database) {
    return base() + database;
  }

  public static void create(String database) throws SQLException {
    execute(base(), "CREATE DATABASE " + database);
  }

  /** Drops the database; a failure is collected rather than thrown, so cleanup goes on. */
  public static void drop(String database, List<Exception> failures) {
    try {
      execute(base(), "DROP DATABASE IF EXISTS " + database);
    } catch (SQLException e) {
      failures.add(e);
    }
  }

  /** Rows in Axon's event table of the command side's database. */
  public static long countEvents(String database) throws SQLException {
    try (Connection connection = DriverManager.getConnection(url(database), user(), password());
        var statement = connection.createStatement();
        var rows = statement.executeQuery("SELECT COUNT(*) FROM domain_event_entry")) {
      rows.next();
      return rows.getLong(1);
    }
  }

  /**
   * The events stored after global index {@code after}, oldest first, one line each: index, payload
   * type, aggregate and sequence, time (for a test to say what arrived that it did not count).
   */
  public static List<String> eventsAfter(String database, long after) throws SQLException {
    try (Connection connection = DriverManager.getConnection(url(database), user(), password());
        var statement =
            connection.prepareStatement(
                "SELECT global_index, payload_type, aggregate_identifier, sequence_number,"
                    + " time_stamp FROM domain_event_entry WHERE global_index > ?"
                    + " ORDER BY global_index")) {
      statement.setLong(1, after);
      var lines = new ArrayList<String>();
      try (var rows = statement.executeQuery()) {
        while (rows.next()) {
          lines.add(
              rows.getLong(1)
                  + " "
                  + rows.getString(2)
                  + " "
                  + rows.getString(3)
                  + "#"
                  + rows.getLong(4)
                  + " "
                  + rows.getString(5));
        }
      }
      return lines;
    }
  }

  private static void execute(String url, String sql) throws SQLException {
    try (Connection connection = DriverManager.getConnection(url, user(), password());
        var statement = connection.createStatement()) {
      statement.execute(sql);
    }
  }
}
