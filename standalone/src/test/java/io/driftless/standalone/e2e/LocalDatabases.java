package io.driftless.standalone.e2e;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.List;

/**
 * The machine's MariaDB as the build passes it in ({@code driftless.it.jdbc-*}): creates and drops
 * the databases of one run, and counts the events the command side stored.
 */
final class LocalDatabases {

  private LocalDatabases() {}

  static String base() {
    return System.getProperty("driftless.it.jdbc-url", "jdbc:mariadb://127.0.0.1:3306/");
  }

  static String user() {
    return System.getProperty("driftless.it.jdbc-user", "root");
  }

  static String password() {
    return System.getProperty("driftless.it.jdbc-password", "");
  }

  static String url(String database) {
    return base() + database;
  }

  static void create(String database) throws SQLException {
    execute(base(), "CREATE DATABASE " + database);
  }

  /** Drops the database; a failure is collected rather than thrown, so cleanup goes on. */
  static void drop(String database, List<Exception> failures) {
    try {
      execute(base(), "DROP DATABASE IF EXISTS " + database);
    } catch (SQLException e) {
      failures.add(e);
    }
  }

  /** Rows in Axon's event table of the command side's database. */
  static long countEvents(String database) throws SQLException {
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
