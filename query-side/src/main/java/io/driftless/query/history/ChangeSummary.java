package io.driftless.query.history;

import com.fasterxml.jackson.core.type.TypeReference;
import io.driftless.events.Provenance;
import io.driftless.query.projection.Json;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One change in {@code GET .../changes}, newest first. {@code actor}, {@code client}, {@code
 * message}, {@code meta}: who and what asked for it ({@link Provenance}; {@code unknown} for
 * changes recorded before provenance existed); {@code rolledBackTo}: the change a rollback deployed
 * again; {@code error}: why a failed change failed (its {@code AppChangeFinished}), null otherwise,
 * so a list of changes can say why without fetching each one (issue 29).
 */
record ChangeSummary(
    String changeId,
    String trigger,
    Instant startedAt,
    Instant finishedAt,
    Boolean successful,
    String description,
    List<String> namespaces,
    String actor,
    String client,
    String message,
    Map<String, String> meta,
    String rolledBackTo,
    String error) {

  /** The most rows a page of the app history or the audit log answers. */
  static final int MAX_LIMIT = 1000;

  /** The {@code app_change} columns {@link #read} reads, in its order (error last). */
  static final String COLUMNS =
      "change_id, change_trigger, started_at, finished_at, successful, description, namespaces,"
          + " actor, client, message, meta, rolled_back_to, error";

  private static final TypeReference<TreeMap<String, String>> META = new TypeReference<>() {};

  /** The row's {@link #COLUMNS}, starting at column {@code first}. */
  @SuppressWarnings("unchecked")
  static ChangeSummary read(ResultSet rs, int first) throws SQLException {
    var meta = rs.getString(first + 10);
    return new ChangeSummary(
        rs.getString(first),
        rs.getString(first + 1),
        instant(rs.getTimestamp(first + 2)),
        instant(rs.getTimestamp(first + 3)),
        rs.getObject(first + 4) == null ? null : rs.getBoolean(first + 4),
        rs.getString(first + 5),
        Json.read(rs.getString(first + 6), List.class),
        rs.getString(first + 7),
        rs.getString(first + 8),
        rs.getString(first + 9),
        meta == null ? Map.of() : Json.mapper().convertValue(Json.read(meta, Map.class), META),
        rs.getString(first + 11),
        error(rs, first));
  }

  /** The {@code error} of the row's {@link #COLUMNS}, starting at column {@code first}. */
  static String error(ResultSet rs, int first) throws SQLException {
    return rs.getString(first + 12);
  }

  private static Instant instant(Timestamp timestamp) {
    return timestamp == null ? null : timestamp.toInstant();
  }
}
