package io.driftless.query.drift;

import static io.driftless.query.support.DriftEvents.APP;
import static io.driftless.query.support.DriftEvents.BROKEN;
import static io.driftless.query.support.DriftEvents.CFG;
import static io.driftless.query.support.DriftEvents.SVC;
import static io.driftless.query.support.DriftEvents.TOKEN;
import static io.driftless.query.support.DriftEvents.WEB;
import static io.driftless.query.support.DriftEvents.at;
import static io.driftless.query.support.DriftEvents.changeId;
import static io.driftless.query.support.DriftEvents.id;
import static org.assertj.core.api.Assertions.assertThat;

import com.zaxxer.hikari.HikariDataSource;
import io.driftless.events.EventEnvelope;
import io.driftless.query.api.DriftStates;
import io.driftless.query.api.DriftStates.Drift;
import io.driftless.query.history.HistoryProjection;
import io.driftless.query.inventory.InventoryProjection;
import io.driftless.query.projection.Outcome;
import io.driftless.query.projection.ProjectionApplier;
import io.driftless.query.projection.ViewBuilds;
import io.driftless.query.support.DriftEvents;
import io.driftless.query.support.LocalServices;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeSet;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.JdbcTransactionManager;

/**
 * The drift view with the history and inventory on MariaDB, fed the events of {@link DriftEvents}:
 * the drift states, the counts, the ghost-diff rows and the history's ghost-diff and yield rows are
 * the same whether the App's events come first, last (a resource's reconcile write before the
 * change's start: "corrected" must still be found), or shuffled in batches with duplicates and gaps
 * retried.
 */
class DriftViewsIT {

  private final List<HikariDataSource> dataSources = new ArrayList<>();

  @AfterEach
  void close() {
    dataSources.forEach(HikariDataSource::close);
  }

  private HikariDataSource views() {
    var dataSource = LocalServices.migratedViews("driftless_drift_it");
    dataSources.add(dataSource);
    ViewBuilds.markBuilt(JdbcClient.create(dataSource), DriftProjection.NAME, 1);
    return dataSource;
  }

  /** The embedded views of the standalone server: H2 in MariaDB mode, as application.yml has it. */
  private HikariDataSource h2Views() {
    var dataSource = new HikariDataSource();
    dataSource.setJdbcUrl(
        "jdbc:h2:mem:drift-"
            + LocalServices.runId()
            + ";MODE=MariaDB;DATABASE_TO_LOWER=TRUE;NON_KEYWORDS=VALUE;DB_CLOSE_DELAY=-1");
    dataSource.setUsername("sa");
    dataSource.setPassword("");
    dataSources.add(dataSource);
    Flyway.configure().dataSource(dataSource).locations("classpath:db/query").load().migrate();
    ViewBuilds.markBuilt(JdbcClient.create(dataSource), DriftProjection.NAME, 1);
    return dataSource;
  }

  private static ProjectionApplier applier(HikariDataSource dataSource) {
    return new ProjectionApplier(
        List.of(new HistoryProjection(200), new InventoryProjection(), new DriftProjection()),
        JdbcClient.create(dataSource),
        ProjectionApplier.transactions(new JdbcTransactionManager(dataSource)));
  }

  @Test
  void driftStatesInStoreOrder() {
    var dataSource = views();
    assertThat(applier(dataSource).applyAll(DriftEvents.story())).containsOnly(Outcome.APPLIED);

    var states = new DriftStates(dataSource);
    assertThat(states.of(APP))
        .isEqualTo(
            Map.of(
                id(WEB), new Drift("yielded", changeId(4), at(4).plusMillis(10)),
                id(CFG), new Drift("corrected", changeId(3), at(3)),
                id(SVC), new Drift("in-sync", null, null),
                id(TOKEN), new Drift("ghost-diff", changeId(3), at(3).plusMillis(5)),
                id(BROKEN), new Drift("failed", changeId(4), at(4))));
    assertThat(states.counts(APP)).isEqualTo(new DriftStates.Counts(3, 2, 1));
    assertThat(ghostRows(dataSource))
        .containsExactly(
            "Deployment/web|spec.replicas|2|5|2|yield|shop-change-000003|true|shop-change-000004",
            "Secret/token|data.token|\"sha256:desired\"|\"sha256:live\"|2|report"
                + "|shop-change-000003|false|null");
    assertThat(historyGhostRows(dataSource))
        .containsExactly(
            "shop-change-000003|Deployment/web|ghost-diff|[{\"path\":\"spec.replicas\",\"from\":2,"
                + "\"to\":5,\"decidedBy\":\"cluster\",\"flips\":2,"
                + "\"changedBy\":\"kube-controller-manager\"}]",
            "shop-change-000003|Secret/token|ghost-diff|[{\"path\":\"data.token\",\"from\":"
                + "\"sha256:desired\",\"to\":\"sha256:live\",\"decidedBy\":\"cluster\",\"flips\":2}]",
            "shop-change-000004|Deployment/web|yield|[{\"path\":\"spec.replicas\",\"to\":5,"
                + "\"decidedBy\":\"yield\"}]");
  }

