package io.driftless.diff.plan;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.diff.resources.Resource;
import io.driftless.diff.resources.ResourceKey;
import java.util.ArrayList;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The label scopings of recent plans ({@link ScopedLabels#apply}), kept with what each was worked
 * out from, so that a plan of the same trees again gets the same scoped resources, the very objects
 * (issue 31: matching kapp's scoping rules against every object and copying the scoped ones were an
 * eighth of an unchanged knative redeploy's CPU; and a scoped copy made anew is a tree the
 * unchanged diffs cannot know by identity). A scoping is a function of the desired resources, the
 * live objects at their keys, the plan's rules (one kept list per distinct kapp Configs: {@link
 * UnchangedDiffs#configs}) and the labels; a kept one answers only a plan whose desired resources
 * and live objects are the same objects, in the same order, as its own (a plan's objects are read
 * only: {@link PlanInput}), with the same Configs list and {@link LabelScoping}.
 *
 * <p>At most {@code capacity} scopings are kept (about one per app deployed lately), the least
 * recently used going first. Thread-safe.
 */
final class KeptScopings {

  private record Kept(
      List<ObjectNode> configs,
      LabelScoping scoping,
      List<Resource> desired,
      List<ObjectNode> live,
      List<Resource> scoped) {

    boolean answers(
        List<ObjectNode> configs,
        LabelScoping scoping,
        List<Resource> desired,
        Map<ResourceKey, ObjectNode> live) {
      if (this.configs != configs
          || this.desired.size() != desired.size()
          || !this.scoping.equals(scoping)) {
        return false;
      }
      for (int i = 0; i < desired.size(); i++) {
        var resource = desired.get(i);
        if (this.desired.get(i) != resource || this.live.get(i) != live.get(resource.key())) {
          return false;
        }
      }
      return true;
    }
  }

  private final int capacity;
  private final LinkedList<Kept> kept = new LinkedList<>();

  KeptScopings(int capacity) {
    this.capacity = capacity;
  }

  /**
   * The scoping of {@code desired} against {@code live} with the Configs list {@code configs} (a
   * kept one) and {@code scoping}: a kept one, else {@code scope}'s, kept from now on.
   */
  List<Resource> scoped(
      List<ObjectNode> configs,
      LabelScoping scoping,
      List<Resource> desired,
      Map<ResourceKey, ObjectNode> live,
      Supplier<List<Resource>> scope) {
    synchronized (this) {
      var entries = kept.iterator();
      while (entries.hasNext()) {
        var entry = entries.next();
        if (entry.answers(configs, scoping, desired, live)) {
          entries.remove();
          kept.addFirst(entry);
          return entry.scoped();
        }
      }
    }
    var scoped = List.copyOf(scope.get());
    if (capacity > 0) {
      var liveAtKeys = new ArrayList<ObjectNode>(desired.size());
      desired.forEach(resource -> liveAtKeys.add(live.get(resource.key())));
      var entry = new Kept(configs, scoping, List.copyOf(desired), liveAtKeys, scoped);
      synchronized (this) {
        kept.addFirst(entry);
        if (kept.size() > capacity) {
          kept.removeLast();
        }
      }
    }
    return scoped;
  }

  /** How many scopings are kept. */
  synchronized int size() {
    return kept.size();
  }
}
