package io.driftless.query.projection;

import static org.assertj.core.api.Assertions.assertThat;

import com.zaxxer.hikari.HikariDataSource;
import io.driftless.events.AppChangeFinished;
import io.driftless.events.AppChangeStarted;
import io.driftless.events.EventEnvelope;
import io.driftless.events.testing.EventHistoryGenerator;
import io.driftless.query.drift.DriftProjection;
import io.driftless.query.history.HistoryProjection;
import io.driftless.query.inventory.InventoryProjection;
import io.driftless.query.overview.OverviewProjection;
import io.driftless.query.support.DriftFold;
import io.driftless.query.support.LocalServices;
import io.driftless.query.support.SequentialFold;
import io.driftless.query.support.ViewTables;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.jdbc.support.JdbcTransactionManager;

/**
 * Events stored with sub-millisecond digits (the command side's {@code Instant.now()} has
 * nanoseconds) land in the views' {@code TIMESTAMP(3)} columns as the sequential fold has them,
 * truncated to the millisecond, on the standalone server's H2 as on MariaDB (issue 25: H2 rounded,
 * so {@code app_change}, {@code app_overview} and {@code drift_change} were 1 ms late for every
 * time whose sub-millisecond part was 500 µs or more).
 */
class SubMillisecondTimesIT {

  private static final int KEEP = 3;
  private static final int APPS = 12;

  private HikariDataSource dataSource;

  @AfterEach
  void close() {
    if (dataSource != null) {
      dataSource.close();
    }
  }

  @ParameterizedTest(name = "on {0}")
  @ValueSource(strings = {"H2", "MariaDB"})
  void timesWithSubMillisecondDigitsAreStoredAsTheFoldTruncatesThem(String database) {
    dataSource = database.equals("H2") ? h2Views() : LocalServices.migratedViews("driftless_ms_it");
    var events =
        subMillisecond(
            DriftFold.withDrift(new EventHistoryGenerator(17L).generate(APPS, 3, 1_500), 17L));
    var applier = applier();

    assertThat(applier.applyAll(events)).containsOnly(Outcome.APPLIED);

    var fold = new SequentialFold(events, KEEP);
    var tables = new ViewTables(dataSource);
    assertThat(tables.changes()).isEqualTo(fold.changes());
    assertThat(tables.overview()).isEqualTo(fold.overview());
    assertThat(DriftFold.driftChanges(dataSource))
        .isEqualTo(new DriftFold(events, KEEP).driftChanges());
    var newest = events.stream().map(EventEnvelope::occurredAt).max(Instant::compareTo).get();
    assertThat(applier.lastEventTimes())
        .as("the views' newest stored event times, as the lag is computed from them")
        .containsEntry("history", newest.truncatedTo(ChronoUnit.MILLIS));
  }

  /**
   * The events with every change's start, finish and stored time moved into its millisecond by 500
   * µs to 999.999999 µs (by less than 500 µs for every fifth change: those never differed).
   */
  private static List<EventEnvelope> subMillisecond(List<EventEnvelope> events) {
    var moved = new ArrayList<EventEnvelope>(events.size());
    for (int i = 0; i < events.size(); i++) {
      var event = events.get(i);
      var nanos = i % 5 == 0 ? 123_456 : 500_000 + (i * 7_919_993L) % 500_000;
      var payload = event.payload();
      if (payload instanceof AppChangeStarted s) {
        payload =
            new AppChangeStarted(
                s.appId(),
                s.changeId(),
                s.changeNumber(),
                s.trigger(),
                s.startedAt().plusNanos(nanos),
                s.namespaces(),
                s.desired(),
                s.ops(),
                s.waits(),
                s.description(),
                s.syncPeriod(),
                s.ghostDiffPolicy(),
                s.kappConfigs());
      } else if (payload instanceof AppChangeFinished f) {
        payload =
            new AppChangeFinished(
                f.appId(),
                f.changeId(),
                f.successful(),
                f.description(),
                f.ops(),
                f.waits(),
                f.finishedAt().plusNanos(nanos),
                f.error());
      }
      moved.add(
          EventEnvelope.of(
              event.eventId(), event.sequence(), event.occurredAt().plusNanos(nanos), payload));
    }
    assertThat(moved)
        .as("the start and finish times of changes have sub-millisecond digits of 500 µs or more")
        .anyMatch(
            e ->
                e.payload() instanceof AppChangeStarted s
                    && s.startedAt().getNano() % 1_000_000 >= 500_000)
        .anyMatch(
            e ->
                e.payload() instanceof AppChangeFinished f
                    && f.finishedAt().getNano() % 1_000_000 >= 500_000);
    return moved;
  }

  private ProjectionApplier applier() {
    return new ProjectionApplier(
        List.of(
            new HistoryProjection(KEEP),
            new OverviewProjection(),
            new InventoryProjection(),
            new DriftProjection()),
        ViewJdbc.of(dataSource),
        ProjectionApplier.transactions(new JdbcTransactionManager(dataSource)));
  }

  /** The embedded views of the standalone server: H2 in MariaDB mode, as its application.yml. */
  private static HikariDataSource h2Views() {
    var h2 = new HikariDataSource();
    h2.setJdbcUrl(
        "jdbc:h2:mem:ms-"
            + LocalServices.runId()
            + ";MODE=MariaDB;DATABASE_TO_LOWER=TRUE;NON_KEYWORDS=VALUE;DB_CLOSE_DELAY=-1");
    h2.setUsername("sa");
    h2.setPassword("");
    Flyway.configure().dataSource(h2).locations("classpath:db/query").load().migrate();
    return h2;
  }
}
