package io.driftless.query.travel;

import io.driftless.query.api.BadParameterException;
import io.driftless.query.api.KnownApps;
import io.driftless.query.api.NotBuiltException;
import io.driftless.query.api.NotFoundException;
import io.driftless.query.projection.Json;
import io.driftless.query.projection.ViewBuilds;
import io.driftless.query.projection.ViewTimes;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.sql.DataSource;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

/**
 * Reads the {@code desired} view: which change a change id or a time means, and an app's desired
 * set as of a change, each one indexed range query (the membership rows in force at the change,
 * each joined with its object's newest version applied at or before it).
 */
@Component
class DesiredSets {

  private final JdbcClient jdbc;
  private final KnownApps apps;
  private final ViewBuilds builds;
  private final int version = new DesiredProjection().version();

  DesiredSets(DataSource dataSource, KnownApps apps) {
    this.jdbc = JdbcClient.create(dataSource);
    this.apps = apps;
    this.builds = new ViewBuilds(jdbc);
  }

  /**
   * @throws NotBuiltException while the desired view is not built
   */
  void requireBuilt() {
    if (!builds.isBuilt(DesiredProjection.NAME, version)) {
      throw new NotBuiltException(
          "the desired view is not built yet: POST /api/projections/desired/rebuild builds it"
              + " from the event store");
    }
  }

  /**
   * The change {@code changeId} of the app.
   *
   * @throws NotFoundException for an unknown app or change
   */
  AsOf change(String namespace, String app, String appId, String changeId) {
    return one(appId, "change_id = ?", changeId, "")
        .orElseThrow(
            () -> {
              apps.require(namespace, app);
              return new NotFoundException("no change " + changeId + " of " + appId);
            });
  }

  /**
   * The app's last change started at or before {@code at}.
   *
   * @throws NotFoundException for an unknown app, or a time before its first change
   */
  AsOf at(String namespace, String app, String appId, Instant at) {
    var found = one(appId, "started_at <= ?", ViewTimes.micros(at), " DESC");
    if (found.isPresent()) {
      return found.get();
    }
    var first = one(appId, "change_number >= ?", 0L, "");
    if (first.isEmpty()) {
      apps.require(namespace, app);
      throw new NotFoundException("no change of " + appId + " in the desired view");
    }
    throw new NotFoundException(
        appId
            + " had no change yet at "
            + at
            + ": its first change, "
            + first.get().changeId()
            + ", started at "
            + first.get().at());
  }

  /** The app's newest change, if any. */
  Optional<AsOf> newest(String appId) {
    return one(appId, "change_number >= ?", 0L, " DESC");
  }

  /** The app's first change (by start, then number) matching the condition, or its last. */
  private Optional<AsOf> one(String appId, String condition, Object value, String direction) {
    return jdbc.sql(
            "SELECT change_number, change_id, started_at FROM desired_change"
                + " WHERE app_id = ? AND "
                + condition
                + " ORDER BY started_at"
                + direction
                + ", change_number"
                + direction
                + " LIMIT 1")
        .params(appId, value)
        .query(
            (rs, row) -> new AsOf(rs.getLong(1), rs.getString(2), rs.getTimestamp(3).toInstant()))
        .optional();
  }

  /** The app's desired set as of change {@code number}, by kind, namespace and name. */
  List<StoredObject> objects(String appId, long number) {
    return jdbc.sql(
            "SELECT o.resource_id, o.api_version, o.kind, o.namespace, o.name, o.change_id,"
                + " o.content FROM desired_member m JOIN desired_object o"
                + " ON o.resource_id = m.resource_id"
                + " WHERE m.app_id = ? AND m.from_number <= ?"
                + " AND (m.to_number IS NULL OR m.to_number > ?)"
                + " AND o.sequence_number = (SELECT MAX(p.sequence_number) FROM desired_object p"
                + " WHERE p.resource_id = m.resource_id AND p.change_number <= ?)"
                + " ORDER BY o.kind, o.namespace, o.name, o.resource_id")
        .params(appId, number, number, number)
        .query(
            (rs, row) ->
                new StoredObject(
                    rs.getString(1),
                    rs.getString(2),
                    rs.getString(3),
                    rs.getString(4),
                    rs.getString(5),
                    rs.getString(6),
                    content(rs.getString(7))))
        .list();
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> content(String json) {
    return Json.read(json, Map.class);
  }

  /** An ISO-8601 instant parameter. */
  static Instant instant(String parameter, String value) {
    try {
      return Instant.parse(value);
    } catch (DateTimeParseException e) {
      throw new BadParameterException(
          parameter, "an ISO-8601 UTC time such as 2026-11-27T14:00:00Z", value);
    }
  }
}
