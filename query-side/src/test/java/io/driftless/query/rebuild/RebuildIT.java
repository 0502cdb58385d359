package io.driftless.query.rebuild;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.zaxxer.hikari.HikariDataSource;
import io.driftless.events.EventEnvelope;
import io.driftless.events.testing.EventHistoryGenerator;
import io.driftless.query.api.ConflictException;
import io.driftless.query.api.NotFoundException;
import io.driftless.query.eventstore.EventStoreReader;
import io.driftless.query.history.HistoryProjection;
import io.driftless.query.inventory.InventoryProjection;
import io.driftless.query.overview.OverviewProjection;
import io.driftless.query.projection.Dialect;
import io.driftless.query.projection.ProjectionApplier;
import io.driftless.query.projection.RebuildProgress;
import io.driftless.query.projection.ViewBuilds;
import io.driftless.query.projection.ViewGate;
import io.driftless.query.support.LocalServices;
import io.driftless.query.support.ProvenanceEvents;
import io.driftless.query.support.SequentialFold;
import io.driftless.query.support.TestEventStore;
import io.driftless.query.support.TimelineFold;
import io.driftless.query.support.ViewTables;
import io.driftless.query.timeline.TimelineProjection;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.dao.TransientDataAccessException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.JdbcTransactionManager;

/**
 * Rebuilds on the real MariaDB, the event store in Axon's layout beside the views: the history view
 * rebuilt while events keep being stored and applied live and queries keep reading (never fewer
 * rows than before, never an error; after the swap, row for row the sequential fold), a rebuild
 * stopped half-way and requested again (resumed, same result), a swap that died half-way (finished
 * at the next start), and the timeline view, which exists only through a rebuild.
 */
class RebuildIT {

  private static final int KEEP = 10_000;

  private HikariDataSource dataSource;
  private ProjectionApplier applier;
  private RebuildService service;

  @BeforeEach
  void views() {
    dataSource = LocalServices.migratedViews("driftless_rebuild_it");
    applier =
        new ProjectionApplier(
            List.of(
                new HistoryProjection(KEEP),
                new OverviewProjection(),
                new InventoryProjection(),
                new TimelineProjection()),
            JdbcClient.create(dataSource),
            ProjectionApplier.transactions(new JdbcTransactionManager(dataSource)));
    TestEventStore.create(dataSource);
  }

  @AfterEach
  void close() throws Exception {
    if (service != null) {
      service.close();
      service.awaitStopped();
    }
    var jdbc = new JdbcTemplate(dataSource);
    var catalog = jdbc.queryForObject("SELECT DATABASE()", String.class);
    jdbc.execute("DROP DATABASE IF EXISTS `" + catalog + "_rb_history`");
    jdbc.execute("DROP DATABASE IF EXISTS `" + catalog + "_rb_timeline`");
    dataSource.close();
  }

  /** As the query side wires it: the rebuild's writes and bulk reads on server-prepared links. */
  private RebuildService service(int batchSize, long maxPerSecond) {
    return new RebuildService(
        applier.projections(),
        dataSource,
        new EventStoreReader(JdbcClient.create(dataSource)),
        new RebuildSettings(batchSize, maxPerSecond),
        ServerPrepared.of(dataSource),
        ServerPrepared.of(dataSource));
  }

  /** Stores events and applies them live, as the command side and the delivery would. */
  private void storeAndApply(List<EventEnvelope> events) {
    for (int from = 0; from < events.size(); from += 200) {
      var batch = events.subList(from, Math.min(events.size(), from + 200));
      TestEventStore.append(dataSource, batch);
      applyLive(batch);
    }
  }

  private void applyLive(List<EventEnvelope> batch) {
    while (true) {
      try {
        applier.applyAll(batch);
        return;
      } catch (TransientDataAccessException e) {
        Thread.onSpinWait(); // the gate is closed for a swap: the delivery retries likewise
      }
    }
  }

  private RebuildProgress awaitPhase(String view, String phase) {
    var builds = new ViewBuilds(JdbcClient.create(dataSource));
    await()
        .atMost(Duration.ofMinutes(2))
        .until(
            () -> builds.latestRebuild(view).map(RebuildProgress::phase).orElse(""), phase::equals);
    return builds.latestRebuild(view).orElseThrow();
  }

