package io.driftless.query.api;

import io.driftless.events.ChangeIds;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import javax.sql.DataSource;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

/**
 * The drift state of each object of an app, decided at query time (query side README, "Drift and
 * ghost diffs"): the inventory's last op and change of the object ({@code resource_inventory}),
 * that change's trigger ({@code drift_change}), the object's ghost diffs ({@code ghost_diff}) and
 * its open drift ({@code resource_drift}: {@code DriftDetected} not yet ended by {@code
 * DriftCorrected}). Joining when asked, not when an event arrives, is what makes it independent of
 * the order in which the App's and the ResourceChange's events arrive. Shared by the overview
 * (counts) and the inventory (per object), which must not know each other. Null everywhere while
 * the drift view is not built (a store from before it, until its rebuild).
 */
@Component
public class DriftStates {

  /** In sync: no drift seen since the object's last deploy. */
  public static final String IN_SYNC = "in-sync";

  /** Its last write was a reconcile putting it back. */
  public static final String CORRECTED = "corrected";

  /** A reconcile's write of it failed. */
  public static final String FAILED = "failed";

  /** Someone changed owned fields and no write of the app has put them back yet. */
  public static final String DRIFTED = "drifted";

  /** The cluster keeps setting a field back (a ghost diff Driftless has not yielded). */
  public static final String GHOST_DIFF = "ghost-diff";

  /** Driftless yielded every ghost diff of it: it keeps the cluster's values. */
  public static final String YIELDED = "yielded";

  // DriftProjection.NAME and its version(): api/ is below the views and cannot import one.
  private static final String VIEW = "drift";
  private static final int VERSION = 1;

  private final JdbcClient jdbc;

  public DriftStates(DataSource dataSource) {
    this.jdbc = JdbcClient.create(dataSource);
  }

  /**
   * One object's drift.
   *
   * @param state one of the constants above
   * @param changeId the change the state comes from: the reconcile change that corrected it or
   *     failed, the change that last saw a ghost diff or yielded; null when in sync
   * @param at when: that change's start, the ghost diff's last sighting, the yield, the drift's
   *     detection
   * @param since when the open drift began (its first {@code DriftDetected}); null when none is
   *     open
   * @param changedBy the field managers that made the open drift, joined by {@code ", "}; null when
   *     none is open or the cluster did not say
   */
  public record Drift(String state, String changeId, Instant at, Instant since, String changedBy) {

    static final Drift NONE = new Drift(IN_SYNC, null, null);

    /** A state without an open drift. */
    public Drift(String state, String changeId, Instant at) {
      this(state, changeId, at, null, null);
    }

    Drift with(Open open) {
      return open == null ? this : new Drift(state, changeId, at, open.since(), open.changedBy());
    }
  }

  /** An object's open drift: the change it departs from, when it began, who made it. */
  private record Open(String changeId, Instant since, String changedBy) {}

  /**
   * An app's counts: objects drifted at some time (corrected, ghost-diff, failed), objects out of
   * sync now (ghost-diff, failed: a corrected object was put back, a yielded one is as the app
   * asked) and active ghost diffs.
   */
  public record Counts(long drifted, long outOfSync, long ghostDiffs) {}

  /** Whether the drift view is built (else there is no drift state to tell). */
  public boolean available() {
    return jdbc.sql("SELECT COUNT(*) FROM projection_build WHERE projection = ? AND version = ?")
            .params(VIEW, VERSION)
            .query(Long.class)
            .single()
        > 0;
  }

  /** Per resource id of the app's inventory, its drift; empty while the view is not built. */
  public Map<String, Drift> of(String appId) {
    return available() ? states(appId) : Map.of();
  }

