package io.driftless.query.rebuild;

import io.driftless.query.eventstore.EventStoreReader;
import io.driftless.query.projection.Dialect;
import io.driftless.query.projection.Projection;
import io.driftless.query.projection.ViewBuilds;
import io.driftless.query.projection.ViewGate;
import io.driftless.query.projection.ViewTimes;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.SingleConnectionDataSource;

/**
 * One run of a rebuild, on its own connection: bulk (the store in global order, {@code batchSize}
 * events a transaction), catch-up (the events stored meanwhile, until a read comes back short),
 * then the swap. The swap closes the {@link ViewGate} (the live batches in flight finish first,
 * later ones wait), folds what the store got since, and then every event the live view applied that
 * the shadow lacks (the live offsets are still now), puts the shadow's tables in place, and in one
 * transaction moves the shadow's offsets, newest event time and version into the live records and
 * opens the gate. On MariaDB the steps commit one by one and the closed gate keeps the live stream
 * off until the last one (a swap that died is finished by {@link #finishSwap}); on H2 the whole
 * swap is one transaction.
 */
final class Rebuild implements Runnable {

  private static final Logger log = LoggerFactory.getLogger(Rebuild.class);

  private final Projection view;
  private final String rebuildId;
  private final Connection connection;
  private final RebuildService.Context context;
  private final Dialect dialect;
  private final JdbcClient jdbc;
  private final ShadowTables shadow;
  private final boolean resume;
  private long startedNanos;
  private long doneAtStart;
  private long lastLog;
  private final StoreActivity activity;
  private long lastPace = System.nanoTime();
  private boolean yielded;

  Rebuild(
      Projection view,
      String rebuildId,
      Connection connection,
      RebuildService.Context context,
      boolean resume)
      throws SQLException {
    this.view = view;
    this.rebuildId = rebuildId;
    this.connection = connection;
    this.context = context;
    this.dialect = Dialect.of(connection);
    this.jdbc = ShadowTables.on(connection);
    this.shadow = new ShadowTables(dialect, dialect.namespace(connection), view);
    this.resume = resume;
    this.activity = new StoreActivity(context.store(), context.settings().busyWindow());
  }

  String rebuildId() {
    return rebuildId;
  }

  @Override
  public void run() {
    try {
      lowerPriority();
      build();
    } catch (Exception e) {
      fail(e);
    } finally {
      restoreNamespace();
    }
  }

  /**
   * The rebuild's thread, and the read-ahead it starts, give way on the CPU to the process's other
   * threads and to the machine's other processes: a deploy that arrives meanwhile runs first. The
   * thread ends with the rebuild ({@link RebuildService} starts one per rebuild).
   */
  private void lowerPriority() {
    var nice = context.settings().nice();
    if (nice > 0 && LowPriority.lowerCurrentThread(nice)) {
      log.info("Rebuild {} of the {} view runs at nice {}", rebuildId, view.name(), nice);
    }
  }

  /** The connection goes back to a pool: its unqualified names must resolve in the live views. */
  private void restoreNamespace() {
    try {
      connection.rollback();
      dialect.use(connection, shadow.live());
    } catch (SQLException e) {
      log.warn("Cannot reset the rebuild's connection: {}", e.getMessage());
    }
  }

  private void build() throws Exception {
    connection.setAutoCommit(false);
    if (!resume) {
      shadow.create(jdbc, connection);
      connection.commit();
    }
    dialect.use(connection, shadow.shadow());
    var fold = new ShadowFold(view, connection, context.store(), rebuildId);
    fold.load();
    if (!resume) {
      fold.writeCheckpoint();
      connection.commit();
    }
    startedNanos = System.nanoTime();
    doneAtStart = fold.done();
    // The total to report: the store's highest global index past the checkpoint, one index lookup
    // (a COUNT(*) scans the store: seconds on a million events, before the first event is read).
    // Rolled-back appends leave rare gaps in the indexes, so it can be a little above what is
    // folded; the swap reports the folded count as the total.
    var target =
        fold.done() + Math.max(0, context.store().lastGlobalIndex() - fold.lastGlobalIndex());
    log.info(
        "Rebuild {} of the {} view (v{}): {} from event {}, {} events in the store to fold",
        rebuildId,
        view.name(),
        view.version(),
        resume ? "resumed" : "started",
        fold.done(),
        target - fold.done());
    bulk(fold, target);
    swap(fold);
  }

