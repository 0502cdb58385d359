package io.driftless.query.rebuild;

import io.driftless.query.api.ConflictException;
import io.driftless.query.api.NotFoundException;
import io.driftless.query.eventstore.EventStoreReader;
import io.driftless.query.projection.Dialect;
import io.driftless.query.projection.Projection;
import io.driftless.query.projection.ViewBuilds;
import io.driftless.query.projection.ViewGate;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessException;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Starts rebuilds ({@code POST /api/projections/{name}/rebuild}), one per view at a time, each on a
 * thread and a connection of its own. A view's rebuild is claimed in this process and, on MariaDB,
 * with a named lock on the rebuild's connection, so a second request anywhere is a 409 and the
 * claim goes with the process. A rebuild that was stopped (process killed, worker interrupted,
 * failure) resumes from its last committed batch when requested again, if the shadow was built for
 * the same version of the view; otherwise it starts over. A swap that died half-way (MariaDB) is
 * finished by {@link #recover} at start and before any new rebuild.
 */
public final class RebuildService implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(RebuildService.class);

  /**
   * What a rebuild uses: {@code connections} opens the rebuild's own connection (the views'
   * database), {@code storeReads} the one its bulk reads of the store use (null: {@code store}'s).
   */
  record Context(
      DataSource connections,
      DataSource storeReads,
      JdbcClient jdbc,
      EventStoreReader store,
      ViewBuilds builds,
      RebuildSettings settings) {}

  private final List<Projection> views;
  private final Context context;
  private final Map<String, Thread> running = new HashMap<>();

  public RebuildService(
      List<Projection> views,
      DataSource dataSource,
      EventStoreReader store,
      RebuildSettings settings) {
    this(views, dataSource, store, settings, ServerPrepared.of(dataSource), null);
  }

  /**
   * @param dataSource the views' pool: progress and the rebuilds' records
   * @param connections opens each rebuild's own connection to the views' database ({@link
   *     ServerPrepared#of} of the pool, for MariaDB)
   * @param storeReads opens the connection a rebuild's bulk reads of the event store use, for the
   *     whole bulk phase; null to read through {@code store}
   */
  public RebuildService(
      List<Projection> views,
      DataSource dataSource,
      EventStoreReader store,
      RebuildSettings settings,
      DataSource connections,
      DataSource storeReads) {
    this.views = List.copyOf(views);
    var jdbc = JdbcClient.create(dataSource);
    this.context =
        new Context(connections, storeReads, jdbc, store, new ViewBuilds(jdbc), settings);
  }

  /**
   * Starts (or resumes) a rebuild of the view and returns its id.
   *
   * @throws NotFoundException for an unknown view
   * @throws ConflictException if the view's rebuild runs already
   */
  public synchronized String start(String name) {
    var view =
        views.stream()
            .filter(v -> v.name().equals(name))
            .findFirst()
            .orElseThrow(() -> new NotFoundException("no view named " + name));
    if (running.containsKey(name) && running.get(name).isAlive()) {
      throw inProgress(name);
    }
    recover();
    try {
      var connection = context.connections().getConnection();
      try {
        var lock = lockName(connection, name);
        if (!claim(connection, lock)) {
          throw inProgress(name);
        }
        var rebuild = prepare(view, connection);
        var thread = new Thread(() -> runAndRelease(rebuild, connection, lock), threadName(name));
        running.put(name, thread);
        thread.start();
        return rebuild.rebuildId();
      } catch (RuntimeException | SQLException e) {
        connection.close();
        throw e;
      }
    } catch (SQLException e) {
      throw new IllegalStateException("cannot start the rebuild of " + name, e);
    }
  }

  private static ConflictException inProgress(String name) {
    return new ConflictException(
        "rebuild_in_progress",
        "a rebuild of the " + name + " view runs already; GET /api/projections shows its progress");
  }

  private Rebuild prepare(Projection view, Connection connection) throws SQLException {
    var dialect = Dialect.of(connection);
    var shadow = new ShadowTables(dialect, dialect.namespace(connection), view);
    var latest = context.builds().latestRebuild(view.name());
    var checkpoint =
        shadow.exists(context.jdbc()) ? ShadowFold.checkpoint(context.jdbc(), shadow) : null;
    var resumable =
        latest.isPresent()
            && !"swapped".equals(latest.get().phase())
            && checkpoint != null
            && checkpoint.rebuildId().equals(latest.get().rebuildId())
            && checkpoint.version() == view.version();
    if (resumable) {
      return new Rebuild(view, latest.get().rebuildId(), connection, context, true);
    }
    var id = UUID.randomUUID().toString();
    context.builds().started(id, view.name(), view.version(), 0);
    return new Rebuild(view, id, connection, context, false);
  }

  private void runAndRelease(Rebuild rebuild, Connection connection, String lock) {
    try {
      rebuild.run();
    } finally {
      release(connection, lock);
      synchronized (this) {
        running.values().remove(Thread.currentThread());
      }
    }
  }

  /** Whether a rebuild of the view runs in this process. */
  public synchronized boolean isRunning(String name) {
    return running.containsKey(name) && running.get(name).isAlive();
  }

  /**
   * Finishes a swap that died half-way (its gate is still closed, so the live stream waits), and
   * marks views that are not built as built when the event store is empty (there is nothing to
   * fold, and the live stream feeds them from the first event on).
   */
  public synchronized void recover() {
    var gate = new ViewGate(context.jdbc(), Dialect.of(context.jdbc()));
    gate.holder()
        .filter(holder -> !isRunning(holder.view()))
        .ifPresent(holder -> finishSwap(holder.swapId(), holder.view()));
    buildEmptyViews();
  }

  private void finishSwap(String rebuildId, String name) {
    var view = views.stream().filter(v -> v.name().equals(name)).findFirst().orElse(null);
    if (view == null) {
      return;
    }
    log.warn("Rebuild {} of the {} view died during its swap; finishing the swap", rebuildId, name);
    try {
      var connection = context.connections().getConnection();
      var lock = lockName(connection, name);
      if (!claim(connection, lock)) {
        connection.close();
        return; // its rebuild runs in another process
      }
      try {
        new Rebuild(view, rebuildId, connection, context, true).finishSwap();
      } finally {
        release(connection, lock);
      }
    } catch (Exception e) {
      throw new IllegalStateException("cannot finish the swap of rebuild " + rebuildId, e);
    }
  }

  private void buildEmptyViews() {
    var built = context.builds().builtVersions();
    var unbuilt =
        views.stream()
            .filter(v -> !Integer.valueOf(v.version()).equals(built.get(v.name())))
            .toList();
    if (unbuilt.isEmpty()) {
      return;
    }
    try {
      if (context.store().hasEvents()) {
        unbuilt.forEach(
            v ->
                log.info(
                    "The {} view (v{}) is {}: POST /api/projections/{}/rebuild builds it",
                    v.name(),
                    v.version(),
                    built.containsKey(v.name()) ? "stale" : "not built",
                    v.name()));
        return;
      }
    } catch (DataAccessException e) {
      log.info("Event store not readable yet ({}); views stay as they are", e.getMessage());
      return;
    }
    unbuilt.forEach(
        v -> {
          ViewBuilds.markBuilt(context.jdbc(), v.name(), v.version());
          log.info("The event store is empty: the {} view (v{}) is built", v.name(), v.version());
        });
  }

  /**
   * MariaDB: a named lock on the rebuild's connection, so one rebuild per view in all processes.
   */
  private static boolean claim(Connection connection, String lock) throws SQLException {
    if (lock == null) {
      return true;
    }
    try (var statement = connection.prepareStatement("SELECT GET_LOCK(?, 0)")) {
      statement.setString(1, lock);
      try (var rs = statement.executeQuery()) {
        return rs.next() && rs.getInt(1) == 1;
      }
    }
  }

  private static void release(Connection connection, String lock) {
    try (connection) {
      connection.rollback();
      connection.setAutoCommit(true);
      if (lock != null) {
        try (var statement = connection.prepareStatement("SELECT RELEASE_LOCK(?)")) {
          statement.setString(1, lock);
          statement.executeQuery().close();
        }
      }
    } catch (SQLException e) {
      log.warn("Closing the rebuild's connection failed: {}", e.getMessage());
    }
  }

  /** The named lock of a view's rebuild (MariaDB; null on H2, a single process). */
  private static String lockName(Connection connection, String name) throws SQLException {
    if (Dialect.of(connection) != Dialect.MARIADB) {
      return null;
    }
    var full = "driftless-rebuild." + Dialect.MARIADB.namespace(connection) + "." + name;
    return full.length() <= 64 ? full : "driftless-rebuild." + full.hashCode() + "." + name;
  }

  private static String threadName(String name) {
    return "driftless-rebuild-" + name;
  }

  /** Stops the running rebuilds (they resume when requested again). */
  @Override
  public synchronized void close() {
    running.values().forEach(Thread::interrupt);
  }

  /** Waits for the running rebuilds to stop (after {@link #close}). */
  public void awaitStopped() throws InterruptedException {
    List<Thread> threads;
    synchronized (this) {
      threads = List.copyOf(running.values());
    }
    for (var thread : threads) {
      thread.join();
    }
  }
}