  private Map<String, Drift> states(String appId) {
    var states = new HashMap<String, Drift>();
    var ghosts = ghosts(appId);
    var open = open(appId);
    jdbc.sql(
            "SELECT i.resource_id, i.last_op, i.last_change_id, c.change_trigger, c.started_at"
                + " FROM resource_inventory i LEFT JOIN drift_change c"
                + " ON c.app_id = i.app_id AND c.change_id = i.last_change_id WHERE i.app_id = ?")
        .param(appId)
        .query(
            rs -> {
              var id = rs.getString(1);
              var reconcile = "reconcile".equals(rs.getString(4));
              var last =
                  new LastChange(
                      rs.getString(2), rs.getString(3), reconcile, instant(rs.getTimestamp(5)));
              states.put(id, decide(last, ghosts.get(id), open.get(id)).with(open.get(id)));
            });
    return states;
  }

  /** The app's counts; null while the drift view is not built. */
  public Counts counts(String appId) {
    if (!available()) {
      return null;
    }
    var states = states(appId).values();
    var drifted = states.stream().filter(DriftStates::drifted).count();
    var outOfSync = states.stream().filter(DriftStates::outOfSync).count();
    var active =
        jdbc.sql("SELECT COUNT(*) FROM ghost_diff WHERE app_id = ? AND yielded = FALSE")
            .param(appId)
            .query(Long.class)
            .single();
    return new Counts(drifted, outOfSync, active);
  }

  /**
   * Every app's counts at once (the Apps list, issue 29 point 8: one answer instead of one overview
   * per app), by app id; apps without objects are absent; empty while the view is not built. Reads
   * the whole inventory, every ghost diff and every open drift in three statements and decides each
   * object as {@link #counts} does.
   */
  public Map<String, Counts> countsOfAll() {
    if (!available()) {
      return Map.of();
    }
    var ghosts = new HashMap<String, Map<String, Ghosts>>();
    var active = new HashMap<String, Long>();
    jdbc.sql(
            "SELECT app_id, resource_id, yielded, change_id, last_seen_at, yielded_change_id,"
                + " yielded_at FROM ghost_diff")
        .query(
            rs -> {
              var yielded = rs.getBoolean(3);
              var drift =
                  yielded
                      ? new Drift(YIELDED, rs.getString(6), instant(rs.getTimestamp(7)))
                      : new Drift(GHOST_DIFF, rs.getString(4), instant(rs.getTimestamp(5)));
              ghosts
                  .computeIfAbsent(rs.getString(1), k -> new HashMap<>())
                  .merge(
                      rs.getString(2),
                      yielded ? new Ghosts(null, drift) : new Ghosts(drift, null),
                      DriftStates::newer);
              if (!yielded) {
                active.merge(rs.getString(1), 1L, Long::sum);
              }
            });
    var open = new HashMap<String, Map<String, Open>>();
    jdbc.sql("SELECT app_id, resource_id, change_id, drift_since, changed_by FROM resource_drift")
        .query(
            rs -> {
              open.computeIfAbsent(rs.getString(1), k -> new HashMap<>())
                  .put(
                      rs.getString(2),
                      new Open(rs.getString(3), instant(rs.getTimestamp(4)), rs.getString(5)));
            });
    var drifted = new HashMap<String, Long>();
    var outOfSync = new HashMap<String, Long>();
    jdbc.sql(
            "SELECT i.app_id, i.resource_id, i.last_op, i.last_change_id, c.change_trigger,"
                + " c.started_at FROM resource_inventory i LEFT JOIN drift_change c"
                + " ON c.app_id = i.app_id AND c.change_id = i.last_change_id")
        .query(
            rs -> {
              var app = rs.getString(1);
              var last =
                  new LastChange(
                      rs.getString(3),
                      rs.getString(4),
                      "reconcile".equals(rs.getString(5)),
                      instant(rs.getTimestamp(6)));
              var id = rs.getString(2);
              var drift =
                  decide(
                      last,
                      ghosts.getOrDefault(app, Map.of()).get(id),
                      open.getOrDefault(app, Map.of()).get(id));
              drifted.merge(app, drifted(drift) ? 1L : 0L, Long::sum);
              outOfSync.merge(app, outOfSync(drift) ? 1L : 0L, Long::sum);
            });
    var counts = new HashMap<String, Counts>();
    drifted.forEach(
        (app, n) ->
            counts.put(
                app, new Counts(n, outOfSync.getOrDefault(app, 0L), active.getOrDefault(app, 0L))));
    return counts;
  }

