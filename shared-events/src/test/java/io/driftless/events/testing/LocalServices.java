package io.driftless.events.testing;

import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.UUID;

/**
 * The machine's MariaDB and RabbitMQ, as the build passes them in ({@code driftless.it.*} system
 * properties). Every test context gets a database and an exchange of its own, so runs never
 * collide.
 */
public final class LocalServices {

  private static final String SECRETS_KEY = randomSecretsKey();

  private LocalServices() {}

  /**
   * A Secret key for a command side in the {@code distributed} profile, which refuses to start
   * without one ({@code driftless.secrets.key}): random, the same for every process of this test
   * JVM.
   */
  public static String secretsKey() {
    return SECRETS_KEY;
  }

  private static String randomSecretsKey() {
    var key = new byte[32];
    new java.security.SecureRandom().nextBytes(key);
    return "it:" + java.util.Base64.getEncoder().encodeToString(key);
  }

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

  /** A unique suffix for names of this test context. */
  public static String runId() {
    return UUID.randomUUID().toString().replace("-", "").substring(0, 12);
  }

  /** Creates a fresh database and returns its JDBC URL; it is dropped when the JVM exits. */
  public static String freshDatabase(String prefix) {
    var name = prefix + "_" + runId();
    execute("CREATE DATABASE " + name);
    Runtime.getRuntime()
        .addShutdownHook(new Thread(() -> execute("DROP DATABASE IF EXISTS " + name)));
    return jdbcBase() + name;
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
