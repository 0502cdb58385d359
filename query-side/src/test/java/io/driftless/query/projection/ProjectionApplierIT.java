package io.driftless.query.projection;

import static org.assertj.core.api.Assertions.assertThat;

import com.zaxxer.hikari.HikariDataSource;
import io.driftless.events.EventEnvelope;
import io.driftless.events.FieldChange;
import io.driftless.events.ResourceCreated;
import io.driftless.events.ResourceIds;
import io.driftless.events.ResourceRef;
import io.driftless.events.testing.EventHistoryGenerator;
import io.driftless.query.drift.DriftProjection;
import io.driftless.query.history.HistoryProjection;
import io.driftless.query.inventory.InventoryProjection;
import io.driftless.query.overview.OverviewProjection;
import io.driftless.query.support.DriftFold;
import io.driftless.query.support.LocalServices;
import io.driftless.query.support.ProvenanceEvents;
import io.driftless.query.support.SequentialFold;
import io.driftless.query.support.ViewTables;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.JdbcTransactionManager;

/**
 * The set-based applier on MariaDB, without a broker: however the events are cut into batches
 * (large ones, whose statements are split into chunks, and random ones, shuffled, with duplicates
 * and gaps that come again later), the views equal the sequential fold. Few changes are kept per
 * app, so batches also prune.
 */
class ProjectionApplierIT {

  private static final int KEEP = 3;

  private HikariDataSource dataSource;
  private ProjectionApplier applier;

  @BeforeEach
  void views() {
    dataSource = LocalServices.migratedViews("driftless_applier_it");
    applier = applier(ViewJdbc.of(dataSource));
  }

  /** The views on {@code jdbc}: a {@link ViewJdbc}, as the query side wires it, or Spring's own. */
  private ProjectionApplier applier(JdbcClient jdbc) {
    return new ProjectionApplier(
        List.of(
            new HistoryProjection(KEEP),
            new OverviewProjection(),
            new InventoryProjection(),
            new DriftProjection()),
        jdbc,
        ProjectionApplier.transactions(new JdbcTransactionManager(dataSource)));
  }

  @AfterEach
  void close() {
    dataSource.close();
  }

  @ParameterizedTest(name = "bound by {0}")
  @ValueSource(strings = {"ViewJdbc", "Spring"})
  void largeBatchesInStoreOrderEqualTheFold(String binding) {
    if (binding.equals("Spring")) {
      applier = applier(JdbcClient.create(dataSource));
    }
    var events =
        ProvenanceEvents.withProvenance(
            DriftFold.withDrift(new EventHistoryGenerator(7L).generate(80, 5, 6_000), 7L), 7L);
    for (int from = 0; from < events.size(); from += 1_500) {
      var batch = events.subList(from, Math.min(events.size(), from + 1_500));
      assertThat(applier.applyAll(batch)).containsOnly(Outcome.APPLIED);
    }
    assertEqualsFold(events, 80);
  }

  @Test
  void shuffledRandomBatchesWithDuplicatesEqualTheFoldOnceEveryGapIsRetried() {
    var events =
        ProvenanceEvents.withProvenance(
            DriftFold.withDrift(new EventHistoryGenerator(11L).generate(40, 4, 3_000), 11L), 11L);
    var random = new Random(5);
    var pending = new ArrayList<EventEnvelope>(events);
    pending.addAll(events.subList(0, events.size() / 10));
    var rounds = 0;
    var gaps = 0;
    while (!pending.isEmpty()) {
      assertThat(++rounds).as("rounds until every gap is closed").isLessThan(10_000);
      Collections.shuffle(pending, random);
      var size = Math.min(pending.size(), 1 + random.nextInt(700));
      var batch = List.copyOf(pending.subList(0, size));
      var outcomes = applier.applyAll(batch);
      var retry = new ArrayList<EventEnvelope>();
      for (int i = 0; i < batch.size(); i++) {
        if (outcomes.get(i) == Outcome.GAP) {
          retry.add(batch.get(i));
        }
      }
      gaps += retry.size();
      pending.subList(0, size).clear();
      pending.addAll(retry);
    }
    assertThat(gaps).as("the shuffle must produce gaps").isPositive();
    assertEqualsFold(events, 40);
  }

  @Test
  void lastEventTimesAreTheNewestAppliedStoredTimesForEveryApplierOnTheViews() {
    var events = new EventHistoryGenerator(13L).generate(10, 4, 800);
    var shuffled = new ArrayList<>(events);
    Collections.shuffle(shuffled, new Random(3));
    var pending = new ArrayList<EventEnvelope>(shuffled);
    while (!pending.isEmpty()) {
      var outcomes = applier.applyAll(pending);
      var gaps = new ArrayList<EventEnvelope>();
      for (int i = 0; i < pending.size(); i++) {
        if (outcomes.get(i) == Outcome.GAP) {
          gaps.add(pending.get(i));
        }
      }
      pending = gaps;
    }
    applier.applyAll(events.subList(0, 10));

    var newest = events.get(events.size() - 1).occurredAt();
    var newestResource =
        events.stream()
            .filter(e -> e.aggregateType().equals("ResourceChange"))
            .map(EventEnvelope::occurredAt)
            .max(Instant::compareTo)
            .orElseThrow();
    var restarted =
        new ProjectionApplier(
            applier.projections(),
            JdbcClient.create(dataSource),
            ProjectionApplier.transactions(new JdbcTransactionManager(dataSource)));
    assertPositionCountsEveryEventOnce(events.size());
    assertThat(restarted.lastEventTimes())
        .isEqualTo(
            Map.of(
                "history",
                newest,
                "overview",
                newest,
                "inventory",
                newestResource,
                "drift",
                newest));
  }

