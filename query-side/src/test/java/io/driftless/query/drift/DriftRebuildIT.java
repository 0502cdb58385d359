package io.driftless.query.drift;

import static io.driftless.query.support.DriftEvents.APP;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.zaxxer.hikari.HikariDataSource;
import io.driftless.query.api.DriftStates;
import io.driftless.query.eventstore.EventStoreReader;
import io.driftless.query.history.HistoryProjection;
import io.driftless.query.inventory.InventoryProjection;
import io.driftless.query.projection.ProjectionApplier;
import io.driftless.query.projection.RebuildProgress;
import io.driftless.query.projection.ViewBuilds;
import io.driftless.query.rebuild.RebuildService;
import io.driftless.query.rebuild.RebuildSettings;
import io.driftless.query.support.DriftEvents;
import io.driftless.query.support.LocalServices;
import io.driftless.query.support.TestEventStore;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.JdbcTransactionManager;

/**
 * The drift view on a store that has history before it exists: not built (no drift states, the
 * ghost-diff query 503) until a rebuild by replay, after which it holds what the live fold of the
 * same events holds (the reconcile changes' triggers included).
 */
class DriftRebuildIT {

  private HikariDataSource dataSource;
  private RebuildService service;

  @AfterEach
  void close() throws Exception {
    if (service != null) {
      service.close();
      service.awaitStopped();
    }
    var jdbc = new JdbcTemplate(dataSource);
    var catalog = jdbc.queryForObject("SELECT DATABASE()", String.class);
    jdbc.execute("DROP DATABASE IF EXISTS `" + catalog + "_rb_drift`");
    dataSource.close();
  }

  @Test
  void theDriftViewOfAStoreWithHistoryIsBuiltByARebuild() {
    dataSource = LocalServices.migratedViews("driftless_drift_rebuild");
    var applier =
        new ProjectionApplier(
            List.of(new HistoryProjection(200), new InventoryProjection(), new DriftProjection()),
            JdbcClient.create(dataSource),
            ProjectionApplier.transactions(new JdbcTransactionManager(dataSource)));
    TestEventStore.create(dataSource);
    TestEventStore.append(dataSource, DriftEvents.story());
    // The inventory existed before: it has the events; the drift view has none of them.
    applier.applyAll(DriftEvents.story());
    JdbcClient.create(dataSource).sql("DELETE FROM drift_change").update();
    JdbcClient.create(dataSource).sql("DELETE FROM ghost_diff").update();
    JdbcClient.create(dataSource)
        .sql("DELETE FROM projection_offset WHERE projection = 'drift'")
        .update();
    service =
        new RebuildService(
            applier.projections(),
            dataSource,
            new EventStoreReader(JdbcClient.create(dataSource)),
            new RebuildSettings(4, 0));
    service.recover();
    var states = new DriftStates(dataSource);
    assertThat(states.available()).as("not built on a store with history").isFalse();
    assertThat(states.of(APP)).isEmpty();
    assertThat(states.counts(APP)).isNull();

    service.start(DriftProjection.NAME);
    var builds = new ViewBuilds(JdbcClient.create(dataSource));
    await()
        .atMost(Duration.ofMinutes(2))
        .until(
            () -> builds.latestRebuild("drift").map(RebuildProgress::phase).orElse(""),
            "swapped"::equals);

    assertThat(states.available()).isTrue();
    assertThat(states.counts(APP)).isEqualTo(new DriftStates.Counts(3, 2, 1));
    assertThat(states.of(APP).get(DriftEvents.id(DriftEvents.CFG)).state()).isEqualTo("corrected");
    assertThat(states.of(APP).get(DriftEvents.id(DriftEvents.WEB)).state()).isEqualTo("yielded");
  }
}
