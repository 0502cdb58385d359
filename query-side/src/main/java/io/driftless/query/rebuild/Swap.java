package io.driftless.query.rebuild;

import io.driftless.query.eventstore.EventStoreReader;
import io.driftless.query.projection.Dialect;
import io.driftless.query.projection.Projection;
import io.driftless.query.projection.ViewBuilds;
import io.driftless.query.projection.ViewGate;
import io.driftless.query.projection.ViewTimes;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.LinkedHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * A rebuild's swap, and the recovery of one that died half-way, on the rebuild's {@code connection}
 * ({@code jdbc}); {@code pool} is the views' pool (the gate's holder after a failure, the shadow's
 * drop). The swap closes the {@link ViewGate} (the live batches in flight finish first, later ones
 * wait), folds what the store got since, and then every event the live view applied that the shadow
 * lacks (the live offsets are still now), puts the shadow's tables in place, and in one transaction
 * moves the shadow's offsets, newest event time and version into the live records and opens the
 * gate. On MariaDB the steps commit one by one and the closed gate keeps the live stream off until
 * the last one (a swap that died is finished by {@link #finishInterrupted}); on H2 the whole swap
 * is one transaction.
 */
final class Swap {

  private static final Logger log = LoggerFactory.getLogger(Swap.class);

  private final Projection view;
  private final String rebuildId;
  private final Connection connection;
  private final EventStoreReader store;
  private final int batchSize;
  private final JdbcClient pool;
  private final Dialect dialect;
  private final JdbcClient jdbc;
  private final ShadowTables shadow;
  private final Progress progress;

  Swap(
      Projection view,
      String rebuildId,
      Connection connection,
      EventStoreReader store,
      int batchSize,
      JdbcClient pool,
      Dialect dialect,
      JdbcClient jdbc,
      ShadowTables shadow,
      Progress progress) {
    this.view = view;
    this.rebuildId = rebuildId;
    this.connection = connection;
    this.store = store;
    this.batchSize = batchSize;
    this.pool = pool;
    this.dialect = dialect;
    this.jdbc = jdbc;
    this.shadow = shadow;
    this.progress = progress;
  }

  /** Swaps the folded shadow in. */
  void swap(ShadowFold fold) throws Exception {
    var stepwise = dialect == Dialect.MARIADB;
    dialect.use(connection, shadow.live());
    if (!new ViewGate(jdbc, dialect).close(rebuildId, view.name())) {
      throw new IllegalStateException("another rebuild is swapping its view; try again");
    }
    if (stepwise) {
      connection.commit();
    }
    progress.report("swapping", fold.done(), fold.done());
    dialect.use(connection, shadow.shadow());
    while (true) {
      var events = store.readAfter(fold.lastGlobalIndex(), batchSize);
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
    var behind = new LinkedHashMap<String, Long>();
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
                store.read(aggregateId, fold.nextExpected(aggregateId)).stream()
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
  private void finish(Instant newest) throws SQLException {
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
          .params(view.name(), ViewTimes.millis(newest != null ? newest : Instant.now()), applied)
          .update();
    }
    ViewBuilds.markBuilt(jdbc, view.name(), view.version());
    var builds = new ViewBuilds(jdbc);
    var done = builds.latestRebuild(view.name()).map(p -> p.done()).orElse(0L);
    builds.progress(rebuildId, "swapped", done, done, progress.rate(done));
    new ViewGate(jdbc, dialect).open();
    connection.commit();
    shadow.drop(pool);
    log.info(
        "Rebuild {} of the {} view: swapped; the old tables are dropped", rebuildId, view.name());
  }

  /** Finishes a swap that died half-way: the gate is still closed, nothing moved since. */
  void finishInterrupted() throws Exception {
    connection.setAutoCommit(false);
    progress.start(0);
    if (jdbc.sql(
                "SELECT COUNT(*) FROM information_schema.tables"
                    + " WHERE table_schema = ? AND table_name = ?")
            .params(shadow.shadow(), view.tables().get(0))
            .query(Long.class)
            .single()
        > 0) {
      dialect.use(connection, shadow.shadow());
      var fold = new ShadowFold(view, connection, store, rebuildId);
      fold.load();
      catchUpWithLive(fold);
      fold.writeCheckpoint();
      connection.commit();
      finish(fold.newest());
    } else {
      dialect.use(connection, shadow.shadow());
      var fold = new ShadowFold(view, connection, store, rebuildId);
      fold.load();
      finish(fold.newest());
    }
  }

  /**
   * After a failure: whether this rebuild's swap is half done (the gate is held by it and, on
   * MariaDB, the shadow's tables moved already), so that only finishing it is safe. A gate this
   * rebuild closed before its tables moved is opened again here.
   */
  boolean halfDoneAfterFailure() {
    var gate = new ViewGate(pool, dialect).holder();
    var halfSwapped = gate.isPresent() && gate.get().swapId().equals(rebuildId);
    if (halfSwapped && !shadowTablesMoved()) {
      new ViewGate(pool, dialect).open();
      halfSwapped = false;
    }
    return halfSwapped;
  }

  private boolean shadowTablesMoved() {
    return dialect == Dialect.MARIADB
        && pool.sql(
                    "SELECT COUNT(*) FROM information_schema.tables"
                        + " WHERE table_schema = ? AND table_name = ?")
                .params(shadow.shadow(), "old__" + view.tables().get(0))
                .query(Long.class)
                .single()
            > 0;
  }
}