  private static boolean drifted(Drift drift) {
    return switch (drift.state()) {
      case CORRECTED, GHOST_DIFF, FAILED, DRIFTED -> true;
      default -> false;
    };
  }

  private static boolean outOfSync(Drift drift) {
    return GHOST_DIFF.equals(drift.state())
        || FAILED.equals(drift.state())
        || DRIFTED.equals(drift.state());
  }

  /** An object's last op in the inventory and what is known of that change. */
  private record LastChange(String op, String changeId, boolean reconcile, Instant startedAt) {}

  /** An object's ghost diffs: the newest active and yielded ones. */
  private record Ghosts(Drift active, Drift yielded) {}

  /**
   * First match: a reconcile's failed write; an active ghost diff; an open drift; the newer of a
   * reconcile's write and a yield (by change number; the yield when both are of one change); else
   * in sync.
   */
  private static Drift decide(LastChange last, Ghosts ghosts, Open open) {
    if (last.reconcile() && last.op().endsWith("-failed")) {
      return new Drift(FAILED, last.changeId(), last.startedAt());
    }
    var active = ghosts == null ? null : ghosts.active();
    var yielded = ghosts == null ? null : ghosts.yielded();
    if (active != null) {
      return active;
    }
    if (open != null) {
      return new Drift(DRIFTED, open.changeId(), open.since());
    }
    var corrected =
        last.reconcile() ? new Drift(CORRECTED, last.changeId(), last.startedAt()) : null;
    if (corrected != null && yielded != null) {
      return number(yielded) >= number(corrected) ? yielded : corrected;
    }
    if (corrected != null || yielded != null) {
      return corrected != null ? corrected : yielded;
    }
    return Drift.NONE;
  }

  private static long number(Drift drift) {
    return ChangeIds.numberOf(drift.changeId());
  }

  private Map<String, Open> open(String appId) {
    var open = new HashMap<String, Open>();
    jdbc.sql(
            "SELECT resource_id, change_id, drift_since, changed_by FROM resource_drift"
                + " WHERE app_id = ?")
        .param(appId)
        .query(
            rs -> {
              open.put(
                  rs.getString(1),
                  new Open(rs.getString(2), instant(rs.getTimestamp(3)), rs.getString(4)));
            });
    return open;
  }

  private Map<String, Ghosts> ghosts(String appId) {
    var ghosts = new HashMap<String, Ghosts>();
    jdbc.sql(
            "SELECT resource_id, yielded, change_id, last_seen_at, yielded_change_id, yielded_at"
                + " FROM ghost_diff WHERE app_id = ?")
        .param(appId)
        .query(
            rs -> {
              var yielded = rs.getBoolean(2);
              var drift =
                  yielded
                      ? new Drift(YIELDED, rs.getString(5), instant(rs.getTimestamp(6)))
                      : new Drift(GHOST_DIFF, rs.getString(3), instant(rs.getTimestamp(4)));
              ghosts.merge(
                  rs.getString(1),
                  yielded ? new Ghosts(null, drift) : new Ghosts(drift, null),
                  DriftStates::newer);
            });
    return ghosts;
  }

  private static Ghosts newer(Ghosts a, Ghosts b) {
    return new Ghosts(newer(a.active(), b.active()), newer(a.yielded(), b.yielded()));
  }

  private static Drift newer(Drift a, Drift b) {
    if (a == null || b == null) {
      return a == null ? b : a;
    }
    return a.at().isAfter(b.at()) ? a : b;
  }

  private static Instant instant(Timestamp timestamp) {
    return timestamp == null ? null : timestamp.toInstant();
  }
}
