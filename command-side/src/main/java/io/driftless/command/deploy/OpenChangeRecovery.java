package io.driftless.command.deploy;

import io.driftless.command.app.AbandonAppChange;
import io.driftless.events.AppChangeStarted;
import io.driftless.events.EventCatalog;
import java.time.Clock;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * On start, closes as failed every change a crash left open: an App whose newest event is {@link
 * AppChangeStarted}. With several command-side replicas this would also close a change another live
 * replica is running; run one replica, or give the replicas a shared lock (not built yet).
 */
@Component
class OpenChangeRecovery implements ApplicationRunner {

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

  OpenChangeRecovery(
      JdbcTemplate jdbc, AggregateStates states, CommandGateway commands, Clock clock) {
    this.jdbc = jdbc;
    this.states = states;
    this.commands = commands;
    this.clock = clock;
  }

  @Override
  public void run(ApplicationArguments args) {
    var open =
        jdbc.queryForList(
            OPEN_APPS, String.class, EventCatalog.APP, AppChangeStarted.class.getName());
    for (var appId : open) {
      var changeId = states.app(appId).changeInProgress();
      if (changeId != null) {
        log.warn(
            "Closing change {} of {} as failed: it was open when the command side stopped",
            changeId,
            appId);
        commands.sendAndWait(
            new AbandonAppChange(
                appId, changeId, "the command side stopped during the change", clock.instant()));
      }
    }
  }
}
