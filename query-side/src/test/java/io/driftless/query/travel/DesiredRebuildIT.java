package io.driftless.query.travel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.zaxxer.hikari.HikariDataSource;
import io.driftless.events.AppChangeStarted;
import io.driftless.events.AppDeleted;
import io.driftless.events.EventEnvelope;
import io.driftless.events.ResourceCreated;
import io.driftless.events.ResourceDisowned;
import io.driftless.events.ResourceEvent;
import io.driftless.events.ResourceUpdated;
import io.driftless.events.testing.EventHistoryGenerator;
import io.driftless.query.eventstore.EventStoreReader;
import io.driftless.query.projection.ProjectionApplier;
import io.driftless.query.projection.RebuildProgress;
import io.driftless.query.projection.ViewBuilds;
import io.driftless.query.rebuild.RebuildService;
import io.driftless.query.rebuild.RebuildSettings;
import io.driftless.query.support.DesiredFold;
import io.driftless.query.support.LocalServices;
import io.driftless.query.support.TestEventStore;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.JdbcTransactionManager;

/**
 * The desired view (issue 27) on the real MariaDB: fed live in batches it equals the oracle's
 * sequential fold ({@link DesiredFold}); rebuilt by replay of the store in batches of another size
 * (so versions and memberships close across batch borders differently), it holds the same rows;
 * live and rebuilt, on MariaDB and on H2, the fleet inventory at many times (an app's deletion
 * among them) is the oracle's.
 */
