package io.driftless.command.reconcile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.driftless.command.deploy.AppReconciler.Outcome;
import io.driftless.command.deploy.AppReconciler.Result;
import io.driftless.events.testing.LocalServices;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

/**
 * The reconcile lease (issue 12 point 3) on both databases the command side runs on: two schedulers
 * sharing one database, each with its own workers, reconcile ten apps with a 50 ms period for a
 * while; no app is ever reconciled by both at once, both take part, and every app keeps being
 * reconciled. A lease left by a replica that died is taken over once it expires.
 */
class ReconcileLeaseTest {

  private static final List<String> APPS =
      java.util.stream.IntStream.range(0, 10).mapToObj(i -> "default/app-" + i).toList();

  private static JdbcTemplate database(String kind) {
    var url =
        kind.equals("h2")
            ? "jdbc:h2:mem:lease-"
                + UUID.randomUUID()
                + ";MODE=MariaDB;DATABASE_TO_LOWER=TRUE;NON_KEYWORDS=VALUE;DB_CLOSE_DELAY=-1"
            : LocalServices.freshDatabase("driftless_lease_test");
    var user = kind.equals("h2") ? "sa" : LocalServices.jdbcUser();
    var password = kind.equals("h2") ? "" : LocalServices.jdbcPassword();
    var source = new DriverManagerDataSource(url, user, password);
    Flyway.configure().dataSource(source).locations("classpath:db/command").load().migrate();
    return new JdbcTemplate(source);
  }

  private static ReconcileSettings settings(String node, Duration lease) {
    return new ReconcileSettings(
        true,
        Duration.ofMillis(50),
        0.0,
        Duration.ofMillis(10),
        lease,
        Duration.ofMillis(5),
        4,
        node,
        new ReconcileSettings.Watch(false, null),
        null);
  }

  @ParameterizedTest
  @ValueSource(strings = {"h2", "mariadb"})
  void twoSchedulersOnOneDatabaseNeverReconcileTheSameAppAtOnce(String kind) {
    var jdbc = database(kind);
    new ReconcileLeases(jdbc).ensure(APPS, Instant.now());
    var inFlight = new ConcurrentHashMap<String, AtomicInteger>();
    var overlaps = new AtomicInteger();
    var runsByNode = new ConcurrentHashMap<String, AtomicInteger>();
    var runsByApp = new ConcurrentHashMap<String, AtomicInteger>();

    try (var a = scheduler(jdbc, "node-a", inFlight, overlaps, runsByNode, runsByApp);
        var b = scheduler(jdbc, "node-b", inFlight, overlaps, runsByNode, runsByApp)) {
      a.start();
      b.start();
      await()
          .atMost(Duration.ofSeconds(60))
          .until(() -> APPS.stream().allMatch(app -> runs(runsByApp, app) >= 10));
    }

    assertThat(overlaps.get()).isZero();
    assertThat(runsByNode.keySet()).containsExactlyInAnyOrder("node-a", "node-b");
    var rows = new ReconcileLeases(jdbc).rows();
    assertThat(rows).hasSize(10);
    assertThat(rows).allSatisfy(row -> assertThat(row.lastResult()).isEqualTo("noop"));
  }

  @ParameterizedTest
  @ValueSource(strings = {"h2", "mariadb"})
  void leaseOfADeadReplicaIsTakenOverOnceItExpires(String kind) {
    var jdbc = database(kind);
    var leases = new ReconcileLeases(jdbc);
    var now = Instant.now();
    leases.ensure(List.of("default/orphaned"), now.minusSeconds(1));
    // a replica took the lease and died without releasing it
    assertThat(leases.claim("default/orphaned", "dead", now, now.plusMillis(300))).isTrue();
    assertThat(leases.claim("default/orphaned", "alive", now, now.plusSeconds(60))).isFalse();

    var ran = ConcurrentHashMap.<String>newKeySet();
    try (var alive =
        new ReconcileScheduler(
            settings("alive", Duration.ofSeconds(60)),
            leases,
            app -> {
              ran.add(app);
              return new Outcome(Result.NOOP, null, null, null);
            },
            Clock.systemUTC(),
            new ReconcileMetrics(new SimpleMeterRegistry()))) {
      alive.start();
      await().atMost(Duration.ofSeconds(10)).until(() -> ran.contains("default/orphaned"));
      assertThat(Duration.between(now, Instant.now())).isGreaterThan(Duration.ofMillis(300));
    }
  }

  /**
   * Issue 25: a clean stop let the periodic reconcile start changes while the context closed under
   * them (left open, closed by crash recovery on the next start). A drain starts nothing more and
   * returns only once the reconciles already running have ended.
   */
  @ParameterizedTest
  @ValueSource(strings = {"h2"})
  void drainLetsRunningReconcilesFinishAndStartsNoMore(String kind) {
    var jdbc = database(kind);
    new ReconcileLeases(jdbc).ensure(APPS, Instant.now());
    var started = new AtomicInteger();
    var finished = new AtomicInteger();
    try (var scheduler =
        new ReconcileScheduler(
            settings("draining", Duration.ofSeconds(60)),
            new ReconcileLeases(jdbc),
            app -> {
              started.incrementAndGet();
              LockSupport.parkNanos(Duration.ofMillis(300).toNanos());
              finished.incrementAndGet();
              return new Outcome(Result.NOOP, null, null, null);
            },
            Clock.systemUTC(),
            new ReconcileMetrics(new SimpleMeterRegistry()))) {
      scheduler.start();
      await().atMost(Duration.ofSeconds(10)).until(() -> started.get() > finished.get());

      scheduler.drain(Duration.ofSeconds(10));

      var ended = finished.get();
      assertThat(ended).isEqualTo(started.get());
      // due apps are left for the next start: nothing starts once the drain returned
      await()
          .during(Duration.ofMillis(300))
          .atMost(Duration.ofSeconds(2))
          .until(() -> started.get() == ended);
    }
  }

  private static int runs(Map<String, AtomicInteger> runs, String app) {
    var count = runs.get(app);
    return count == null ? 0 : count.get();
  }

  private static ReconcileScheduler scheduler(
      JdbcTemplate jdbc,
      String node,
      Map<String, AtomicInteger> inFlight,
      AtomicInteger overlaps,
      Map<String, AtomicInteger> runsByNode,
      Map<String, AtomicInteger> runsByApp) {
    return new ReconcileScheduler(
        settings(node, Duration.ofSeconds(60)),
        new ReconcileLeases(jdbc),
        app -> {
          var count = inFlight.computeIfAbsent(app, k -> new AtomicInteger());
          if (count.incrementAndGet() > 1) {
            overlaps.incrementAndGet();
          }
          // the reconcile's work: long enough for the other node to try the same app meanwhile
          LockSupport.parkNanos(Duration.ofMillis(20).toNanos());
          count.decrementAndGet();
          runsByNode.computeIfAbsent(node, k -> new AtomicInteger()).incrementAndGet();
          runsByApp.computeIfAbsent(app, k -> new AtomicInteger()).incrementAndGet();
          return new Outcome(Result.NOOP, null, null, null);
        },
        Clock.systemUTC(),
        new ReconcileMetrics(new SimpleMeterRegistry()));
  }
}
