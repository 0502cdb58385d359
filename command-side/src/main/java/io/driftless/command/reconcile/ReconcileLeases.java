package io.driftless.command.reconcile;

import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The {@code reconcile_lease} table: per app its schedule, its lease and its last result. A lease
 * is taken with one conditional UPDATE ({@code ... WHERE next_run_at <= now AND (lease_until < now
 * OR owner = me)}): the database decides, so of several replicas exactly one gets a due app, and a
 * claim left by a dead replica expires. Works the same on MariaDB and H2.
 */
final class ReconcileLeases {

  private final JdbcTemplate jdbc;

  ReconcileLeases(JdbcTemplate jdbc) {
    this.jdbc = jdbc;
  }

  /** What operators see of an app's reconciles. */
  record Row(
      String appId,
      String owner,
      long leaseUntil,
      long nextRunAt,
      int failures,
      long runs,
      Long lastReconciledAt,
      String lastResult,
      String lastChangeId,
      String lastError) {}

  /** The apps of the event store: every App aggregate, deleted ones included. */
  List<String> storedApps() {
    return jdbc.queryForList(
        "SELECT DISTINCT aggregate_identifier FROM domain_event_entry WHERE type = 'App'",
        String.class);
  }

  /** Adds a row for each app that has none, first due at {@code firstRun}. */
  void ensure(List<String> appIds, Instant firstRun) {
    Set<String> known =
        new HashSet<>(jdbc.queryForList("SELECT app_id FROM reconcile_lease", String.class));
    for (var appId : appIds) {
      if (known.contains(appId)) {
        continue;
      }
      try {
        jdbc.update(
            "INSERT INTO reconcile_lease (app_id, next_run_at) VALUES (?, ?)",
            appId,
            firstRun.toEpochMilli());
      } catch (DuplicateKeyException e) {
        // another replica added it first
      }
    }
  }

  /** Up to {@code limit} apps due at {@code now} whose lease is free, soonest first. */
  List<String> due(Instant now, int limit) {
    return jdbc.queryForList(
        "SELECT app_id FROM reconcile_lease WHERE next_run_at <= ? AND lease_until < ?"
            + " ORDER BY next_run_at LIMIT ?",
        String.class,
        now.toEpochMilli(),
        now.toEpochMilli(),
        limit);
  }

  /** Takes the app's lease until {@code until} if it is due and free (or already ours). */
  boolean claim(String appId, String owner, Instant now, Instant until) {
    return jdbc.update(
            "UPDATE reconcile_lease SET owner = ?, lease_until = ?"
                + " WHERE app_id = ? AND next_run_at <= ? AND (lease_until < ? OR owner = ?)",
            owner,
            until.toEpochMilli(),
            appId,
            now.toEpochMilli(),
            now.toEpochMilli(),
            owner)
        == 1;
  }

  /**
   * Releases our lease with the reconcile's result and the next run; false when the lease was no
   * longer ours (it expired and another replica took it).
   */
  boolean release(String appId, String owner, Instant at, Result result, Instant nextRun) {
    return jdbc.update(
            "UPDATE reconcile_lease SET owner = NULL, lease_until = 0, next_run_at = ?,"
                + " failures = ?, runs = runs + 1, last_reconciled_at = ?, last_result = ?,"
                + " last_change_id = ?, last_error = ? WHERE app_id = ? AND owner = ?",
            nextRun.toEpochMilli(),
            result.failures(),
            at.toEpochMilli(),
            result.name(),
            result.changeId(),
            result.error() == null ? null : truncated(result.error()),
            appId,
            owner)
        == 1;
  }

  /** Brings an app's next run forward to {@code at} (a watch trigger); never pushes it back. */
  void runBy(String appId, Instant at) {
    var updated =
        jdbc.update(
            "UPDATE reconcile_lease SET next_run_at = ? WHERE app_id = ? AND next_run_at > ?",
            at.toEpochMilli(),
            appId,
            at.toEpochMilli());
    if (updated == 0) {
      ensure(List.of(appId), at);
    }
  }

  /** Whether some replica holds the app's lease at {@code now} (a reconcile of it is running). */
  boolean leased(String appId, Instant now) {
    var rows =
        jdbc.queryForList(
            "SELECT lease_until FROM reconcile_lease WHERE app_id = ?", Long.class, appId);
    return !rows.isEmpty() && rows.get(0) >= now.toEpochMilli();
  }

  /** The app's failures in a row so far. */
  int failures(String appId) {
    var rows =
        jdbc.queryForList(
            "SELECT failures FROM reconcile_lease WHERE app_id = ?", Integer.class, appId);
    return rows.isEmpty() ? 0 : rows.get(0);
  }

  /** Every row, by app id. */
  List<Row> rows() {
    return jdbc.query(
        "SELECT app_id, owner, lease_until, next_run_at, failures, runs, last_reconciled_at,"
            + " last_result, last_change_id, last_error FROM reconcile_lease ORDER BY app_id",
        (rs, i) ->
            new Row(
                rs.getString(1),
                rs.getString(2),
                rs.getLong(3),
                rs.getLong(4),
                rs.getInt(5),
                rs.getLong(6),
                (Long) rs.getObject(7, Long.class),
                rs.getString(8),
                rs.getString(9),
                rs.getString(10)));
  }

  /**
   * A reconcile's result as stored.
   *
   * @param name {@code noop}, {@code applied}, {@code failed}, {@code busy} or {@code gone}
   * @param failures failures in a row after it
   */
  record Result(String name, int failures, String changeId, String error) {}

  private static String truncated(String text) {
    return text.length() <= 1000 ? text : text.substring(0, 997) + "...";
  }
}
