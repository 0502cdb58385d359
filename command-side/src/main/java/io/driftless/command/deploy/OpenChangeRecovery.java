package io.driftless.command.deploy;

import io.driftless.command.app.AbandonAppChange;
import io.driftless.events.AppChangeStarted;
import io.driftless.events.EventCatalog;
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
 *   <li>on start, every open change (an App whose newest event is {@link AppChangeStarted}) whose
 *       claim is missing (a store from before claims) or is not held by another heartbeating
 *       replica (this replica's previous life, with a fixed {@code driftless.recovery.replica-id},
 *       or a replica whose heartbeat lapsed);
 *   <li>every {@code driftless.recovery.check-period}, after this replica's heartbeat, the changes
 *       whose claim is orphaned: its replica stopped heartbeating for {@code lease-duration}, or it
 *       is this replica's own and no thread of it runs the change any more (its finish failed, e.g.
 *       on a lost database connection).
 * </ul>
 *
 * Two replicas closing the same change at once is harmless: the event store's sequence check lets
 * one through, the other's refusal is logged.
 */
@Component
class OpenChangeRecovery implements ApplicationRunner, DisposableBean {

  private static final Logger log = LoggerFactory.getLogger(OpenChangeRecovery.class);
  private static final String OPEN_APPS =
      """
      SELECT e.aggregate_identifier
      FROM domain_event_entry e
      JOIN (SELECT aggregate_identifier, MAX(sequence_number) AS seq
            FROM domain_event_entry WHERE type = ? GROUP BY aggregate_identifier) newest
        ON e.aggregate_identifier = newest.aggregate_identifier AND e.sequence_number = newest.seq
      WHERE e.payload_type = ?
      """;

  private final JdbcTemplate jdbc;
  private final AggregateStates states;
  private final CommandGateway commands;
  private final Clock clock;
  private final ChangeClaims claims;
  private final RecoverySettings settings;
  private final ScheduledExecutorService checks =
      Executors.newSingleThreadScheduledExecutor(
          task -> {
            var thread = new Thread(task, "change-recovery");
            thread.setDaemon(true);
            return thread;
          });

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
            OPEN_APPS, String.class, EventCatalog.APP, AppChangeStarted.class.getName());
    for (var appId : open) {
      var changeId = states.app(appId).changeInProgress();
      if (changeId != null && !claims.runElsewhere(appId, changeId)) {
        close(appId, changeId, "it was open when the command side stopped");
        claims.forget(new ChangeClaims.Claim(appId, changeId, claims.replicaId()));
      }
    }
    closeOrphans();
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
        close(
            claim.appId(),
            claim.changeId(),
            claim.replicaId().equals(claims.replicaId())
                ? "it was open when the command side stopped"
                : "the command-side replica running it (" + claim.replicaId() + ") stopped");
      }
      claims.forget(claim);
    }
  }

  private void close(String appId, String changeId, String why) {
    log.warn("Closing change {} of {} as failed: {}", changeId, appId, why);
    try {
      commands.sendAndWait(
          new AbandonAppChange(
              appId, changeId, "the command side stopped during the change", clock.instant()));
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
