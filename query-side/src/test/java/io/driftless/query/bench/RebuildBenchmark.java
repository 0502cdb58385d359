package io.driftless.query.bench;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import com.zaxxer.hikari.HikariDataSource;
import io.driftless.events.EventEnvelope;
import io.driftless.events.testing.CpuTimes;
import io.driftless.events.testing.EventHistoryGenerator;
import io.driftless.query.eventstore.EventStoreReader;
import io.driftless.query.history.HistoryProjection;
import io.driftless.query.projection.ProjectionApplier;
import io.driftless.query.projection.RebuildProgress;
import io.driftless.query.projection.ViewBuilds;
import io.driftless.query.rebuild.RebuildService;
import io.driftless.query.rebuild.RebuildSettings;
import io.driftless.query.rebuild.ServerPrepared;
import io.driftless.query.support.LocalServices;
import io.driftless.query.support.TestEventStore;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import org.awaitility.Awaitility;
import org.flywaydb.core.Flyway;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.JdbcTransactionManager;

/**
 * Issue 13's benchmark: {@code events} events in an event store in Axon's layout (MariaDB, a
 * database of its own), the history view rebuilt from it into another database (the distributed
 * layout); in the same run the naive replay of the first {@code naive} events, one transaction per
 * event through the live applier (what a reset tracking processor does), and a concurrent store
 * writer (10-event transactions, 20 a second, as deploys write) timed without and during the
 * rebuild. Options: {@code events}, {@code naive}, {@code batch} (10,000), {@code busy} (the
 * rebuild's {@code busy-events-per-second}; 0, full speed, by default: the store writer would
 * otherwise make it yield), {@code nice} (the rebuild threads' nice value; 0 by default), {@code
 * db=h2} (the standalone's layout: one H2 file database, with the standalone's URL settings,
 * holding the store and the views, in a temporary directory), {@code warmup} (200,000: the events
 * of a first rebuild, in a store of its own, before the measured one; 0 measures a cold JVM's first
 * rebuild).
 *
 * <p>The command is in {@code query-side/BENCHMARK.md}, "Rebuilds". The databases are dropped at
 * the end.
 */
public final class RebuildBenchmark {

  private RebuildBenchmark() {}

