package io.driftless.query.support;

import com.zaxxer.hikari.HikariDataSource;
import org.flywaydb.core.Flyway;

/**
 * The machine's MariaDB and RabbitMQ (see {@link io.driftless.events.testing.LocalServices}), plus
 * a pooled database with the views migrated.
 */
public final class LocalServices {

  private LocalServices() {}

  public static String jdbcUser() {
    return io.driftless.events.testing.LocalServices.jdbcUser();
  }

  public static String jdbcPassword() {
    return io.driftless.events.testing.LocalServices.jdbcPassword();
  }

  public static String amqpUri() {
    return io.driftless.events.testing.LocalServices.amqpUri();
  }

  public static String runId() {
    return io.driftless.events.testing.LocalServices.runId();
  }

  public static String freshDatabase(String prefix) {
    return io.driftless.events.testing.LocalServices.freshDatabase(prefix);
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
}
