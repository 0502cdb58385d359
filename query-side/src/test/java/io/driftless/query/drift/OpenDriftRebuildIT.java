package io.driftless.query.drift;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.zaxxer.hikari.HikariDataSource;
import io.driftless.query.api.DriftStates;
import io.driftless.query.eventstore.EventStoreReader;
import io.driftless.query.inventory.InventoryProjection;
import io.driftless.query.projection.ProjectionApplier;
import io.driftless.query.projection.RebuildProgress;
import io.driftless.query.projection.ViewBuilds;
import io.driftless.query.rebuild.RebuildService;
import io.driftless.query.rebuild.RebuildSettings;
import io.driftless.query.support.LocalServices;
import io.driftless.query.support.TestEventStore;
import io.driftless.query.timeline.TimelineProjection;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.JdbcTransactionManager;

/**
 * Issue 30 point 4: the drift and timeline views rebuilt by replay of a store with an open drift
 * hold what their live fold held: {@code driftSince}, {@code driftChangedBy}, the state {@code
 * drifted} and the {@code drift-detected} timeline entries.
 */
class OpenDriftRebuildIT {

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
    jdbc.execute("DROP DATABASE IF EXISTS `" + catalog + "_rb_timeline`");
    dataSource.close();
  }

  private void rebuilt(String view) {
    service.start(view);
    var builds = new ViewBuilds(JdbcClient.create(dataSource));
    await()
        .atMost(Duration.ofMinutes(2))
        .until(
            () -> builds.latestRebuild(view).map(RebuildProgress::phase).orElse(""),
            "swapped"::equals);
  }

  @Test
  void aRebuildByReplayHoldsTheOpenDriftAndItsTimelineEntries() {
    dataSource = LocalServices.migratedViews("driftless_open_drift_rebuild");
    var jdbc = JdbcClient.create(dataSource);
    ViewBuilds.markBuilt(jdbc, DriftProjection.NAME, new DriftProjection().version());
    ViewBuilds.markBuilt(jdbc, TimelineProjection.NAME, new TimelineProjection().version());
    var applier =
        new ProjectionApplier(
            List.of(new InventoryProjection(), new DriftProjection(), new TimelineProjection()),
            jdbc,
            ProjectionApplier.transactions(new JdbcTransactionManager(dataSource)));
    var story = OpenDriftViewsIT.drifted();
    TestEventStore.create(dataSource);
    TestEventStore.append(dataSource, story);
    applier.applyAll(story);
    var states = new DriftStates(dataSource);
    var live = states.of(OpenDriftViewsIT.APP);
    var timeline = OpenDriftViewsIT.timeline(dataSource);
    assertThat(live.values()).extracting(DriftStates.Drift::state).containsExactly("drifted");

    for (var table : List.of("resource_drift", "drift_change", "ghost_diff", "resource_timeline")) {
      jdbc.sql("DELETE FROM " + table).update();
    }
    jdbc.sql("DELETE FROM projection_offset WHERE projection IN ('drift', 'timeline')").update();
    assertThat(states.of(OpenDriftViewsIT.APP).values())
        .extracting(DriftStates.Drift::state)
        .containsExactly("in-sync");
    service =
        new RebuildService(
            applier.projections(),
            dataSource,
            new EventStoreReader(jdbc),
            new RebuildSettings(4, 0));
    service.recover();
    rebuilt(DriftProjection.NAME);
    rebuilt(TimelineProjection.NAME);

    assertThat(states.of(OpenDriftViewsIT.APP)).isEqualTo(live);
    assertThat(OpenDriftViewsIT.timeline(dataSource)).isEqualTo(timeline).hasSize(3);
  }
}