  public static void main(String[] args) throws Exception {
    var options = new HashMap<String, String>();
    for (var arg : args) {
      options.put(arg.substring(0, arg.indexOf('=')), arg.substring(arg.indexOf('=') + 1));
    }
    var events = Integer.parseInt(options.getOrDefault("events", "1000000"));
    var naive = Integer.parseInt(options.getOrDefault("naive", "20000"));
    var batch = Integer.parseInt(options.getOrDefault("batch", "10000"));
    var busy = Long.parseLong(options.getOrDefault("busy", "0"));
    var nice = Integer.parseInt(options.getOrDefault("nice", "0"));
    var h2 = "h2".equals(options.getOrDefault("db", "mariadb"));
    var warmup = Integer.parseInt(options.getOrDefault("warmup", "200000"));
    ((LoggerContext) LoggerFactory.getILoggerFactory()).getLogger("ROOT").setLevel(Level.WARN);
    var h2Dir = h2 ? Files.createTempDirectory("driftless-rebuild-bench") : null;
    // H2: the standalone's layout, one database file holding the event store and the views.
    try (var store = h2 ? h2Migrated(h2Dir, "driftless") : pool("driftless_bench_store");
        var views = h2 ? store : migrated("driftless_bench_views");
        var naiveViews = h2 ? h2Migrated(h2Dir, "naive") : migrated("driftless_bench_naive")) {
      TestEventStore.create(store);
      System.out.printf(
          "database: %s%n", h2 ? "H2 (the standalone's URL settings), " + h2Dir : "MariaDB");
      var started = System.nanoTime();
      var stored = fill(store, events);
      System.out.printf(
          "stored %,d events in %.1f s%n", stored, (System.nanoTime() - started) / 1e9);
      var reader = new EventStoreReader(JdbcClient.create(store));
      if (warmup > 0) {
        warmUp(warmup, batch, h2, h2Dir);
      }

      var naiveRate = naiveReplay(reader, naiveViews, naive);
      System.out.printf("naive replay (1 event per transaction): %,.0f events/s%n", naiveRate);

      var writer = new StoreWriter(store);
      var quiet = writer.run(15);
      System.out.printf("store writes without rebuild: %s%n", quiet);

      var service =
          new RebuildService(
              List.of(new HistoryProjection(200)),
              views,
              reader,
              new RebuildSettings(batch, 0, busy, Duration.ofSeconds(5), nice),
              ServerPrepared.of(views),
              ServerPrepared.of(store));
      var running = new AtomicBoolean(true);
      var during = new ArrayList<Long>();
      var writing =
          new Thread(
              () -> {
                while (running.get()) {
                  during.addAll(writer.write(1));
                }
              });
      var cpu =
          CpuTimes.of(
              new java.util.LinkedHashMap<>(
                  java.util.Map.of(
                      "rebuild JVM", ProcessHandle.current().pid(),
                      "MariaDB", CpuTimes.find("mariadbd"))));
      started = System.nanoTime();
      service.start(HistoryProjection.NAME);
      writing.start();
      var done = awaitEnd(views);
      var seconds = (System.nanoTime() - started) / 1e9;
      running.set(false);
      writing.join();
      service.awaitStopped(); // after the swap it drops the shadow (old tables) on its thread
      if (!"swapped".equals(done.phase())) {
        throw new IllegalStateException("rebuild failed: " + done.error());
      }
      var rate = done.done() / seconds;
      System.out.printf(
          "rebuild of history: %,d events in %.1f s = %,.0f events/s (request to swap)%n",
          done.done(), seconds, rate);
      System.out.printf("  CPU: %s%n", cpu.since(done.done()));
      System.out.printf("ratio rebuild / naive: %.1fx%n", rate / naiveRate);
      System.out.printf("store writes during rebuild: %s%n", StoreWriter.summary(during));
      var rows =
          new JdbcTemplate(views)
              .queryForObject("SELECT COUNT(*) FROM app_change_resource", Long.class);
      System.out.printf("history rows after the swap: %,d resource rows%n", rows);
      if (h2) {
        store.close();
        naiveViews.close();
        try (var files = Files.walk(h2Dir)) {
          files.sorted(java.util.Comparator.reverseOrder()).map(Path::toFile).forEach(File::delete);
        }
      } else {
        drop(store, views, naiveViews);
      }
    }
  }

  /**
   * One rebuild of {@code events} events in a store and views of their own, timed and then dropped:
   * the JIT compiles the rebuild's code, as in a server that has rebuilt a view before (a first
   * rebuild in a cold JVM shares the two cores with the compiler threads for about ten seconds).
   */
  private static void warmUp(int events, int batch, boolean h2, Path h2Dir) throws Exception {
    try (var store = h2 ? h2Migrated(h2Dir, "warmup") : pool("driftless_bench_warmup_store");
        var views = h2 ? store : migrated("driftless_bench_warmup_views")) {
      TestEventStore.create(store);
      var stored = fill(store, events);
      var service =
          new RebuildService(
              List.of(new HistoryProjection(200)),
              views,
              new EventStoreReader(JdbcClient.create(store)),
              new RebuildSettings(batch, 0),
              ServerPrepared.of(views),
              ServerPrepared.of(store));
      var started = System.nanoTime();
      service.start(HistoryProjection.NAME);
      var done = awaitEnd(views);
      var seconds = (System.nanoTime() - started) / 1e9;
      service.awaitStopped();
      System.out.printf(
          "warm-up rebuild (cold JVM), a store of its own: %,d events in %.1f s = %,.0f events/s"
              + " (%s)%n",
          stored, seconds, done.done() / seconds, done.phase());
      if (!h2) {
        drop(store, views);
      }
    }
  }

  /** Waits for the history view's latest rebuild to end (swapped or failed). */
  private static RebuildProgress awaitEnd(HikariDataSource views) {
    var builds = new ViewBuilds(JdbcClient.create(views));
    return Awaitility.await()
        .atMost(Duration.ofHours(1))
        .pollInterval(Duration.ofMillis(200))
        .until(
            () -> builds.latestRebuild(HistoryProjection.NAME).orElseThrow(),
            progress -> !progress.running());
  }

