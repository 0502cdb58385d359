package io.driftless.query.rebuild;

import com.zaxxer.hikari.HikariDataSource;
import java.sql.SQLException;
import javax.sql.DataSource;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

/**
 * Connections for a rebuild's bulk reads and writes, with MariaDB's server-side prepared statements
 * (the binary protocol). By default MariaDB Connector/J prepares on the client: it writes every
 * value into the statement's text, and the server lexes and parses each multi-row {@code INSERT}
 * with its thousands of literals again, converting each string literal's character set. That was a
 * third of the server's time in a rebuild. With the statement prepared once per connection, the
 * values travel as binary parameters: on the benchmark of {@code query-side/BENCHMARK.md} the
 * server's CPU per event fell by a third, the rebuild's JVM's by a fifth.
 *
 * <p>Only the rebuild's own connections use it: the live path's multi-row statements vary in their
 * number of rows from batch to batch, and a statement text seen once would cost a prepare round
 * trip more than it saves. H2, and data sources this does not know, are used as they are.
 */
public final class ServerPrepared {

  static final String OPTION = "useServerPrepStmts";

  private ServerPrepared() {}

  /** A MariaDB JDBC URL with server-side prepared statements on; other URLs as they are. */
  public static String url(String jdbcUrl) {
    if (!jdbcUrl.startsWith("jdbc:mariadb:") || jdbcUrl.contains(OPTION + "=")) {
      return jdbcUrl;
    }
    return jdbcUrl + (jdbcUrl.indexOf('?') >= 0 ? "&" : "?") + OPTION + "=true";
  }

  /**
   * Unpooled connections to the database of a Hikari pool on MariaDB, with server-side prepared
   * statements; any other data source as it is. A rebuild opens two connections for its whole run
   * (its writes and its reads), so a pool would only hold them idle afterwards.
   */
  public static DataSource of(DataSource dataSource) {
    HikariDataSource pool;
    try {
      if (!dataSource.isWrapperFor(HikariDataSource.class)) {
        return dataSource;
      }
      pool = dataSource.unwrap(HikariDataSource.class);
    } catch (SQLException e) {
      return dataSource;
    }
    var jdbcUrl = pool.getJdbcUrl();
    if (jdbcUrl == null || url(jdbcUrl).equals(jdbcUrl)) {
      return dataSource;
    }
    return new DriverManagerDataSource(url(jdbcUrl), pool.getUsername(), pool.getPassword());
  }
}
