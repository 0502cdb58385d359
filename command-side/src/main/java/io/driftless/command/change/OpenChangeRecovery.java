package io.driftless.command.change;

import io.driftless.command.app.AbandonAppChange;
import io.driftless.command.plan.AggregateStates;
import io.driftless.events.AppChangeStarted;
import io.driftless.events.AppLocked;
import io.driftless.events.AppUnlocked;
import io.driftless.events.EventCatalog;
import io.driftless.shared.DaemonThreads;
import java.time.Clock;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * Closes as failed the changes a crash left open, with any number of command-side replicas on one
 * event store (command-side README, "Crash recovery"). Every change is claimed by the replica that
 * runs it ({@link ChangeClaims}); a change is closed only when no live replica runs it:
 *
 * <ul>
 *   <li>on start, every open change (an App whose newest event is {@link AppChangeStarted}, or a
 *       lock or unlock that may have come after it) whose claim is missing (a store from before
 *       claims) or is not held by another heartbeating replica (this replica's previous life, with
 *       a fixed {@code driftless.recovery.replica-id}, or a replica whose heartbeat lapsed);
 *   <li>every {@code driftless.recovery.check-period}, after this replica's heartbeat, the changes
 *       whose claim is orphaned: its replica stopped heartbeating for {@code lease-duration}, or it
 *       is this replica's own and no thread of it runs the change any more (its finish failed, e.g.
 *       on a lost database connection).
 * </ul>
 *
 * Two replicas closing the same change at once is harmless: the event store's sequence check lets
 * one through, the other's refusal is logged.
 *
 * <p>Each change is closed with the true reason: {@value #STOPPED} and which replica stopped (its
 * heartbeat lapsed, or it restarted), or, for a change its own running replica failed to finish
 * (even its failed finish failed), that failure. A change that failed on an exception is finished
 * by its own thread at once ({@code DeployService}), never left for this class (issue 25).
 */
@Component
public class OpenChangeRecovery implements ApplicationRunner, DisposableBean {

  private static final Logger log = LoggerFactory.getLogger(OpenChangeRecovery.class);

  /** How every reason of a change closed because its replica stopped begins. */
  static final String STOPPED = "the command side stopped during the change";

  private static final String OPEN_APPS =
      """
      SELECT e.aggregate_identifier
      FROM domain_event_entry e
      JOIN (SELECT aggregate_identifier, MAX(sequence_number) AS seq
            FROM domain_event_entry WHERE type = ? GROUP BY aggregate_identifier) newest
        ON e.aggregate_identifier = newest.aggregate_identifier AND e.sequence_number = newest.seq
      WHERE e.payload_type IN (?, ?, ?)
      """;

  private final JdbcTemplate jdbc;
  private final AggregateStates states;
  private final CommandGateway commands;
  private final Clock clock;
  private final ChangeClaims claims;
  private final RecoverySettings settings;
  private final ScheduledExecutorService checks =
      Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("change-recovery"));

  OpenChangeRecovery(
      JdbcTemplate jdbc,
      AggregateStates states,
      CommandGateway commands,
      Clock clock,
      ChangeClaims claims,
      RecoverySettings settings) {
    this.jdbc = jdbc;
    this.states = states;
    this.commands = commands;
    this.clock = clock;
    this.claims = claims;
    this.settings = settings;
  }

  @Override
  public void run(ApplicationArguments args) {
    closeOpenChangesNobodyRuns();
    var period = settings.checkPeriod().toMillis();
    checks.scheduleWithFixedDelay(this::checkSafely, period, period, TimeUnit.MILLISECONDS);
  }

  /** The start-up pass over every open change of the store. */
  void closeOpenChangesNobodyRuns() {
    var open =
        jdbc.queryForList(
            OPEN_APPS,
            String.class,
            EventCatalog.APP,
            AppChangeStarted.class.getName(),
            // a lock or unlock may follow the start of a change that is still open (issue 27)
            AppLocked.class.getName(),
            AppUnlocked.class.getName());
    for (var appId : open) {
      var changeId = states.app(appId).changeInProgress();
      if (changeId != null && !claims.runElsewhere(appId, changeId)) {
        var owner = claims.ownerOf(appId, changeId);
        close(appId, changeId, stoppedAtStart(owner.orElse(null)));
        claims.forget(new ChangeClaims.Claim(appId, changeId, owner.orElse(claims.replicaId())));
      }
    }
    closeOrphans();
  }

  /** Why a change open at this replica's start is closed, by who claimed it (null: nobody). */
  private String stoppedAtStart(String owner) {
    if (owner == null) {
      return STOPPED
          + ": it was open, claimed by no replica, when replica "
          + claims.replicaId()
          + " started";
    }
    if (owner.equals(claims.replicaId())) {
      return STOPPED + ": replica " + owner + " running it stopped and was started again";
    }
    return lapsed(owner);
  }

  private String lapsed(String owner) {
    return STOPPED
        + ": replica "
        + owner
        + " running it stopped (no heartbeat for "
        + settings.leaseDuration().toSeconds()
        + " s)";
  }

  /** One periodic pass: heartbeat, then close what the claims say nobody runs. */
  void check() {
    claims.heartbeat();
    closeOrphans();
    claims.forgetDeadReplicas();
  }

  private void closeOrphans() {
    for (var claim : claims.orphaned()) {
      var inProgress = states.app(claim.appId()).changeInProgress();
      if (claim.changeId().equals(inProgress)) {
        close(claim.appId(), claim.changeId(), whyOrphaned(claim));
      }
      claims.forget(claim);
    }
  }

  /**
   * Why an orphaned claim's change is closed: another replica's lapsed heartbeat; for this
   * replica's own claim, the failure that left it open in this life, else (a previous life's claim)
   * a restart.
   */
  private String whyOrphaned(ChangeClaims.Claim claim) {
    if (!claim.replicaId().equals(claims.replicaId())) {
      return lapsed(claim.replicaId());
    }
    return claims
        .whyUnfinished(claim)
        .map(why -> "its end could not be recorded when it failed: " + why)
        .orElseGet(() -> stoppedAtStart(claim.replicaId()));
  }

  private void close(String appId, String changeId, String why) {
    log.warn("Closing change {} of {} as failed: {}", changeId, appId, why);
    try {
      commands.sendAndWait(new AbandonAppChange(appId, changeId, why, clock.instant()));
    } catch (RuntimeException e) {
      // Another replica closed it first, or its replica finished it after all.
      log.info("Change {} of {} was not closed here: {}", changeId, appId, e.getMessage());
    }
  }

  private void checkSafely() {
    try {
      check();
    } catch (RuntimeException e) {
      log.warn(
          "Crash recovery check failed, trying again in {}: {}",
          settings.checkPeriod(),
          e.getMessage());
    }
  }

  @Override
  public void destroy() {
    checks.shutdownNow();
  }
}