  @Test
  void historyRebuiltWhileEventsKeepComingEqualsTheFoldAndQueriesNeverSeeLess() throws Exception {
    List<EventEnvelope> events =
        ProvenanceEvents.withProvenance(
            new EventHistoryGenerator(13L).generate(30, 5, 16_000), 13L);
    var before = events.subList(0, events.size() * 3 / 4);
    var during = events.subList(before.size(), events.size());
    storeAndApply(before);
    var tables = new ViewTables(dataSource);
    var changesBefore = tables.changes().size();
    var resourcesBefore = tables.changeResources().size();

    service = service(500, 8_000);
    var stop = new AtomicBoolean();
    var queries = new AtomicLong();
    var reader =
        CompletableFuture.runAsync(
            () -> keepQuerying(stop, queries, changesBefore, resourcesBefore));
    var id = service.start("history");
    assertThatThrownBy(() -> service.start("history"))
        .isInstanceOf(ConflictException.class)
        .hasMessageContaining("runs already");
    // Events stored (not delivered) until the swap, from the start: on a slow machine the live
    // deliveries below can outlast the whole rebuild.
    var late = new EventHistoryGenerator(15L).generate("late-", 5, 3, 40_000);
    var storing = CompletableFuture.supplyAsync(() -> storeUntilSwapped(late));
    storeAndApply(during);
    var stored = storing.join();
    var done = awaitPhase("history", "swapped");
    stop.set(true);
    reader.join();
    assertThat(stored).as("events stored but not yet delivered during the swap").isPositive();
    applyLive(late.subList(0, stored));
    events = new java.util.ArrayList<>(events.subList(0, before.size() + during.size()));
    events.addAll(late.subList(0, stored));

    assertThat(done.rebuildId()).isEqualTo(id);
    assertThat(done.done()).isGreaterThanOrEqualTo(before.size());
    // Each query reads the whole view, so how many fit in the rebuild depends on the machine (9
    // on a loaded CI run); what counts is that reads went on during it and never saw less.
    assertThat(queries.get()).as("queries during the rebuild").isGreaterThanOrEqualTo(2);
    var expected = new SequentialFold(events, KEEP);
    assertThat(tables.changes()).isEqualTo(expected.changes());
    assertThat(tables.changeMeta()).isEqualTo(expected.changeMeta());
    assertThat(tables.changeResources()).isEqualTo(expected.changeResources());
    assertThat(tables.overview()).isEqualTo(expected.overview());
    assertThat(tables.inventory()).isEqualTo(expected.inventory());
    var more = new EventHistoryGenerator(14L).generate("later-", 3, 2, 300);
    storeAndApply(more);
    var all = new java.util.ArrayList<>(events);
    all.addAll(more);
    assertThat(tables.changes())
        .as("the swapped-in view goes on taking live events")
        .isEqualTo(new SequentialFold(all, KEEP).changes());
    assertThat(appliedCount("history"))
        .as("the swapped-in view's count of applied events, then the live ones")
        .isEqualTo(all.size());
    assertThat(shadowDatabases()).as("shadow and old tables dropped").isEmpty();
  }

  /**
   * Stores events (not delivered yet, as when the relay lags) until the rebuild swapped: the swap
   * must fold what the store got meanwhile, however much keeps coming. Returns how many it stored.
   */
  private int storeUntilSwapped(List<EventEnvelope> events) {
    var builds = new ViewBuilds(JdbcClient.create(dataSource));
    var stored = 0;
    while (stored < events.size()
        && builds.latestRebuild("history").map(RebuildProgress::running).orElse(true)) {
      var chunk = events.subList(stored, Math.min(events.size(), stored + 20));
      TestEventStore.append(dataSource, chunk);
      stored += chunk.size();
    }
    assertThat(stored).as("the swap finished while events kept coming").isLessThan(events.size());
    return stored;
  }

  private void keepQuerying(AtomicBoolean stop, AtomicLong queries, int changes, int resources) {
    var tables = new ViewTables(dataSource);
    while (!stop.get()) {
      assertThat(tables.changes().size()).isGreaterThanOrEqualTo(changes);
      assertThat(tables.changeResources().size()).isGreaterThanOrEqualTo(resources);
      queries.incrementAndGet();
    }
  }