  @Test
  void aBatchOfLargeFieldDiffsIsSplitBelowThePacketLimit() {
    var app = "team-a/big";
    var value = "x".repeat(1_000_000);
    var events = new ArrayList<EventEnvelope>();
    for (int i = 0; i < 24; i++) {
      var ref = new ResourceRef("v1", "ConfigMap", "team-a", "big-" + i);
      events.add(
          EventEnvelope.of(
              UUID.randomUUID().toString(),
              0,
              Instant.parse("2026-11-21T10:00:00Z"),
              new ResourceCreated(
                  ResourceIds.resourceId(app, ref),
                  app,
                  app + "-change-1",
                  ref,
                  Map.of(),
                  "sha256:" + i,
                  "1",
                  1,
                  List.of(new FieldChange("data.blob", null, value, "desired")),
                  Instant.parse("2026-11-21T10:00:00Z"))));
    }

    assertThat(applier.applyAll(events)).containsOnly(Outcome.APPLIED);

    var stored =
        JdbcClient.create(dataSource)
            .sql("SELECT COUNT(*), MIN(LENGTH(fields)) FROM app_change_resource WHERE app_id = ?")
            .param(app)
            .query((rs, n) -> List.of(rs.getLong(1), rs.getLong(2)))
            .single();
    assertThat(stored.get(0)).as("24 MB of field diffs in one batch").isEqualTo(24L);
    assertThat(stored.get(1)).isGreaterThan(1_000_000L);
  }

  private void assertEqualsFold(List<EventEnvelope> events, int apps) {
    assertPositionCountsEveryEventOnce(events.size());
    var expected = new SequentialFold(events, KEEP);
    var tables = new ViewTables(dataSource);
    assertThat(tables.changes()).isEqualTo(expected.changes());
    assertThat(tables.changeMeta()).isEqualTo(expected.changeMeta());
    assertThat(tables.changeResources()).isEqualTo(expected.changeResources());
    assertThat(tables.overview()).isEqualTo(expected.overview());
    assertThat(tables.counts()).isEqualTo(expected.counts());
    assertThat(tables.inventory()).isEqualTo(expected.inventory());
    var drift = new DriftFold(events, KEEP);
    assertThat(DriftFold.driftChanges(dataSource)).isEqualTo(drift.driftChanges());
    assertThat(DriftFold.ghostDiffs(dataSource)).isEqualTo(drift.ghostDiffs());
    assertThat(DriftFold.openDrifts(dataSource)).isEqualTo(drift.openDrifts());
    assertThat(DriftFold.historyGhosts(dataSource)).isEqualTo(drift.historyGhosts());
    assertThat(drift.ghostDiffs()).as("the events hold ghost diffs, some yielded").isNotEmpty();
    assertThat(drift.ghostDiffs()).anyMatch(row -> row.contains("|true|"));
    assertThat(drift.historyGhosts()).as("kept changes hold ghost rows").isNotEmpty();
    assertThat(expected.changes())
        .as("every app pruned to its newest changes")
        .hasSize(apps * KEEP);
    assertThat(expected.changes()).as("lock rows kept").anyMatch(row -> row.contains("|lock|"));
    assertThat(expected.changeMeta()).as("meta rows kept").isNotEmpty();
    assertThat(expected.overview())
        .as("locked apps")
        .anyMatch(row -> row.contains("|release freeze "));
  }

  /**
   * Driftless-View-Position: every event counted once whatever the duplicates and retries, and each
   * view's count the sum of its offsets (what the query side used to aggregate per request).
   */
  private void assertPositionCountsEveryEventOnce(long events) {
    assertThat(applier.position())
        .as("events applied by the view furthest along")
        .isEqualTo(events);
    var jdbc = JdbcClient.create(dataSource);
    var counts = new HashMap<String, Long>();
    jdbc.sql("SELECT projection, applied FROM projection_status")
        .query(
            rs -> {
              counts.put(rs.getString(1), rs.getLong(2));
            });
    var sums = new HashMap<String, Long>();
    jdbc.sql("SELECT projection, SUM(last_sequence + 1) FROM projection_offset GROUP BY projection")
        .query(
            rs -> {
              sums.put(rs.getString(1), rs.getLong(2));
            });
    assertThat(counts).hasSize(4).isEqualTo(sums);
  }
}
