package io.driftless.query.support;

import com.zaxxer.hikari.HikariDataSource;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.UUID;
import org.flywaydb.core.Flyway;

/**
 * The machine's MariaDB and RabbitMQ as the build passes them in ({@code driftless.it.*}); each
 * test gets its own database and its own exchange and queue names.
 */
public final class LocalServices {

  private LocalServices() {}

  public static String jdbcBase() {
    return System.getProperty("driftless.it.jdbc-url", "jdbc:mariadb://127.0.0.1:3306/");
  }

  public static String jdbcUser() {
    return System.getProperty("driftless.it.jdbc-user", "root");
  }

  public static String jdbcPassword() {
    return System.getProperty("driftless.it.jdbc-password", "");
  }

  public static String amqpUri() {
    return System.getProperty("driftless.it.amqp-uri", "amqp://guest:guest@127.0.0.1:5672/%2F");
  }

  public static String runId() {
    return UUID.randomUUID().toString().replace("-", "").substring(0, 12);
  }

  /** Creates a fresh database, dropped when the JVM exits, and returns its JDBC URL. */
  public static String freshDatabase(String prefix) {
    var name = prefix + "_" + runId();
    execute("CREATE DATABASE " + name);
    Runtime.getRuntime()
        .addShutdownHook(new Thread(() -> execute("DROP DATABASE IF EXISTS " + name)));
    return jdbcBase() + name;
  }

  /** A pooled DataSource on a fresh database with the views migrated. */
  public static HikariDataSource migratedViews(String prefix) {
    var dataSource = new HikariDataSource();
    dataSource.setJdbcUrl(freshDatabase(prefix));
    dataSource.setUsername(jdbcUser());
    dataSource.setPassword(jdbcPassword());
    dataSource.setMaximumPoolSize(10);
    Flyway.configure().dataSource(dataSource).locations("classpath:db/query").load().migrate();
    return dataSource;
  }

  private static void execute(String sql) {
    try (var connection = DriverManager.getConnection(jdbcBase(), jdbcUser(), jdbcPassword());
        var statement = connection.createStatement()) {
      statement.execute(sql);
    } catch (SQLException e) {
      throw new IllegalStateException("MariaDB at " + jdbcBase() + ": " + e.getMessage(), e);
    }
  }
}
