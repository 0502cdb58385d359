package io.driftless.query.rebuild;

import io.driftless.query.projection.Dialect;
import io.driftless.query.projection.Projection;
import io.driftless.query.projection.ViewJdbc;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.SingleConnectionDataSource;

/**
 * Where a rebuild builds a view: a namespace of its own beside the live one (a database {@code
 * <views>_rb_<view>} on MariaDB, a schema {@code rb_<view>} in H2), holding the view's tables with
 * the live tables' definitions, the shadow's own {@code projection_offset} and its {@code
 * rebuild_checkpoint}. Its swap is atomic: on MariaDB one {@code RENAME TABLE} moves the live
 * tables out and the shadow's in (readers wait a moment, never see a missing table; the old tables
 * are dropped with the namespace afterwards); H2 cannot move tables between schemas, so there the
 * live tables take the shadow's rows in the swap's transaction (readers keep seeing the old rows
 * until it commits).
 */
final class ShadowTables {

  static final String CHECKPOINT = "rebuild_checkpoint";
  static final String OFFSETS = "projection_offset";
  private static final String OLD = "old__";

  private final Dialect dialect;
  private final String live;
  private final String shadow;
  private final List<String> tables;

  ShadowTables(Dialect dialect, String live, Projection view) {
    this.dialect = dialect;
    this.live = live;
    this.shadow = shadowName(dialect, live, view.name());
    this.tables = view.tables();
  }

  private static String shadowName(Dialect dialect, String live, String view) {
    var name = (dialect == Dialect.H2 ? "rb_" : live + "_rb_") + view;
    name = name.toLowerCase(Locale.ROOT);
    return name.length() <= 64 ? name : "rb_" + Integer.toHexString(name.hashCode()) + "_" + view;
  }

  String live() {
    return live;
  }

  String shadow() {
    return shadow;
  }

  String liveTable(String table) {
    return dialect.qualified(live, table);
  }

  String shadowTable(String table) {
    return dialect.qualified(shadow, table);
  }

  boolean exists(JdbcClient jdbc) {
    return hasTable(jdbc, shadow, CHECKPOINT);
  }

  /** Creates the namespace and empty copies of the view's tables (after dropping any leftover). */
  void create(JdbcClient jdbc, Connection connection) throws SQLException {
    drop(jdbc);
    jdbc.sql(
            (dialect == Dialect.H2 ? "CREATE SCHEMA " : "CREATE DATABASE ") + dialect.quote(shadow))
        .update();
    var copied = new ArrayList<>(tables);
    copied.add(OFFSETS);
    for (var table : copied) {
      copyDefinition(jdbc, connection, table);
    }
    jdbc.sql(
            "CREATE TABLE "
                + shadowTable(CHECKPOINT)
                + " (id INT NOT NULL, rebuild_id VARCHAR(64) NOT NULL, version INT NOT NULL,"
                + " last_global_index BIGINT NOT NULL, done BIGINT NOT NULL,"
                + " newest_event_at TIMESTAMP(3) NULL, PRIMARY KEY (id))")
        .update();
  }

  private void copyDefinition(JdbcClient jdbc, Connection connection, String table)
      throws SQLException {
    if (dialect == Dialect.MARIADB) {
      jdbc.sql("CREATE TABLE " + shadowTable(table) + " LIKE " + liveTable(table)).update();
      return;
    }
    jdbc.sql(
            "CREATE TABLE "
                + shadowTable(table)
                + " AS SELECT * FROM "
                + liveTable(table)
                + " WITH NO DATA")
        .update();
    var key = new TreeMap<Short, String>();
    try (var rs = connection.getMetaData().getPrimaryKeys(null, live, table)) {
      while (rs.next()) {
        key.put(rs.getShort("KEY_SEQ"), dialect.quote(rs.getString("COLUMN_NAME")));
      }
    }
    for (var column : key.values()) {
      jdbc.sql("ALTER TABLE " + shadowTable(table) + " ALTER COLUMN " + column + " SET NOT NULL")
          .update();
    }
    jdbc.sql(
            "ALTER TABLE "
                + shadowTable(table)
                + " ADD PRIMARY KEY ("
                + String.join(", ", key.values())
                + ")")
        .update();
  }

  /** Drops the namespace with whatever it holds (the old tables after a swap). */
  void drop(JdbcClient jdbc) {
    jdbc.sql(
            dialect == Dialect.H2
                ? "DROP SCHEMA IF EXISTS " + dialect.quote(shadow) + " CASCADE"
                : "DROP DATABASE IF EXISTS " + dialect.quote(shadow))
        .update();
  }

  /**
   * Puts the shadow's tables in the live ones' place. MariaDB: one atomic {@code RENAME TABLE}
   * (skipped if an earlier, interrupted swap did it already); H2: the live tables take the shadow's
   * rows, in the caller's transaction.
   */
  void swapTables(JdbcClient jdbc, Connection connection) throws SQLException {
    if (dialect == Dialect.MARIADB) {
      if (hasTable(jdbc, shadow, OLD + tables.get(0))) {
        return;
      }
      var renames = new ArrayList<String>();
      for (var table : tables) {
        renames.add(liveTable(table) + " TO " + shadowTable(OLD + table));
        renames.add(shadowTable(table) + " TO " + liveTable(table));
      }
      jdbc.sql("RENAME TABLE " + String.join(", ", renames)).update();
      return;
    }
    for (var table : tables) {
      var columns = columns(connection, table);
      jdbc.sql("DELETE FROM " + liveTable(table)).update();
      jdbc.sql(
              "INSERT INTO "
                  + liveTable(table)
                  + " ("
                  + columns
                  + ") SELECT "
                  + columns
                  + " FROM "
                  + shadowTable(table))
          .update();
    }
  }

  private String columns(Connection connection, String table) throws SQLException {
    var names = new ArrayList<String>();
    try (var rs = connection.getMetaData().getColumns(null, live, table, null)) {
      while (rs.next()) {
        names.add(rs.getString("COLUMN_NAME"));
      }
    }
    return names.stream().map(dialect::quote).collect(Collectors.joining(", "));
  }

  private static boolean hasTable(JdbcClient jdbc, String namespace, String table) {
    return jdbc.sql(
                "SELECT COUNT(*) FROM information_schema.tables"
                    + " WHERE table_schema = ? AND table_name = ?")
            .params(namespace, table)
            .query(Long.class)
            .single()
        > 0;
  }

  /** A client on one connection (the rebuild's own, whose transactions it commits by hand). */
  static JdbcClient on(Connection connection) {
    return ViewJdbc.of(new SingleConnectionDataSource(connection, true));
  }
}
