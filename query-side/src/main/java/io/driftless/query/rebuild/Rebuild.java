package io.driftless.query.rebuild;

import io.driftless.query.eventstore.EventStoreReader;
import io.driftless.query.projection.Dialect;
import io.driftless.query.projection.Projection;
import java.sql.Connection;
import java.sql.SQLException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.SingleConnectionDataSource;

/**
 * One run of a rebuild, on its own connection, phase by phase: bulk (the store in global order,
 * {@code batchSize} events a transaction), catch-up (the events stored meanwhile, until a read
 * comes back short), then the {@link Swap}. Each phase's helpers do one job: {@link ReadAhead} and
 * {@link WriteBehind} the threads, {@link Pacing} the speed, {@link Progress} the rebuild's record
 * and log, {@link Swap} the swap and the recovery of a swap that died ({@link #finishSwap}).
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
  private final Progress progress;
  private final Pacing pacing;
  private final Swap swap;

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
    this.progress = new Progress(view, rebuildId, context.builds());
    this.pacing =
        new Pacing(
            view,
            rebuildId,
            context.settings(),
            new StoreActivity(context.store(), context.settings().busyWindow()),
            progress);
    this.swap =
        new Swap(
            view,
            rebuildId,
            connection,
            context.store(),
            context.settings().batchSize(),
            context.jdbc(),
            dialect,
            jdbc,
            shadow,
            progress);
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
    progress.start(fold.done());
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
    swap.swap(fold);
  }

  /**
   * Folds the store in global order until a read comes back short (caught up with the store), each
   * read one transaction. Three threads work at once: the next reads are read and decoded ({@link
   * ReadAhead}), this thread folds one read in memory ({@link ShadowFold#prepare}), and a writer
   * stores the previous one and commits it with its checkpoint ({@link ShadowFold#write}, on {@link
   * WriteBehind}), so the JVM's work and the database's overlap. While deploys write to the store,
   * reads are short and paced ({@link Pacing}) if the settings say so. The reads have a connection
   * of their own for the whole phase ({@link ServerPrepared}, when the service was given one).
   */
  private void bulk(ShadowFold fold, long target) throws Exception {
    try (var reads = context.storeReads() == null ? null : context.storeReads().getConnection()) {
      bulk(fold, target, reads == null ? context.store() : readingOn(reads));
    }
  }

  private void bulk(ShadowFold fold, long target, EventStoreReader store) throws Exception {
    // Started from this thread, so the writer has its priority.
    try (var writer = new WriteBehind(threadName() + "-write");
        var ahead =
            new ReadAhead(
                store, fold.lastGlobalIndex(), pacing::batchSize, threadName() + "-read")) {
      while (true) {
        var read = ahead.next();
        var prepared = fold.prepare(read.events());
        writer.write(
            () -> {
              fold.write(prepared);
              return null;
            });
        var phase = fold.done() < target ? "bulk" : "catch-up";
        progress.report(phase, fold.done(), Math.max(target, fold.done()));
        pacing.throttle(fold.done());
        pacing.pace(read.events().size());
        checkInterrupted();
        if (read.isLast()) {
          writer.await();
          return;
        }
      }
    }
  }

  /** The store's reader on the bulk phase's own connection (the read-ahead's alone). */
  private EventStoreReader readingOn(Connection reads) {
    return new EventStoreReader(
        JdbcClient.create(new SingleConnectionDataSource(reads, true)), context.store().location());
  }

  private String threadName() {
    return Thread.currentThread().getName();
  }

  private static void checkInterrupted() throws InterruptedException {
    if (Thread.currentThread().isInterrupted()) {
      throw new InterruptedException("the rebuild was stopped");
    }
  }

  /** Finishes a swap that died half-way: the gate is still closed, nothing moved since. */
  void finishSwap() throws Exception {
    try {
      swap.finishInterrupted();
    } finally {
      restoreNamespace();
    }
  }

  private void fail(Exception e) {
    try {
      connection.rollback();
    } catch (SQLException rollback) {
      e.addSuppressed(rollback);
    }
    var message = e.getMessage() == null ? e.toString() : e.getMessage();
    var halfSwapped = swap.halfDoneAfterFailure();
    context
        .builds()
        .failed(
            rebuildId,
            halfSwapped
                ? message + " (the swap is finished at the next start or rebuild request)"
                : message + " (a rebuild request resumes it)");
    log.warn("Rebuild {} of the {} view failed: {}", rebuildId, view.name(), message, e);
  }
}