  @Test
  void resourceEventsBeforeTheirChangesStartGiveTheSameViews() {
    var expected = views();
    applier(expected).applyAll(DriftEvents.story());

    var late = views();
    var story = DriftEvents.story();
    var resources = story.stream().filter(e -> !e.aggregateType().equals("App")).toList();
    var apps = story.stream().filter(e -> e.aggregateType().equals("App")).toList();
    var applier = applier(late);
    assertThat(applier.applyAll(resources)).containsOnly(Outcome.APPLIED);
    // Before the App's events: no trigger known, so nothing is "corrected" yet.
    assertThat(new DriftStates(late).of(APP).get(id(CFG)).state()).isEqualTo("in-sync");
    assertThat(applier.applyAll(resources)).containsOnly(Outcome.DUPLICATE);
    assertThat(applier.applyAll(apps)).containsOnly(Outcome.APPLIED);

    assertSameViews(expected, late);
  }

  @Test
  void shuffledBatchesWithDuplicatesAndGapsGiveTheSameViews() {
    var expected = views();
    applier(expected).applyAll(DriftEvents.story());

    for (var seed = 1; seed <= 5; seed++) {
      var shuffled = views();
      var applier = applier(shuffled);
      var random = new Random(seed);
      var pending = new ArrayList<EventEnvelope>(DriftEvents.story());
      pending.addAll(DriftEvents.story().subList(0, 6));
      var gaps = 0;
      while (!pending.isEmpty()) {
        Collections.shuffle(pending, random);
        var size = Math.min(pending.size(), 1 + random.nextInt(4));
        var batch = List.copyOf(pending.subList(0, size));
        var outcomes = applier.applyAll(batch);
        pending.subList(0, size).clear();
        for (var i = 0; i < batch.size(); i++) {
          if (outcomes.get(i) == Outcome.GAP) {
            pending.add(batch.get(i));
            gaps++;
          }
        }
      }
      assertThat(gaps).as("seed %d must produce gaps", seed).isPositive();
      assertSameViews(expected, shuffled);
    }
  }

  @Test
  void theEmbeddedH2ViewsHoldTheSameAsMariaDb() {
    var expected = views();
    applier(expected).applyAll(DriftEvents.story());
    var h2 = h2Views();
    var applier = applier(h2);
    // One event per batch and then all again: the yield lands on a row of an earlier batch.
    DriftEvents.story().forEach(applier::apply);
    assertThat(applier.applyAll(DriftEvents.story())).containsOnly(Outcome.DUPLICATE);

    assertSameViews(expected, h2);
  }

  private static void assertSameViews(HikariDataSource expected, HikariDataSource actual) {
    assertThat(new DriftStates(actual).of(APP)).isEqualTo(new DriftStates(expected).of(APP));
    assertThat(new DriftStates(actual).counts(APP))
        .isEqualTo(new DriftStates(expected).counts(APP));
    assertThat(ghostRows(actual)).isEqualTo(ghostRows(expected));
    assertThat(historyGhostRows(actual)).isEqualTo(historyGhostRows(expected));
    assertThat(triggers(actual)).isEqualTo(triggers(expected)).hasSize(4);
  }

  private static TreeSet<String> ghostRows(HikariDataSource dataSource) {
    return new TreeSet<>(
        JdbcClient.create(dataSource)
            .sql(
                "SELECT kind, name, path, desired_value, live_value, flips, policy, change_id,"
                    + " yielded, yielded_change_id FROM ghost_diff")
            .query(
                (rs, row) ->
                    String.join(
                        "|",
                        rs.getString(1) + "/" + rs.getString(2),
                        rs.getString(3),
                        rs.getString(4),
                        rs.getString(5),
                        rs.getString(6),
                        rs.getString(7),
                        rs.getString(8),
                        Boolean.toString(rs.getBoolean(9)),
                        String.valueOf(rs.getString(10))))
            .list());
  }

  private static TreeSet<String> historyGhostRows(HikariDataSource dataSource) {
    return new TreeSet<>(
        JdbcClient.create(dataSource)
            .sql("SELECT change_id, kind, name, op, fields FROM app_change_ghost")
            .query(
                (rs, row) ->
                    String.join(
                        "|",
                        rs.getString(1),
                        rs.getString(2) + "/" + rs.getString(3),
                        rs.getString(4),
                        rs.getString(5)))
            .list());
  }

  private static TreeSet<String> triggers(HikariDataSource dataSource) {
    return new TreeSet<>(
        JdbcClient.create(dataSource)
            .sql("SELECT change_id, change_trigger FROM drift_change")
            .query((rs, row) -> rs.getString(1) + "|" + rs.getString(2))
            .list());
  }
}
