package io.driftless.standalone;

import io.driftless.shared.DaemonThreads;
import java.sql.SQLException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;
import org.h2.engine.SessionLocal;
import org.h2.jdbc.JdbcConnection;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;

/**
 * The chunk rewriting that H2's background writer would do. {@code WRITE_DELAY=0} (application.yml)
 * makes every commit reach the file before it returns, and with it H2 starts no background writer;
 * that thread was also what rewrote half-empty chunks. Without it every commit leaves a chunk that
 * stays partly live until the database is closed cleanly. Every 5 s this rewrites the live pages of
 * sparse chunks, as the background writer would, so that old chunks die and H2 reuses their space
 * (after its retention time, 45 s). Measured at two deploys a second of a six-resource app: the
 * file levelled off at 60 MB after 600 deploys with it, and grew linearly to 123 MB without it (2
 * MB once closed, either way).
 *
 * <p>It reaches H2's {@code MVStore} through H2's engine classes (public, but not a JDBC API): H2
 * has no SQL statement for online compaction. Any other database is left alone.
 */
@Component
@ConditionalOnBooleanProperty(name = "driftless.h2.housekeeping", matchIfMissing = true)
class H2Housekeeping implements SmartLifecycle {

  private static final Logger log = LoggerFactory.getLogger(H2Housekeeping.class);

  /** H2's background writer aims at 90% when idle and 81% when busy. */
  private static final int TARGET_FILL_RATE = 80;

  private static final int WRITE_LIMIT_BYTES = 4 * 1024 * 1024;

  private static final long INTERVAL_SECONDS = 5;

  private final DataSource dataSource;
  private ScheduledExecutorService timer;

  H2Housekeeping(DataSource dataSource) {
    this.dataSource = dataSource;
  }

  @Override
  public synchronized void start() {
    timer = Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("h2-housekeeping"));
    timer.scheduleWithFixedDelay(
        this::rewriteSparseChunks, INTERVAL_SECONDS, INTERVAL_SECONDS, TimeUnit.SECONDS);
  }

  /** Lets a running rewrite finish: an interrupted H2 thread would close the database file. */
  @Override
  public synchronized void stop() {
    timer.shutdown();
    try {
      timer.awaitTermination(10, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    timer = null;
  }

  @Override
  public synchronized boolean isRunning() {
    return timer != null;
  }

  /** Returns whether it rewrote a chunk. */
  boolean rewriteSparseChunks() {
    try (var connection = dataSource.getConnection()) {
      if (connection.isWrapperFor(JdbcConnection.class)
          && connection.unwrap(JdbcConnection.class).getSession() instanceof SessionLocal session
          && session.getDatabase().getStore() != null) {
        var store = session.getDatabase().getStore().getMvStore();
        return store.compact(TARGET_FILL_RATE, WRITE_LIMIT_BYTES);
      }
    } catch (SQLException | RuntimeException e) {
      log.warn("H2 housekeeping failed: {}", e.getMessage());
    }
    return false;
  }
}
