package io.driftless.query.projection;

import io.driftless.events.EventEnvelope;
import java.util.List;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Applies events to every view with the version check of DESIGN.md, one database transaction per
 * event (or per batch): sequence <= last is a duplicate and changes nothing; last + 1 (or 0 for an
 * aggregate's first event) is applied and becomes the new last; anything beyond is a gap, left for
 * the caller to retry later. Transient database failures (deadlocks, lost connections) propagate so
 * the caller retries; nothing is reported done unless it committed.
 */
public final class ProjectionApplier {

  private final List<Projection> projections;
  private final JdbcClient jdbc;
  private final TransactionTemplate transactions;

  public ProjectionApplier(
      List<Projection> projections, JdbcClient jdbc, TransactionTemplate transactions) {
    this.projections = List.copyOf(projections);
    this.jdbc = jdbc;
    this.transactions = transactions;
  }

  /** The views, by name. */
  public List<Projection> projections() {
    return projections;
  }

  /** Applies one event in its own transaction. */
  public Outcome apply(EventEnvelope event) {
    return transactions.execute(status -> applyInTransaction(event));
  }

  /** Applies events in order in one transaction; returns each one's outcome. */
  public List<Outcome> applyAll(List<EventEnvelope> events) {
    return transactions.execute(status -> events.stream().map(this::applyInTransaction).toList());
  }

  private Outcome applyInTransaction(EventEnvelope event) {
    var applied = false;
    var gap = false;
    for (var projection : projections) {
      if (!projection.follows(event.aggregateType())) {
        continue;
      }
      var last = OffsetStore.lastApplied(jdbc, projection.name(), event.aggregateId());
      var next = last.isPresent() ? last.getAsLong() + 1 : 0;
      if (event.sequence() < next) {
        continue;
      }
      if (event.sequence() > next) {
        gap = true;
        continue;
      }
      if (projection.handles(event.type())) {
        projection.apply(event, jdbc);
      }
      OffsetStore.advance(jdbc, projection.name(), event.aggregateId(), event.sequence());
      applied = true;
    }
    return gap ? Outcome.GAP : applied ? Outcome.APPLIED : Outcome.DUPLICATE;
  }

  /** The next sequence a view expects from an aggregate (0 if it has seen none). */
  public long nextExpected(String projection, String aggregateId) {
    return jdbc.sql(
            "SELECT last_sequence FROM projection_offset WHERE projection = ? AND aggregate_id = ?")
        .params(projection, aggregateId)
        .query(Long.class)
        .optional()
        .map(last -> last + 1)
        .orElse(0L);
  }
}