  @Test
  void stoppedRebuildResumesToTheSameResult() throws Exception {
    var events = new EventHistoryGenerator(17L).generate(30, 5, 12_000);
    storeAndApply(events);
    var tables = new ViewTables(dataSource);
    var liveBefore = tables.changeResources();
    service = service(400, 4_000);
    var id = service.start("history");
    var builds = new ViewBuilds(JdbcClient.create(dataSource));
    await()
        .atMost(Duration.ofMinutes(1))
        .until(() -> builds.latestRebuild("history").orElseThrow().done() > events.size() / 3);
    service.close();
    service.awaitStopped();
    var stopped = builds.latestRebuild("history").orElseThrow();
    assertThat(stopped.phase()).isEqualTo("failed");
    assertThat(stopped.done()).isLessThan(events.size());
    assertThat(tables.changeResources()).as("live view untouched").isEqualTo(liveBefore);

    service = service(5_000, 0);
    assertThat(service.start("history")).as("resumed, same rebuild").isEqualTo(id);
    awaitPhase("history", "swapped");
    var expected = new SequentialFold(events, KEEP);
    assertThat(tables.changes()).isEqualTo(expected.changes());
    assertThat(tables.changeResources()).isEqualTo(expected.changeResources());
  }

  /**
   * A rebuild whose process died in its swap left the gate closed (the live stream waits) and the
   * shadow as far as it got: the next start finishes the swap ({@code RebuildService.recover}),
   * folding every event the live view applied, and opens the gate.
   */
  @Test
  void aSwapThatDiedHalfWayIsFinishedAtTheNextStart() throws Exception {
    var events = new EventHistoryGenerator(23L).generate(30, 5, 12_000);
    storeAndApply(events);
    service = service(400, 4_000);
    var id = service.start("history");
    var builds = new ViewBuilds(JdbcClient.create(dataSource));
    await()
        .atMost(Duration.ofMinutes(1))
        .until(() -> builds.latestRebuild("history").orElseThrow().done() > events.size() / 3);
    service.close();
    service.awaitStopped();
    var gate = new ViewGate(JdbcClient.create(dataSource), Dialect.MARIADB);
    assertThat(gate.close(id, "history"))
        .as("the swap's first step, then the process died")
        .isTrue();

    service = service(5_000, 0);
    service.recover();

    assertThat(gate.holder()).as("the gate is open again").isEmpty();
    assertThat(builds.latestRebuild("history").orElseThrow().phase()).isEqualTo("swapped");
    var expected = new SequentialFold(events, KEEP);
    var tables = new ViewTables(dataSource);
    assertThat(tables.changes()).isEqualTo(expected.changes());
    assertThat(tables.changeResources()).isEqualTo(expected.changeResources());
    assertThat(appliedCount("history")).isEqualTo(events.size());
  }

  @Test
  void timelineExistsOnlyThroughARebuildOfTheStoredHistory() {
    var events = new EventHistoryGenerator(19L).generate(10, 4, 3_000);
    storeAndApply(events);
    service = service(1_000, 0);
    service.recover();
    var builds = new ViewBuilds(JdbcClient.create(dataSource));
    assertThat(builds.isBuilt("timeline", 1)).as("not built on a store with history").isFalse();
    assertThatThrownBy(() -> service.start("nope")).isInstanceOf(NotFoundException.class);

    service.start("timeline");
    awaitPhase("timeline", "swapped");
    assertThat(builds.isBuilt("timeline", 1)).isTrue();
    assertThat(TimelineFold.actual(dataSource)).isEqualTo(TimelineFold.expected(events));
    assertThat(TimelineFold.expected(events)).hasSizeGreaterThan(1_000);
    assertThat(appliedCount("timeline"))
        .as("the new view's applied events")
        .isEqualTo(events.size());
  }

  /** A view's count of applied events (Driftless-View-Position's source). */
  private long appliedCount(String view) {
    return JdbcClient.create(dataSource)
        .sql("SELECT applied FROM projection_status WHERE projection = ?")
        .param(view)
        .query(Long.class)
        .single();
  }

  @Test
  void anEmptyStoreBuildsNewViewsAtStart() {
    service = service(1_000, 0);
    var builds = new ViewBuilds(JdbcClient.create(dataSource));
    assertThat(builds.isBuilt("timeline", 1)).isFalse();
    service.recover();
    assertThat(builds.isBuilt("timeline", 1)).isTrue();
  }

  private Set<String> shadowDatabases() {
    var jdbc = new JdbcTemplate(dataSource);
    var catalog = jdbc.queryForObject("SELECT DATABASE()", String.class);
    return new TreeSet<>(
        jdbc.queryForList(
            "SELECT schema_name FROM information_schema.schemata WHERE schema_name LIKE ?",
            String.class,
            catalog + "\\_rb\\_%"));
  }
}
