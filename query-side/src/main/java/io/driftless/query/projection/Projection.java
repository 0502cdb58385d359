package io.driftless.query.projection;

import io.driftless.events.EventEnvelope;
import java.util.List;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * One view. Per transaction the applier opens a {@link Batch}, hands it every in-order event the
 * view {@link #handles} (each source aggregate's events in sequence order, never a duplicate), and
 * flushes it before the transaction that also advances the offsets commits. A batch collects row
 * changes in memory and writes them with a few multi-row statements; the result must equal applying
 * the events one by one in the order given. Rows owned by one source aggregate may be read, changed
 * in memory and written back: the applier holds that aggregate's offset row locked. Rows shared by
 * several aggregates (the "cash register") change only with atomic SQL ({@code count = count + ?}).
 */
public interface Projection {

  /** The view's name, tables and the types it follows and handles. */
  ViewIdentity identity();

  /** The name of the view, also its key in {@code projection_offset}. */
  default String name() {
    return identity().name();
  }

  /**
   * Whether this view follows an aggregate type. The view's offset for such an aggregate moves with
   * every one of its events, also those {@link #handles} declines, so its sequence stays gap-free.
   */
  default boolean follows(String aggregateType) {
    return identity().follows().test(aggregateType);
  }

  /** Whether this view changes for an event type (of an aggregate type it follows). */
  default boolean handles(String eventType) {
    return identity().handles().test(eventType);
  }

  /**
   * The view's tables, all of them and only them: a rebuild builds them beside the live ones and
   * swaps them in together.
   */
  default List<String> tables() {
    return identity().tables();
  }

  /**
   * The version of the view's fold. Raise it when the fold changes what the tables hold: the view
   * is then stale until a rebuild builds the new version beside the old one and swaps it in.
   */
  default int version() {
    return 1;
  }

  /**
   * Whether a rebuild may build this consumer's tables afresh. False for a consumer whose rows are
   * not a fold of the events (the subscriptions outbox: its delivery rows record what was sent),
   * which then is neither listed nor rebuilt as a view.
   */
  default boolean rebuildable() {
    return true;
  }

  /**
   * Whether this consumer, meeting an aggregate it has no offset for, starts where the other views
   * of the batch are for it (their last applied sequence) rather than at sequence 0: for a consumer
   * added to a store with history, which acts on new events only.
   */
  default boolean joinsLate() {
    return false;
  }

  /** Starts collecting one transaction's changes to this view. */
  Batch batch();

  /** The changes of one transaction to one view. */
  interface Batch {

    /** Takes the next in-order event. */
    void add(EventEnvelope event);

    /** Writes what the events added change, inside the caller's transaction. */
    void flush(JdbcClient jdbc);
  }
}
