package io.driftless.query.support;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.driftless.events.EventCodec;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.TreeSet;
import javax.sql.DataSource;
import org.springframework.jdbc.core.JdbcTemplate;

/** Reads the view tables as the canonical row strings {@link SequentialFold} produces. */
public final class ViewTables {

  private static final ObjectMapper JSON = EventCodec.newMapper();

  private final JdbcTemplate jdbc;

  public ViewTables(DataSource dataSource) {
    this.jdbc = new JdbcTemplate(dataSource);
  }

  public TreeSet<String> changes() {
    return rows(
        "SELECT app_id, change_id, change_number, change_trigger, started_at, finished_at,"
            + " successful, description, namespaces, error, actor, client, message, meta,"
            + " rolled_back_to FROM app_change",
        rs ->
            String.join(
                "|",
                rs.getString(1),
                rs.getString(2),
                rs.getString(3),
                rs.getString(4),
                ms(rs.getTimestamp(5)),
                ms(rs.getTimestamp(6)),
                bool(rs, 7),
                rs.getString(8),
                json(rs.getString(9)),
                String.valueOf(rs.getString(10)),
                rs.getString(11),
                String.valueOf(rs.getString(12)),
                String.valueOf(rs.getString(13)),
                json(rs.getString(14)),
                String.valueOf(rs.getString(15))));
  }

  public TreeSet<String> changeMeta() {
    return rows(
        "SELECT app_id, change_number, meta_key, meta_value, started_at FROM app_change_meta",
        rs ->
            String.join(
                "|",
                rs.getString(1),
                rs.getString(2),
                rs.getString(3),
                rs.getString(4),
                ms(rs.getTimestamp(5))));
  }

  public TreeSet<String> changeResources() {
    return rows(
        "SELECT app_id, change_id, resource_id, change_number, namespace, name, kind,"
            + " api_version, op, fields, error FROM app_change_resource",
        rs ->
            String.join(
                "|",
                rs.getString(1),
                rs.getString(2),
                rs.getString(3),
                rs.getString(4),
                rs.getString(5),
                rs.getString(6),
                rs.getString(7),
                rs.getString(8),
                rs.getString(9),
                json(rs.getString(10)),
                String.valueOf(rs.getString(11))));
  }

  public TreeSet<String> overview() {
    return rows(
        "SELECT app_id, namespace, name, namespaces, change_in_progress, last_change_id,"
            + " last_change_at, last_change_successful, deleted, locked, locked_by, locked_at,"
            + " lock_reason FROM app_overview",
        rs ->
            String.join(
                "|",
                rs.getString(1),
                rs.getString(2),
                rs.getString(3),
                json(rs.getString(4)),
                String.valueOf(rs.getString(5)),
                String.valueOf(rs.getString(6)),
                ms(rs.getTimestamp(7)),
                bool(rs, 8),
                bool(rs, 9),
                bool(rs, 10),
                String.valueOf(rs.getString(11)),
                ms(rs.getTimestamp(12)),
                String.valueOf(rs.getString(13))));
  }

  public TreeSet<String> counts() {
    return rows(
        "SELECT app_id, kind, live FROM app_resource_count",
        rs -> String.join("|", rs.getString(1), rs.getString(2), rs.getString(3)));
  }

  public TreeSet<String> inventory() {
    return rows(
        "SELECT resource_id, app_id, namespace, name, kind, api_version, last_op,"
            + " last_change_id, applied_hash, live FROM resource_inventory",
        rs ->
            String.join(
                "|",
                rs.getString(1),
                rs.getString(2),
                rs.getString(3),
                rs.getString(4),
                rs.getString(5),
                rs.getString(6),
                rs.getString(7),
                rs.getString(8),
                String.valueOf(rs.getString(9)),
                bool(rs, 10)));
  }

  private interface Row {
    String map(ResultSet rs) throws SQLException;
  }

  private TreeSet<String> rows(String sql, Row row) {
    return new TreeSet<>(jdbc.query(sql, (rs, i) -> row.map(rs)));
  }

  private static String ms(Timestamp timestamp) {
    return timestamp == null ? "null" : Long.toString(timestamp.toInstant().toEpochMilli());
  }

  private static String bool(ResultSet rs, int column) throws SQLException {
    var value = rs.getBoolean(column);
    return rs.wasNull() ? "null" : Boolean.toString(value);
  }

  private static String json(String text) {
    try {
      return JSON.readTree(text).toString();
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }
}