  /**
   * Folds the store in global order until a read comes back short (caught up with the store), each
   * read one transaction. Three threads work at once: the next reads are read and decoded ({@link
   * ReadAhead}), this thread folds one read in memory ({@link ShadowFold#prepare}), and a writer
   * stores the previous one and commits it with its checkpoint ({@link ShadowFold#write}), so the
   * JVM's work and the database's overlap. While deploys write to the store, reads are short and
   * paced ({@link #pace}) if the settings say so. The reads have a connection of their own for the
   * whole phase ({@link ServerPrepared}, when the service was given one).
   */
  private void bulk(ShadowFold fold, long target) throws Exception {
    try (var reads = context.storeReads() == null ? null : context.storeReads().getConnection()) {
      bulk(fold, target, reads == null ? context.store() : readingOn(reads));
    }
  }

  private void bulk(ShadowFold fold, long target, EventStoreReader store) throws Exception {
    var settings = context.settings();
    var writerName = threadName() + "-write";
    // Started from this thread, so the writer has its priority.
    var writer =
        Executors.newSingleThreadExecutor(
            task -> {
              var thread = new Thread(task, writerName);
              thread.setDaemon(true);
              return thread;
            });
    try (var ahead =
        new ReadAhead(
            store,
            fold.lastGlobalIndex(),
            () ->
                yielding()
                    ? Math.min(settings.batchSize(), RebuildSettings.BUSY_BATCH)
                    : settings.batchSize(),
            threadName() + "-read")) {
      Future<?> writing = null;
      while (true) {
        var read = ahead.next();
        var prepared = fold.prepare(read.events());
        awaitWrite(writing);
        writing =
            writer.submit(
                () -> {
                  fold.write(prepared);
                  return null;
                });
        var phase = fold.done() < target ? "bulk" : "catch-up";
        report(phase, fold.done(), Math.max(target, fold.done()));
        throttle(fold.done());
        pace(read.events().size());
        checkInterrupted();
        if (read.isLast()) {
          awaitWrite(writing);
          return;
        }
      }
    } finally {
      stop(writer);
    }
  }

  /** The store's reader on the bulk phase's own connection (the read-ahead's alone). */
  private EventStoreReader readingOn(Connection reads) {
    return new EventStoreReader(
        JdbcClient.create(new SingleConnectionDataSource(reads, true)), context.store().location());
  }

  /** Waits for the previous read's write; its failure is the rebuild's. */
  private static void awaitWrite(Future<?> writing) throws Exception {
    if (writing == null) {
      return;
    }
    try {
      writing.get();
    } catch (ExecutionException e) {
      if (e.getCause() instanceof Exception cause) {
        throw cause;
      }
      throw e;
    }
  }

