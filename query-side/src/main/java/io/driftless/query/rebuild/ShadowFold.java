package io.driftless.query.rebuild;

import io.driftless.events.EventEnvelope;
import io.driftless.query.eventstore.EventStoreReader;
import io.driftless.query.eventstore.IndexedEvent;
import io.driftless.query.projection.MultiRow;
import io.driftless.query.projection.Projection;
import io.driftless.query.projection.ViewTimes;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Folds stored events into the shadow tables of one view: the version check of the live path, but
 * with the offsets in memory (nobody else writes the shadow), so a batch of thousands of events is
 * one {@link Projection.Batch}, its moved offsets one multi-row upsert and the checkpoint one row,
 * in one transaction on the rebuild's own connection (whose unqualified names resolve in the
 * shadow). An event beyond the next expected one of its aggregate (the store's global order can
 * hold an aggregate's events out of order when transactions commit out of index order) makes it
 * read that aggregate's missing events from the store first, as gap repair does.
 */
final class ShadowFold {

  private final Projection view;
  private final Connection connection;
  private final JdbcClient jdbc;
  private final EventStoreReader store;
  private final String rebuildId;
  private final Map<String, Long> offsets = new HashMap<>();
  private long lastGlobalIndex;
  private long done;
  private Instant newest;

  ShadowFold(Projection view, Connection connection, EventStoreReader store, String rebuildId) {
    this.view = view;
    this.connection = connection;
    this.jdbc = ShadowTables.on(connection);
    this.store = store;
    this.rebuildId = rebuildId;
  }

  /** Loads the checkpoint and offsets a previous run committed (nothing for a new shadow). */
  void load() {
    jdbc.sql(
            "SELECT last_global_index, done, newest_event_at FROM "
                + ShadowTables.CHECKPOINT
                + " WHERE id = 1")
        .query(
            rs -> {
              lastGlobalIndex = rs.getLong(1);
              done = rs.getLong(2);
              var at = rs.getTimestamp(3);
              newest = at == null ? null : at.toInstant();
            });
    jdbc.sql("SELECT aggregate_id, last_sequence FROM " + ShadowTables.OFFSETS)
        .query(
            rs -> {
              offsets.put(rs.getString(1), rs.getLong(2));
            });
  }

  long lastGlobalIndex() {
    return lastGlobalIndex;
  }

  long done() {
    return done;
  }

  Instant newest() {
    return newest;
  }

  long nextExpected(String aggregateId) {
    var last = offsets.get(aggregateId);
    return last == null ? 0 : last + 1;
  }

  /**
   * One read folded in memory and not written yet: the view's rows, the offsets it moved and the
   * checkpoint it reaches. {@link #prepare} makes it on the fold's thread while the previous one is
   * written ({@link #write}) on another; the in-memory offsets are the fold thread's alone.
   */
  record Prepared(
      Projection.Batch batch,
      List<Object[]> offsetRows,
      long lastGlobalIndex,
      long done,
      Instant newest) {}

  /** Folds a read in memory: the next {@link #write} stores it with its checkpoint. */
  Prepared prepare(List<IndexedEvent> events) {
    var collected = collect(events.stream().map(IndexedEvent::event).toList());
    moveTo(events);
    return new Prepared(collected.batch(), collected.offsetRows(), lastGlobalIndex, done, newest);
  }

  /** Writes a prepared read, its offsets and its checkpoint in one transaction. */
  void write(Prepared prepared) throws SQLException {
    writeRows(prepared.batch(), prepared.offsetRows());
    writeCheckpoint(prepared.lastGlobalIndex(), prepared.done(), prepared.newest());
    connection.commit();
  }

  /** Folds events read in global order and moves past them, without committing. */
  void foldRead(List<IndexedEvent> events) {
    fold(events.stream().map(IndexedEvent::event).toList());
    moveTo(events);
  }

  private void moveTo(List<IndexedEvent> events) {
    if (!events.isEmpty()) {
      lastGlobalIndex = Math.max(lastGlobalIndex, events.get(events.size() - 1).globalIndex());
    }
  }

  /**
   * Folds events without committing: each aggregate's next event is taken, earlier ones are
   * duplicates, later ones first fetch the missing ones from the store.
   */
  void fold(List<EventEnvelope> events) {
    var collected = collect(events);
    writeRows(collected.batch(), collected.offsetRows());
  }

  /** A read's rows and moved offsets, before the checkpoint moves past it. */
  private record Collected(Projection.Batch batch, List<Object[]> offsetRows) {}

  private Collected collect(List<EventEnvelope> events) {
    var batch = view.batch();
    var moved = new HashMap<String, Long>();
    done += events.size();
    for (var event : events) {
      if (!view.follows(event.aggregateType())) {
        continue;
      }
      var next = nextExpected(event.aggregateId());
      if (event.sequence() > next) {
        for (var missing : store.read(event.aggregateId(), next)) {
          if (missing.sequence() >= event.sequence()) {
            break;
          }
          take(batch, missing, moved);
        }
        next = nextExpected(event.aggregateId());
        if (event.sequence() != next) {
          throw new IllegalStateException(
              "the event store has no event " + event.aggregateId() + "#" + next);
        }
      }
      if (event.sequence() == next) {
        take(batch, event, moved);
      }
    }
    var rows = new ArrayList<Object[]>(moved.size());
    new TreeMap<>(moved).forEach((id, last) -> rows.add(new Object[] {view.name(), id, last}));
    return new Collected(batch, rows);
  }

  private void writeRows(Projection.Batch batch, List<Object[]> offsetRows) {
    batch.flush(jdbc);
    MultiRow.insert(
        jdbc,
        "INSERT INTO "
            + ShadowTables.OFFSETS
            + " (projection, aggregate_id, last_sequence) VALUES ",
        offsetRows,
        " ON DUPLICATE KEY UPDATE last_sequence = VALUES(last_sequence)");
  }

  private void take(Projection.Batch batch, EventEnvelope event, Map<String, Long> moved) {
    if (view.handles(event.type())) {
      batch.add(event);
    }
    offsets.put(event.aggregateId(), event.sequence());
    moved.put(event.aggregateId(), event.sequence());
    if (newest == null || event.occurredAt().isAfter(newest)) {
      newest = event.occurredAt();
    }
  }

  void writeCheckpoint() {
    writeCheckpoint(lastGlobalIndex, done, newest);
  }

  private void writeCheckpoint(long throughIndex, long folded, Instant newestAt) {
    jdbc.sql("DELETE FROM " + ShadowTables.CHECKPOINT).update();
    jdbc.sql(
            "INSERT INTO "
                + ShadowTables.CHECKPOINT
                + " (id, rebuild_id, version, last_global_index, done, newest_event_at)"
                + " VALUES (1, ?, ?, ?, ?, ?)")
        .params(rebuildId, view.version(), throughIndex, folded, ViewTimes.millis(newestAt))
        .update();
  }

  /** The rebuild id and version a shadow's checkpoint was written for, if it has one. */
  static Checkpoint checkpoint(JdbcClient jdbc, ShadowTables shadow) {
    return jdbc.sql(
            "SELECT rebuild_id, version FROM "
                + shadow.shadowTable(ShadowTables.CHECKPOINT)
                + " WHERE id = 1")
        .query((rs, row) -> new Checkpoint(rs.getString(1), rs.getInt(2)))
        .optional()
        .orElse(null);
  }

  /** What a shadow was built for. */
  record Checkpoint(String rebuildId, int version) {}
}
