package io.driftless.query.projection;

import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * What each view was built as ({@code projection_build}: the version of the fold its tables hold;
 * no row: not built) and its rebuilds ({@code projection_rebuild}: phase and progress, written by
 * the rebuild as it goes, so every process shows the same).
 */
public final class ViewBuilds {

  private final JdbcClient jdbc;

  public ViewBuilds(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  /** The version each built view was built at. */
  public Map<String, Integer> builtVersions() {
    var versions = new HashMap<String, Integer>();
    jdbc.sql("SELECT projection, version FROM projection_build")
        .query(
            rs -> {
              versions.put(rs.getString(1), rs.getInt(2));
            });
    return versions;
  }

  /** Whether the view's tables hold the fold of this version. */
  public boolean isBuilt(String view, int version) {
    return Integer.valueOf(version).equals(builtVersions().get(view));
  }

  /** Records the view as built at {@code version} (in the caller's transaction). */
  public static void markBuilt(JdbcClient jdbc, String view, int version) {
    jdbc.sql("DELETE FROM projection_build WHERE projection = ?").param(view).update();
    jdbc.sql("INSERT INTO projection_build (projection, version, built_at) VALUES (?, ?, ?)")
        .params(view, version, ViewTimes.millis(Instant.now()))
        .update();
  }

  /** Per view, its newest rebuild. */
  public Map<String, RebuildProgress> latestRebuilds() {
    var latest = new HashMap<String, RebuildProgress>();
    jdbc.sql(
            "SELECT projection, rebuild_id, version, phase, done, total, events_per_second,"
                + " started_at, updated_at, error FROM projection_rebuild r WHERE started_at ="
                + " (SELECT MAX(started_at) FROM projection_rebuild n"
                + " WHERE n.projection = r.projection)")
        .query(
            rs -> {
              var phase = rs.getString(4);
              var done = rs.getLong(5);
              var total = rs.getLong(6);
              var rate = rs.getDouble(7);
              latest.put(
                  rs.getString(1),
                  new RebuildProgress(
                      rs.getString(2),
                      rs.getInt(3),
                      phase,
                      done,
                      total,
                      rate,
                      RebuildProgress.eta(phase, done, total, rate),
                      rs.getTimestamp(8).toInstant(),
                      rs.getTimestamp(9).toInstant(),
                      rs.getString(10)));
            });
    return latest;
  }

  /** The view's newest rebuild, if it had one. */
  public Optional<RebuildProgress> latestRebuild(String view) {
    return Optional.ofNullable(latestRebuilds().get(view));
  }

  /** Starts the record of a rebuild. */
  public void started(String rebuildId, String view, int version, long total) {
    var now = ViewTimes.millis(Instant.now());
    jdbc.sql(
            "INSERT INTO projection_rebuild (rebuild_id, projection, version, phase, done, total,"
                + " events_per_second, started_at, updated_at) VALUES (?, ?, ?, 'bulk', 0, ?, 0, ?,"
                + " ?)")
        .params(rebuildId, view, version, total, now, now)
        .update();
  }

  /** Records a rebuild's progress. */
  public void progress(
      String rebuildId, String phase, long done, long total, double eventsPerSecond) {
    jdbc.sql(
            "UPDATE projection_rebuild SET phase = ?, done = ?, total = ?, events_per_second = ?,"
                + " updated_at = ?, error = NULL WHERE rebuild_id = ?")
        .params(phase, done, total, eventsPerSecond, ViewTimes.millis(Instant.now()), rebuildId)
        .update();
  }

  /** Records a rebuild's failure. */
  public void failed(String rebuildId, String error) {
    var message = error == null ? "unknown" : error;
    jdbc.sql(
            "UPDATE projection_rebuild SET phase = 'failed', error = ?, updated_at = ?"
                + " WHERE rebuild_id = ?")
        .params(
            message.length() > 4000 ? message.substring(0, 4000) : message,
            ViewTimes.millis(Instant.now()),
            rebuildId)
        .update();
  }
}
