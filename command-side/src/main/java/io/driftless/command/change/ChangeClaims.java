package io.driftless.command.change;

import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.InitializingBean;
import org.springframework.dao.DataAccessException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * Which replica runs which open change: the {@code command_replica} and {@code change_claim} tables
 * (V12). This replica heartbeats its row; {@link #claim} inserts a change's claim in the
 * transaction that starts the change (the caller's: {@link ChangeStarts}), so an open change never
 * exists without a claim; {@link #release} deletes it once the change has ended. {@link #orphaned}
 * lists the claims nobody will finish: those of replicas that stopped heartbeating, and this
 * replica's own whose change no thread of it runs any more (a finish that failed, or a previous
 * life of a replica with a fixed id). Times are the replicas' clocks: their skew must stay well
 * below the lease.
 */
@Component
class ChangeClaims implements InitializingBean, DisposableBean {

  private static final Logger log = LoggerFactory.getLogger(ChangeClaims.class);

  /** An open change and the replica that claimed it. */
  record Claim(String appId, String changeId, String replicaId) {}

  private final JdbcTemplate jdbc;
  private final Clock clock;
  private final RecoverySettings settings;
  private final String replicaId;
  private final long startedAt;
  private final Set<String> running = ConcurrentHashMap.newKeySet();
  private final Map<String, String> unfinished = new ConcurrentHashMap<>();

  ChangeClaims(JdbcTemplate jdbc, Clock clock, RecoverySettings settings) {
    this.jdbc = jdbc;
    this.clock = clock;
    this.settings = settings;
    this.replicaId =
        settings.replicaId().isEmpty() ? "replica-" + UUID.randomUUID() : settings.replicaId();
    this.startedAt = clock.millis();
  }

  /** This replica's name in the claims. */
  String replicaId() {
    return replicaId;
  }

  @Override
  public void afterPropertiesSet() {
    heartbeat();
    log.info(
        "Command-side replica {}: its open changes are its own while it heartbeats (lease {})",
        replicaId,
        settings.leaseDuration());
  }

  /** Keeps this replica alive in {@code command_replica} for one more lease. */
  void heartbeat() {
    var until = clock.millis() + settings.leaseDuration().toMillis();
    var updated =
        jdbc.update(
            "UPDATE command_replica SET alive_until = ? WHERE replica_id = ?", until, replicaId);
    if (updated == 0) {
      jdbc.update(
          "INSERT INTO command_replica (replica_id, started_at, alive_until) VALUES (?, ?, ?)",
          replicaId,
          startedAt,
          until);
    }
  }

  /**
   * Claims the change for this replica, inside the caller's transaction (the one storing {@code
   * AppChangeStarted}): a rollback takes the claim back with the start. Call {@link #release} once
   * the change has ended, or when the start failed.
   */
  void claim(String appId, String changeId) {
    running.add(key(appId, changeId));
    jdbc.update("DELETE FROM change_claim WHERE app_id = ?", appId);
    jdbc.update(
        "INSERT INTO change_claim (app_id, change_id, replica_id, claimed_at) VALUES (?, ?, ?, ?)",
        appId,
        changeId,
        replicaId,
        clock.millis());
  }

  /**
   * No thread of this replica runs the change any more. {@code finished}: the change has ended, and
   * its claim is deleted (best effort). Otherwise (a finish that failed, a start whose outcome is
   * unknown) the claim stays: {@link #orphaned} lists it, and recovery closes the change if it is
   * still open.
   */
  void release(String appId, String changeId, boolean finished) {
    release(appId, changeId, finished, null);
  }

  /**
   * As {@link #release(String, String, boolean)}; {@code why}: for a change that did not finish,
   * why its end could not be recorded (its finish's failure), which recovery then closes it with.
   */
  void release(String appId, String changeId, boolean finished, String why) {
    var key = key(appId, changeId);
    if (!finished && why != null) {
      unfinished.put(key, why);
    }
    running.remove(key);
    if (finished) {
      forget(new Claim(appId, changeId, replicaId));
    }
  }

  /**
   * Why this replica left its change open while running (its finish failed), if it did in this
   * life; empty for a change of a previous life.
   */
  Optional<String> whyUnfinished(Claim claim) {
    return Optional.ofNullable(unfinished.get(key(claim.appId(), claim.changeId())));
  }

  /** The replica that claims the app's change {@code changeId}, if any. */
  Optional<String> ownerOf(String appId, String changeId) {
    return jdbc
        .queryForList(
            "SELECT replica_id FROM change_claim WHERE app_id = ? AND change_id = ?",
            String.class,
            appId,
            changeId)
        .stream()
        .findFirst();
  }

  /** Deletes the claim, if it is still the app's (never another replica's claim of the app). */
  void forget(Claim claim) {
    var appId = claim.appId();
    var changeId = claim.changeId();
    try {
      unfinished.remove(key(appId, changeId));
      jdbc.update(
          "DELETE FROM change_claim WHERE app_id = ? AND change_id = ? AND replica_id = ?",
          appId,
          changeId,
          claim.replicaId());
    } catch (DataAccessException e) {
      log.warn("Could not delete the claim of {} of {}: {}", changeId, appId, e.getMessage());
    }
  }

  /**
   * Whether a replica other than this one, heartbeating, runs the app's change {@code changeId}.
   */
  boolean runElsewhere(String appId, String changeId) {
    var owners =
        jdbc.queryForList(
            "SELECT c.replica_id FROM change_claim c JOIN command_replica r"
                + " ON r.replica_id = c.replica_id"
                + " WHERE c.app_id = ? AND c.change_id = ? AND r.alive_until >= ?",
            String.class,
            appId,
            changeId,
            clock.millis());
    return owners.stream().anyMatch(owner -> !owner.equals(replicaId));
  }

  /**
   * The claims nobody will finish: their replica's heartbeat lapsed (or its row is gone), or they
   * are this replica's and none of its threads runs the change.
   */
  List<Claim> orphaned() {
    var claims =
        jdbc.query(
            "SELECT c.app_id, c.change_id, c.replica_id FROM change_claim c"
                + " LEFT JOIN command_replica r ON r.replica_id = c.replica_id"
                + " WHERE r.replica_id IS NULL OR r.alive_until < ? OR c.replica_id = ?",
            (rs, row) -> new Claim(rs.getString(1), rs.getString(2), rs.getString(3)),
            clock.millis(),
            replicaId);
    return claims.stream()
        .filter(
            c ->
                !c.replicaId().equals(replicaId) || !running.contains(key(c.appId(), c.changeId())))
        .toList();
  }

  /** Forgets replicas whose heartbeat lapsed long ago and that claim nothing any more. */
  void forgetDeadReplicas() {
    jdbc.update(
        "DELETE FROM command_replica WHERE alive_until < ? AND replica_id NOT IN"
            + " (SELECT replica_id FROM change_claim)",
        clock.millis() - settings.leaseDuration().toMillis() * 10);
  }

  /** A clean stop: the other replicas may close what this one leaves open at once. */
  @Override
  public void destroy() {
    try {
      jdbc.update("DELETE FROM command_replica WHERE replica_id = ?", replicaId);
    } catch (DataAccessException e) {
      log.warn("Could not remove replica {} at stop: {}", replicaId, e.getMessage());
    }
  }

  private static String key(String appId, String changeId) {
    return appId + "\n" + changeId;
  }
}
