package io.driftless.query.projection;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Locale;
import org.springframework.jdbc.core.ResultSetExtractor;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The views' database: MariaDB (distributed) or H2 in MariaDB mode (embedded). They differ in what
 * a rebuild needs: shared row locks, moving tables between schemas, and how a connection changes
 * its default schema.
 */
public enum Dialect {
  MARIADB,
  H2;

  /** The dialect of a connection's database. */
  public static Dialect of(Connection connection) throws SQLException {
    var product = connection.getMetaData().getDatabaseProductName().toLowerCase(Locale.ROOT);
    return product.contains("h2") ? H2 : MARIADB;
  }

  /** The dialect of the database a client talks to. */
  public static Dialect of(JdbcClient jdbc) {
    return jdbc.sql("SELECT 1")
        .query((ResultSetExtractor<Dialect>) rs -> of(rs.getStatement().getConnection()));
  }

  /**
   * The end of a query that reads rows with a lock other readers may share (H2 has none: it locks
   * them exclusively, which its single process does not mind).
   */
  public String sharedLock() {
    return this == H2 ? " FOR UPDATE" : " LOCK IN SHARE MODE";
  }

  /** The schema (H2) or database (MariaDB) a connection's unqualified names resolve in. */
  public String namespace(Connection connection) throws SQLException {
    return this == H2 ? connection.getSchema() : connection.getCatalog();
  }

  /** Makes unqualified names of the connection resolve in {@code namespace}. */
  public void use(Connection connection, String namespace) throws SQLException {
    if (this == H2) {
      connection.setSchema(namespace);
    } else {
      connection.setCatalog(namespace);
    }
  }

  /** A quoted, qualified table name. */
  public String qualified(String namespace, String table) {
    return quote(namespace) + "." + quote(table);
  }

  /** A quoted identifier. */
  public String quote(String identifier) {
    return this == H2 ? '"' + identifier + '"' : '`' + identifier + '`';
  }
}
