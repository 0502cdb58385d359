package io.driftless.command.plan;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The states of aggregates read before (ResourceChanges, Apps), each kept with the newest event it
 * was folded from ({@link NewestEvents.Newest}), so that a plan reads again only the aggregates
 * that have recorded something since (issue 31: the event-sourced load of every resource was a
 * third of an unchanged redeploy's CPU). An aggregate's events are never changed or removed, so its
 * state after a given event is the same whenever it is folded; a state is served only when the
 * store's newest event of the aggregate is still the one it was kept with (same sequence number and
 * event identifier, so a store replaced under a running server does not match either). Another
 * replica's writes show in the store's newest events, so the states stay right with any number of
 * replicas.
 *
 * <p>At most {@code capacity} states are kept, the least recently used going first; 0 keeps none.
 * The states are shared between plans, so they must be read only: {@code AppState} is immutable,
 * and every reader of a {@code ResourceState} copies its {@code lastApplied} into a tree before it
 * changes anything. Thread-safe.
 */
final class CachedStates<T> {

  private record Entry<T>(NewestEvents.Newest newest, T state) {}

  private final int capacity;
  private final Map<String, Entry<T>> entries;

  CachedStates(int capacity) {
    if (capacity < 0) {
      throw new IllegalArgumentException("a capacity of at least 0, not " + capacity);
    }
    this.capacity = capacity;
    this.entries =
        new LinkedHashMap<>(16, 0.75f, true) {
          @Override
          protected boolean removeEldestEntry(Map.Entry<String, Entry<T>> eldest) {
            return size() > CachedStates.this.capacity;
          }
        };
  }

  /** The state kept for the aggregate {@code id}, if it was folded up to {@code newest}. */
  synchronized Optional<T> get(String id, NewestEvents.Newest newest) {
    var entry = entries.get(id);
    if (entry == null || !entry.newest().equals(newest)) {
      return Optional.empty();
    }
    return Optional.of(entry.state());
  }

  /** Keeps {@code state}, folded from the aggregate's events up to {@code newest}. */
  synchronized void put(String id, NewestEvents.Newest newest, T state) {
    if (capacity > 0) {
      entries.put(id, new Entry<>(newest, state));
    }
  }

  /** How many states are kept. */
  synchronized int size() {
    return entries.size();
  }
}
