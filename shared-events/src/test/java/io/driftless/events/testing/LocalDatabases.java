package io.driftless.events.testing;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
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

  private static void execute(String url, String sql) throws SQLException {
    try (Connection connection = DriverManager.getConnection(url, user(), password());
        var statement = connection.createStatement()) {
      statement.execute(sql);
    }
  }
}