class DesiredRebuildIT {

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
    jdbc.execute("DROP DATABASE IF EXISTS `" + catalog + "_rb_desired`");
    dataSource.close();
  }

  /**
   * The generator's desired sets name one placeholder object; here each change's set is that plus
   * the objects the change writes, so resources join and leave the sets change by change.
   */
  static List<EventEnvelope> withDesiredSets(List<EventEnvelope> events) {
    var written = new HashMap<String, Map<String, String>>();
    for (var event : events) {
      if (event.payload() instanceof ResourceEvent e && !(e instanceof ResourceDisowned)) {
        written
            .computeIfAbsent(e.appId() + "|" + e.changeId(), k -> new TreeMap<>())
            .put(e.resourceId().substring(e.appId().length() + 1), "sha256:" + e.changeId());
      }
    }
    var out = new ArrayList<EventEnvelope>();
    for (var event : events) {
      if (event.payload() instanceof AppChangeStarted s) {
        var desired = new TreeMap<>(s.desired());
        desired.putAll(written.getOrDefault(s.appId() + "|" + s.changeId(), Map.of()));
        var payload =
            new AppChangeStarted(
                s.appId(),
                s.changeId(),
                s.changeNumber(),
                s.trigger(),
                s.startedAt(),
                s.namespaces(),
                desired,
                s.ops(),
                s.waits(),
                s.description());
        out.add(EventEnvelope.of(event.eventId(), event.sequence(), event.occurredAt(), payload));
      } else {
        out.add(event);
      }
    }
    return out;
  }

  @Test
  void theRebuiltDesiredViewEqualsTheLiveOneAndTheOracle() {
    dataSource = LocalServices.migratedViews("driftless_desired_rebuild");
    var applier =
        new ProjectionApplier(
            List.of(new DesiredProjection()),
            JdbcClient.create(dataSource),
            ProjectionApplier.transactions(new JdbcTransactionManager(dataSource)));
    TestEventStore.create(dataSource);
    var events = withDesiredSets(new EventHistoryGenerator(2027L).generate(25, 6, 8_000));
    for (int from = 0; from < events.size(); from += 150) {
      var batch = events.subList(from, Math.min(events.size(), from + 150));
      TestEventStore.append(dataSource, batch);
      applier.applyAll(batch);
    }
    var expected = DesiredFold.expected(events);
    var live = DesiredFold.actual(dataSource);
    assertThat(live).isEqualTo(expected);
    ViewBuilds.markBuilt(
        JdbcClient.create(dataSource), DesiredProjection.NAME, new DesiredProjection().version());
    inventoryReadsAsTheOracle(dataSource, events);
    assertThat(expected.get("desired_object")).hasSizeGreaterThan(1_000);
    assertThat(expected.get("desired_object").stream().filter(r -> r.endsWith("|null|null")))
        .as("some versions still in force")
        .isNotEmpty();
    assertThat(expected.get("desired_member")).hasSizeGreaterThan(100);

    service =
        new RebuildService(
            applier.projections(),
            dataSource,
            new EventStoreReader(JdbcClient.create(dataSource)),
            new RebuildSettings(977, 0));
    service.start(DesiredProjection.NAME);
    var builds = new ViewBuilds(JdbcClient.create(dataSource));
    await()
        .atMost(Duration.ofMinutes(2))
        .until(
            () -> builds.latestRebuild("desired").map(RebuildProgress::phase).orElse(""),
            phase -> phase.equals("swapped") || phase.equals("failed"));
    assertThat(builds.latestRebuild("desired").orElseThrow().phase()).isEqualTo("swapped");
    assertThat(DesiredFold.actual(dataSource)).isEqualTo(live);
    inventoryReadsAsTheOracle(dataSource, events);
  }

  /**
   * The fleet inventory (every object, no filter) at the start and just before the end of versions
   * (the first and the last microsecond a version was in force), on either side of an app's
   * deletion, at random times and now: the same objects as the oracle's object-by-object read
   * ({@link DesiredFold#inventory}), newest first.
   */
  static void inventoryReadsAsTheOracle(DataSource views, List<EventEnvelope> events) {
    var controller = new FleetInventoryController(views, new DesiredSets(views, null));
    var times = new ArrayList<Instant>();
    var random = new Random(27);
    var lastApplied = new HashMap<String, Instant>();
    AppDeleted deleted = null;
    Instant before = null;
    for (var event : events) {
      var at = DesiredFold.versionAt(event);
      if (at != null && random.nextInt(60) == 0) {
        times.add(at);
        times.add(at.minusNanos(1_000));
      }
      if (event.payload() instanceof ResourceCreated e) {
        lastApplied.put(e.appId(), at);
      } else if (event.payload() instanceof ResourceUpdated e) {
        lastApplied.put(e.appId(), at);
      } else if (event.payload() instanceof AppDeleted e
          && deleted == null
          && lastApplied.containsKey(e.appId())) {
        deleted = e;
        before = lastApplied.get(e.appId());
      }
    }
    assertThat(deleted).as("the history deletes an app that had objects").isNotNull();
    var app = deleted.appId() + "|";
    assertThat(DesiredFold.inventory(events, before)).anyMatch(row -> row.startsWith(app));
    assertThat(DesiredFold.inventory(events, deleted.deletedAt()))
        .noneMatch(row -> row.startsWith(app));
    times.add(before);
    times.add(deleted.deletedAt());
    times.add(null);
    var nonEmpty = 0;
    for (var at : times) {
      var answer =
          controller
              .inventory(
                  at == null ? null : at.toString(),
                  null,
                  null,
                  null,
                  null,
                  null,
                  null,
                  FleetInventoryController.MAX_LIMIT,
                  null)
              .getBody();
      var read =
          answer.stream()
              .map(
                  o ->
                      String.join(
                          "|",
                          o.app(),
                          o.kind(),
                          o.namespace(),
                          o.name(),
                          o.sinceChangeId(),
                          o.since().toString()))
              .sorted()
              .toList();
      assertThat(read).as("inventory at " + at).isEqualTo(DesiredFold.inventory(events, at));
      assertThat(answer)
          .as("newest first")
          .isSortedAccordingTo((a, b) -> b.since().compareTo(a.since()));
      nonEmpty += read.isEmpty() ? 0 : 1;
    }
    assertThat(nonEmpty).as("times with objects in force").isGreaterThan(50);
  }

  /**
   * The standalone's embedded views (H2 in MariaDB mode): the same fold (equal to the oracle) and
   * the same desired sets as of a change as on MariaDB.
   */
  @Test
  void onH2TheFoldAndTheDesiredSetsAreTheSameAsOnMariaDb() {
    dataSource = LocalServices.migratedViews("driftless_desired_h2");
    try (var h2 = new HikariDataSource()) {
      h2.setJdbcUrl(
          "jdbc:h2:mem:desired-"
              + LocalServices.runId()
              + ";MODE=MariaDB;DATABASE_TO_LOWER=TRUE;NON_KEYWORDS=VALUE;DB_CLOSE_DELAY=-1");
      h2.setUsername("sa");
      h2.setPassword("");
      Flyway.configure().dataSource(h2).locations("classpath:db/query").load().migrate();
      var events = withDesiredSets(new EventHistoryGenerator(2028L).generate(8, 6, 3_000));
      for (var views : List.of(dataSource, h2)) {
        var applier =
            new ProjectionApplier(
                List.of(new DesiredProjection()),
                JdbcClient.create(views),
                ProjectionApplier.transactions(new JdbcTransactionManager(views)));
        for (int from = 0; from < events.size(); from += 100) {
          applier.applyAll(events.subList(from, Math.min(events.size(), from + 100)));
        }
      }
      assertThat(DesiredFold.actual(h2)).isEqualTo(DesiredFold.expected(events));
      ViewBuilds.markBuilt(
          JdbcClient.create(h2), DesiredProjection.NAME, new DesiredProjection().version());
      inventoryReadsAsTheOracle(h2, events);
      var onMaria = new DesiredSets(dataSource, null);
      var onH2 = new DesiredSets(h2, null);
      var compared = 0;
      for (var event : events) {
        if (event.payload() instanceof AppChangeStarted s && s.changeNumber() % 3 == 0) {
          var expected = onMaria.objects(s.appId(), s.changeNumber());
          assertThat(onH2.objects(s.appId(), s.changeNumber()).toString())
              .isEqualTo(expected.toString());
          compared += expected.isEmpty() ? 0 : 1;
        }
      }
      assertThat(compared).as("non-empty sets compared").isGreaterThan(20);
    }
  }
}
