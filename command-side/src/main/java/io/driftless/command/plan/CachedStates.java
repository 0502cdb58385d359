package io.driftless.command.plan;

import io.driftless.command.resource.ResourceState;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The states of ResourceChanges read before, each kept with the newest event it was folded from
 * ({@link NewestEvents.Newest}), so that a plan reads again only the aggregates that have recorded
 * something since (issue 31: the event-sourced load of every resource was a third of an unchanged
 * redeploy's CPU). An aggregate's events are never changed or removed, so its state after a given
 * event is the same whenever it is folded; a state is served only when the store's newest event of
 * the aggregate is still the one it was kept with (same sequence number and event identifier, so a
 * store replaced under a running server does not match either). Another replica's writes show in
 * the store's newest events, so the states stay right with any number of replicas.
 *
 * <p>At most {@code capacity} states are kept, the least recently used going first; 0 keeps none.
 * The states are shared between plans: {@link ResourceState} is read only (every reader copies
 * {@code lastApplied} into a tree before it changes anything). Thread-safe.
 */
final class CachedStates {

  private record Entry(NewestEvents.Newest newest, ResourceState state) {}

  private final int capacity;
  private final Map<String, Entry> entries;

  CachedStates(int capacity) {
    if (capacity < 0) {
      throw new IllegalArgumentException("a capacity of at least 0, not " + capacity);
    }
    this.capacity = capacity;
    this.entries =
        new LinkedHashMap<>(16, 0.75f, true) {
          @Override
          protected boolean removeEldestEntry(Map.Entry<String, Entry> eldest) {
            return size() > CachedStates.this.capacity;
          }
        };
  }

  /** The state kept for {@code resourceId}, if it was folded up to {@code newest}. */
  synchronized Optional<ResourceState> get(String resourceId, NewestEvents.Newest newest) {
    var entry = entries.get(resourceId);
    if (entry == null || !entry.newest().equals(newest)) {
      return Optional.empty();
    }
    return Optional.of(entry.state());
  }

  /** Keeps {@code state}, folded from the aggregate's events up to {@code newest}. */
  synchronized void put(String resourceId, NewestEvents.Newest newest, ResourceState state) {
    if (capacity > 0) {
      entries.put(resourceId, new Entry(newest, state));
    }
  }

  /** How many states are kept. */
  synchronized int size() {
    return entries.size();
  }
}
