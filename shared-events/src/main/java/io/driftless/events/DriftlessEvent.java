package io.driftless.events;

/**
 * An event of one of Driftless's two aggregates. Every event names the aggregate it belongs to; the
 * aggregate type is fixed by the record's type (see {@link EventCatalog}).
 */
public sealed interface DriftlessEvent permits AppEvent, ResourceEvent {

  /** The id of the aggregate that emitted this event. */
  String aggregateId();
}
