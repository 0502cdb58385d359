package io.driftless.command.plan;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.command.ownership.AppLabels;
import io.driftless.command.resource.ResourceState;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The last-applied objects of the plans, as trees without Driftless's labels ({@link
 * AppLabels#strip}), kept per ResourceChange and shared read only between plans: a ResourceChange
 * that recorded nothing since keeps the same state and the same {@code lastApplied} map ({@link
 * CachedStates}), so the tree made from that map last time is the tree again, and the diff engine
 * knows it by identity ({@code UnchangedDiffs}; issue 31: building these trees again was a fifth of
 * an unchanged knative redeploy's plan). A tree is kept with the map it was made from and served
 * only for that same map (identity: an event's map is never changed). Trees are read only, as every
 * plan's objects are ({@code PlanInput}).
 *
 * <p>At most {@code capacity} trees are kept, the least recently used going first; 0 keeps none.
 * Thread-safe.
 */
final class LastAppliedTrees {

  private record Kept(Map<String, Object> source, ObjectNode tree) {}

  private final int capacity;
  private final Map<String, Kept> kept;

  LastAppliedTrees(int capacity) {
    if (capacity < 0) {
      throw new IllegalArgumentException("a capacity of at least 0, not " + capacity);
    }
    this.capacity = capacity;
    this.kept =
        new LinkedHashMap<>(16, 0.75f, true) {
          @Override
          protected boolean removeEldestEntry(Map.Entry<String, Kept> eldest) {
            return size() > LastAppliedTrees.this.capacity;
          }
        };
  }

  /**
   * The last-applied object of the ResourceChange {@code resourceId} in {@code state}, without
   * Driftless's labels, read only; null when it holds none.
   */
  ObjectNode tree(String resourceId, ResourceState state) {
    var source = state.lastApplied();
    if (source == null) {
      return null;
    }
    synchronized (this) {
      var found = kept.get(resourceId);
      if (found != null && found.source() == source) {
        return found.tree();
      }
    }
    var tree = AppLabels.strip(state.lastAppliedTree());
    if (capacity > 0) {
      synchronized (this) {
        kept.put(resourceId, new Kept(source, tree));
      }
    }
    return tree;
  }

  /** How many trees are kept. */
  synchronized int size() {
    return kept.size();
  }
}
