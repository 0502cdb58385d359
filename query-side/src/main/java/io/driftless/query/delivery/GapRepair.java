package io.driftless.query.delivery;

import io.driftless.query.eventstore.EventStoreReader;
import io.driftless.query.projection.Outcome;
import io.driftless.query.projection.ProjectionApplier;

/**
 * Closes a gap that retries did not: reads the aggregate's events from the lowest sequence any view
 * still expects and applies them in order, in one transaction (duplicates are skipped by the
 * version check as always). Returns how many events it applied.
 */
public final class GapRepair {

  private final EventStoreReader store;
  private final ProjectionApplier applier;

  public GapRepair(EventStoreReader store, ProjectionApplier applier) {
    this.store = store;
    this.applier = applier;
  }

  public int repair(String aggregateType, String aggregateId) {
    var from =
        applier.projections().stream()
            .filter(p -> p.follows(aggregateType))
            .mapToLong(p -> applier.nextExpected(p.name(), aggregateId))
            .min()
            .orElse(0);
    var events = store.read(aggregateId, from);
    if (events.isEmpty()) {
      return 0;
    }
    return (int) applier.applyAll(events).stream().filter(o -> o == Outcome.APPLIED).count();
  }
}
