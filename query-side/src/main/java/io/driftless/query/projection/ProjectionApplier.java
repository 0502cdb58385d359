package io.driftless.query.projection;

import io.driftless.events.EventEnvelope;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Applies events to every view with the version check of DESIGN.md, a batch in one database
 * transaction, with a handful of multi-row statements per batch rather than a round trip per event
 * (all offsets locked with one query, each view's {@link Projection.Batch} flushed, the moved
 * offsets written with one upsert): per view and source aggregate, sequence <= last is a duplicate
 * and changes nothing; last + 1 (0 for an aggregate's first event) is applied and becomes the new
 * last; anything beyond is a gap, left for the caller to retry. Within a batch events are taken in
 * (aggregate, sequence) order, so a batch that holds a run of one aggregate's events applies it
 * whole even if they arrived shuffled. Transient database failures propagate and roll the whole
 * batch back: nothing is reported done unless it committed.
 */
public final class ProjectionApplier {

  private final List<Projection> projections;
  private final JdbcClient jdbc;
  private final TransactionTemplate transactions;
  private volatile ViewGate gate;

  public ProjectionApplier(
      List<Projection> projections, JdbcClient jdbc, TransactionTemplate transactions) {
    this.projections = List.copyOf(projections);
    this.jdbc = jdbc;
    this.transactions = transactions;
  }

  /** The gate a rebuild's swap closes; every batch enters it first (see {@link ViewGate}). */
  private ViewGate gate() {
    var known = gate;
    if (known == null) {
      known = new ViewGate(jdbc, Dialect.of(jdbc));
      gate = known;
    }
    return known;
  }

  /**
   * The transactions views commit in: READ COMMITTED. Every decision reads with a row lock ({@code
   * FOR UPDATE} or an upsert) anyway, and it avoids the gap-lock deadlocks REPEATABLE READ causes
   * on the first events of new aggregates.
   */
  public static TransactionTemplate transactions(PlatformTransactionManager manager) {
    var template = new TransactionTemplate(manager);
    template.setIsolationLevel(TransactionDefinition.ISOLATION_READ_COMMITTED);
    return template;
  }

  /** The views, by name. */
  public List<Projection> projections() {
    return projections;
  }

  /** Applies one event in its own transaction (or the caller's). */
  public Outcome apply(EventEnvelope event) {
    return applyAll(List.of(event)).get(0);
  }

  /** Applies a batch in one transaction; returns each event's outcome, in the batch's order. */
  public List<Outcome> applyAll(List<EventEnvelope> events) {
    return transactions.execute(status -> applyInTransaction(events));
  }

  private List<Outcome> applyInTransaction(List<EventEnvelope> events) {
    gate().enter();
    var order =
        IntStream.range(0, events.size())
            .boxed()
            .sorted(
                Comparator.<Integer, String>comparing(i -> events.get(i).aggregateId())
                    .thenComparingLong(i -> events.get(i).sequence()))
            .toList();
    var ids = new LinkedHashSet<String>();
    events.forEach(event -> ids.add(event.aggregateId()));
    var names = projections.stream().map(Projection::name).toList();
    var known = OffsetStore.lock(jdbc, names, ids);
    var moved = new HashMap<OffsetStore.Key, Long>();
    var newest = new HashMap<String, Instant>();
    var applied = new HashMap<String, Long>();
    var outcomes = new ArrayList<Outcome>(events.size());
    events.forEach(e -> outcomes.add(Outcome.DUPLICATE));
    for (var projection : projections) {
      var batch = projection.batch();
      for (var index : order) {
        var event = events.get(index);
        if (projection.follows(event.aggregateType())) {
          var outcome = check(projection, batch, event, known, moved);
          outcomes.set(index, merge(outcomes.get(index), outcome));
          if (outcome == Outcome.APPLIED) {
            newest.merge(projection.name(), event.occurredAt(), LastEvents::later);
            applied.merge(projection.name(), 1L, Long::sum);
          }
        }
      }
      batch.flush(jdbc);
    }
    OffsetStore.save(jdbc, known, moved);
    LastEvents.save(jdbc, newest, applied);
    return outcomes;
  }

  private static Outcome check(
      Projection projection,
      Projection.Batch batch,
      EventEnvelope event,
      Map<OffsetStore.Key, Long> known,
      Map<OffsetStore.Key, Long> moved) {
    var key = new OffsetStore.Key(projection.name(), event.aggregateId());
    var last = moved.containsKey(key) ? moved.get(key) : known.get(key);
    if (last == null && projection.joinsLate()) {
      last = lateStart(event.aggregateId(), known);
    }
    var next = last == null ? 0 : last + 1;
    if (event.sequence() < next) {
      return Outcome.DUPLICATE;
    }
    if (event.sequence() > next) {
      return Outcome.GAP;
    }
    if (projection.handles(event.type())) {
      batch.add(event);
    }
    moved.put(key, event.sequence());
    return Outcome.APPLIED;
  }

  /** The furthest any view was for the aggregate before the batch (null: none knew it). */
  private static Long lateStart(String aggregateId, Map<OffsetStore.Key, Long> known) {
    Long furthest = null;
    for (var entry : known.entrySet()) {
      if (entry.getKey().aggregateId().equals(aggregateId)
          && (furthest == null || entry.getValue() > furthest)) {
        furthest = entry.getValue();
      }
    }
    return furthest;
  }

  /** A gap in any view wins (the event must come again), then applied, then duplicate. */
  private static Outcome merge(Outcome so, Outcome view) {
    if (so == Outcome.GAP || view == Outcome.GAP) {
      return Outcome.GAP;
    }
    return so == Outcome.APPLIED || view == Outcome.APPLIED ? Outcome.APPLIED : Outcome.DUPLICATE;
  }

  /**
   * Per view, the stored time of the newest event it applied (views that applied none yet are
   * missing).
   */
  public Map<String, Instant> lastEventTimes() {
    return LastEvents.read(jdbc);
  }

  /**
   * How many events the views have applied: the count of the view furthest along ({@code
   * Driftless-View-Position}; one row per view, kept by every batch).
   */
  public long position() {
    return LastEvents.position(jdbc);
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
