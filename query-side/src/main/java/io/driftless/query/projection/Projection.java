package io.driftless.query.projection;

import io.driftless.events.EventEnvelope;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * One view. {@link #apply} is called once per event of a source aggregate, in that aggregate's
 * sequence order, inside the transaction that also advances the offset; it never sees a duplicate.
 * Views fed by several aggregates must keep their shared rows correct whatever the interleaving of
 * different aggregates: atomic SQL ({@code count = count + 1}) or per-aggregate rows.
 */
public interface Projection {

  /** The name of the view, also its key in {@code projection_offset}. */
  String name();

  /**
   * Whether this view follows an aggregate type. The view's offset for such an aggregate moves with
   * every one of its events, also those {@link #handles} declines, so its sequence stays gap-free.
   */
  boolean follows(String aggregateType);

  /** Whether this view changes for an event type (of an aggregate type it follows). */
  boolean handles(String eventType);

  /** Changes the view for one in-order event. */
  void apply(EventEnvelope event, JdbcClient jdbc);
}