  /**
   * Stops the writer and waits until it has let go of the connection (a statement under way
   * finishes first), even if this thread is interrupted meanwhile: the connection is rolled back
   * and reused after this.
   */
  private static void stop(ExecutorService writer) {
    writer.shutdownNow();
    var interrupted = false;
    while (true) {
      try {
        if (writer.awaitTermination(10, TimeUnit.SECONDS)) {
          break;
        }
      } catch (InterruptedException e) {
        interrupted = true;
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }

  private String threadName() {
    return Thread.currentThread().getName();
  }

  private boolean yielding() {
    return context.settings().busyEventsPerSecond() > 0 && activity.busy();
  }

  /**
   * While the store is busy, a read of {@code events} takes at least {@code events /
   * busyEventsPerSecond} from the end of the previous one: the rebuild leaves the machine to the
   * deploys most of the time, in short bursts.
   */
  private void pace(int events) throws InterruptedException {
    var now = System.nanoTime();
    if (yielding()) {
      var due = lastPace + (long) (events * 1e9 / context.settings().busyEventsPerSecond());
      if (due > now) {
        if (!yielded) {
          log.info(
              "Rebuild {} of the {} view: the event store is busy; yielding to it at {} events/s",
              rebuildId,
              view.name(),
              context.settings().busyEventsPerSecond());
          yielded = true;
        }
        TimeUnit.NANOSECONDS.sleep(due - now);
        now = System.nanoTime();
      }
    } else if (yielded) {
      log.info(
          "Rebuild {} of the {} view: the event store is quiet; full speed",
          rebuildId,
          view.name());
      yielded = false;
    }
    lastPace = now;
  }

  private void swap(ShadowFold fold) throws Exception {
    var stepwise = dialect == Dialect.MARIADB;
    dialect.use(connection, shadow.live());
    if (!new ViewGate(jdbc, dialect).close(rebuildId, view.name())) {
      throw new IllegalStateException("another rebuild is swapping its view; try again");
    }
    if (stepwise) {
      connection.commit();
    }
    report("swapping", fold.done(), fold.done());
    dialect.use(connection, shadow.shadow());
    while (true) {
      var events =
          context.store().readAfter(fold.lastGlobalIndex(), context.settings().batchSize());
      if (events.isEmpty()) {
        break;
      }
      fold.foldRead(events);
    }
    catchUpWithLive(fold);
    fold.writeCheckpoint();
    if (stepwise) {
      connection.commit();
    }
    finish(fold.newest());
  }

  /** Folds every event the live view applied and the shadow has not (the gate keeps them still). */
  private void catchUpWithLive(ShadowFold fold) {
    var behind = new java.util.LinkedHashMap<String, Long>();
    jdbc.sql(
            "SELECT l.aggregate_id, l.last_sequence FROM "
                + shadow.liveTable(ShadowTables.OFFSETS)
                + " l LEFT JOIN "
                + shadow.shadowTable(ShadowTables.OFFSETS)
                + " s ON s.projection = l.projection AND s.aggregate_id = l.aggregate_id"
                + " WHERE l.projection = ? AND (s.last_sequence IS NULL"
                + " OR s.last_sequence < l.last_sequence)")
        .param(view.name())
        .query(
            rs -> {
              behind.put(rs.getString(1), rs.getLong(2));
            });
    behind.forEach(
        (aggregateId, last) ->
            fold.fold(
                context.store().read(aggregateId, fold.nextExpected(aggregateId)).stream()
                    .filter(e -> e.sequence() <= last)
                    .toList()));
    if (!behind.isEmpty()) {
      log.info("Rebuild {}: {} aggregates caught up with the live view", rebuildId, behind.size());
    }
  }

  /**
   * The swap's last steps, also those of a swap that died half-way (the gate still closed): the
   * tables in place, then offsets, newest event time, version, record and gate in one transaction.
   */
  void finish(java.time.Instant newest) throws SQLException {
    shadow.swapTables(jdbc, connection);
    dialect.use(connection, shadow.live());
    jdbc.sql("DELETE FROM projection_offset WHERE projection = ?").param(view.name()).update();
    jdbc.sql(
            "INSERT INTO projection_offset (projection, aggregate_id, last_sequence)"
                + " SELECT projection, aggregate_id, last_sequence FROM "
                + shadow.shadowTable(ShadowTables.OFFSETS))
        .update();
    jdbc.sql("DELETE FROM projection_status WHERE projection = ?").param(view.name()).update();
    // The rebuilt view's count of applied events: its offsets' sum (sequences run from 0).
    var applied =
        jdbc.sql(
                "SELECT COALESCE(SUM(last_sequence + 1), 0) FROM projection_offset"
                    + " WHERE projection = ?")
            .param(view.name())
            .query(Long.class)
            .single();
    if (newest != null || applied > 0) {
      jdbc.sql(
              "INSERT INTO projection_status (projection, last_event_at, applied) VALUES (?, ?, ?)")
          .params(
              view.name(),
              ViewTimes.millis(newest != null ? newest : java.time.Instant.now()),
              applied)
          .update();
    }
    ViewBuilds.markBuilt(jdbc, view.name(), view.version());
    var builds = new ViewBuilds(jdbc);
    var done = builds.latestRebuild(view.name()).map(p -> p.done()).orElse(0L);
    builds.progress(rebuildId, "swapped", done, done, rate(done));
    new ViewGate(jdbc, dialect).open();
    connection.commit();
    shadow.drop(context.jdbc());
    log.info(
        "Rebuild {} of the {} view: swapped; the old tables are dropped", rebuildId, view.name());
  }

  /** Finishes a swap that died half-way: the gate is still closed, nothing moved since. */
  void finishSwap() throws Exception {
    try {
      finishInterruptedSwap();
    } finally {
      restoreNamespace();
    }
  }

  private void finishInterruptedSwap() throws Exception {
    connection.setAutoCommit(false);
    startedNanos = System.nanoTime();
    if (jdbc.sql(
                "SELECT COUNT(*) FROM information_schema.tables"
                    + " WHERE table_schema = ? AND table_name = ?")
            .params(shadow.shadow(), view.tables().get(0))
            .query(Long.class)
            .single()
        > 0) {
      dialect.use(connection, shadow.shadow());
      var fold = new ShadowFold(view, connection, context.store(), rebuildId);
      fold.load();
      catchUpWithLive(fold);
      fold.writeCheckpoint();
      connection.commit();
      finish(fold.newest());
    } else {
      dialect.use(connection, shadow.shadow());
      var fold = new ShadowFold(view, connection, context.store(), rebuildId);
      fold.load();
      finish(fold.newest());
    }
  }

  private void report(String phase, long done, long total) {
    var rate = rate(done);
    context.builds().progress(rebuildId, phase, done, total, rate);
    var now = System.nanoTime();
    if (now - lastLog > 5_000_000_000L || !"bulk".equals(phase)) {
      lastLog = now;
      log.info(
          "Rebuild {} of the {} view: {} {}/{} events, {} events/s",
          rebuildId,
          view.name(),
          phase,
          done,
          total,
          Math.round(rate));
    }
  }

  private double rate(long done) {
    var seconds = (System.nanoTime() - startedNanos) / 1e9;
    return seconds <= 0 ? 0 : (done - doneAtStart) / seconds;
  }

  private void throttle(long done) throws InterruptedException {
    var max = context.settings().maxEventsPerSecond();
    if (max <= 0) {
      return;
    }
    var dueNanos = (long) ((done - doneAtStart) * 1e9 / max);
    var aheadMillis = (dueNanos - (System.nanoTime() - startedNanos)) / 1_000_000;
    if (aheadMillis > 0) {
      Thread.sleep(aheadMillis);
    }
  }

  private static void checkInterrupted() throws InterruptedException {
    if (Thread.currentThread().isInterrupted()) {
      throw new InterruptedException("the rebuild was stopped");
    }
  }

  private void fail(Exception e) {
    try {
      connection.rollback();
    } catch (SQLException rollback) {
      e.addSuppressed(rollback);
    }
    var message = e.getMessage() == null ? e.toString() : e.getMessage();
    var gate = new ViewGate(context.jdbc(), dialect).holder();
    var halfSwapped = gate.isPresent() && gate.get().swapId().equals(rebuildId);
    if (halfSwapped && !shadowTablesMoved()) {
      new ViewGate(context.jdbc(), dialect).open();
      halfSwapped = false;
    }
    context
        .builds()
        .failed(
            rebuildId,
            halfSwapped
                ? message + " (the swap is finished at the next start or rebuild request)"
                : message + " (a rebuild request resumes it)");
    log.warn("Rebuild {} of the {} view failed: {}", rebuildId, view.name(), message, e);
  }

  private boolean shadowTablesMoved() {
    return dialect == Dialect.MARIADB
        && context
                .jdbc()
                .sql(
                    "SELECT COUNT(*) FROM information_schema.tables"
                        + " WHERE table_schema = ? AND table_name = ?")
                .params(shadow.shadow(), "old__" + view.tables().get(0))
                .query(Long.class)
                .single()
            > 0;
  }
}