  /** A file database with the standalone's settings (application.yml) and the views migrated. */
  private static HikariDataSource h2Migrated(Path dir, String name) {
    var dataSource = new HikariDataSource();
    dataSource.setJdbcUrl(
        "jdbc:h2:file:"
            + dir.resolve(name).toAbsolutePath()
            + ";MODE=MariaDB;DATABASE_TO_LOWER=TRUE;NON_KEYWORDS=VALUE;WRITE_DELAY=0");
    dataSource.setUsername("sa");
    dataSource.setPassword("");
    dataSource.setMaximumPoolSize(4);
    Flyway.configure().dataSource(dataSource).locations("classpath:db/query").load().migrate();
    return dataSource;
  }

  private static void drop(HikariDataSource... dataSources) {
    for (var dataSource : dataSources) {
      var jdbc = new JdbcTemplate(dataSource);
      jdbc.execute(
          "DROP DATABASE `" + jdbc.queryForObject("SELECT DATABASE()", String.class) + "`");
    }
  }

  private static int fill(HikariDataSource store, int events) {
    var written = 0;
    var chunk = 0;
    while (written < events) {
      var part =
          new EventHistoryGenerator(1_000 + chunk)
              .generate("c" + chunk + "-app-", 20, 5, Math.min(20_000, events - written));
      TestEventStore.append(store, part);
      written += part.size();
      chunk++;
    }
    return written;
  }

  private static double naiveReplay(EventStoreReader reader, HikariDataSource views, int count) {
    var applier =
        new ProjectionApplier(
            List.of(new HistoryProjection(200)),
            JdbcClient.create(views),
            ProjectionApplier.transactions(new JdbcTransactionManager(views)));
    var sample = new ArrayList<EventEnvelope>();
    reader.readAfter(0, count).forEach(e -> sample.add(e.event()));
    var started = System.nanoTime();
    sample.forEach(applier::apply);
    return sample.size() / ((System.nanoTime() - started) / 1e9);
  }

  private static HikariDataSource pool(String prefix) {
    var dataSource = new HikariDataSource();
    dataSource.setJdbcUrl(LocalServices.freshDatabase(prefix));
    dataSource.setUsername(LocalServices.jdbcUser());
    dataSource.setPassword(LocalServices.jdbcPassword());
    dataSource.setMaximumPoolSize(4);
    return dataSource;
  }

  private static HikariDataSource migrated(String prefix) {
    return LocalServices.migratedViews(prefix);
  }

  /** Writes 10-event transactions into the store, 20 a second, and times each commit. */
  private static final class StoreWriter {

    private final HikariDataSource store;
    private int chunk;

    StoreWriter(HikariDataSource store) {
      this.store = store;
    }

    String run(int seconds) {
      return summary(write(seconds));
    }

    List<Long> write(int seconds) {
      var latencies = new ArrayList<Long>();
      var end = System.nanoTime() + seconds * 1_000_000_000L;
      while (System.nanoTime() < end) {
        var events = new EventHistoryGenerator(-1 - chunk).generate("w" + chunk + "-", 1, 4, 10);
        chunk++;
        var started = System.nanoTime();
        TestEventStore.append(store, events.subList(0, 10));
        latencies.add(System.nanoTime() - started);
        var pause = 50_000_000L - (System.nanoTime() - started);
        if (pause > 0) {
          // Pacing, not waiting for a condition: one write every 50 ms, as deploys arrive.
          LockSupport.parkNanos(pause);
          if (Thread.currentThread().isInterrupted()) {
            break;
          }
        }
      }
      return latencies;
    }

    static String summary(List<Long> latencies) {
      var sorted = new ArrayList<>(latencies);
      Collections.sort(sorted);
      return String.format(
          "%d transactions, p50 %.1f ms, p99 %.1f ms",
          sorted.size(),
          sorted.get(sorted.size() / 2) / 1e6,
          sorted.get((int) (sorted.size() * 0.99)) / 1e6);
    }
  }
}
