package io.driftless.diff.plan;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.diff.config.KappConfig;
import io.driftless.diff.resources.ResourceKey;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The diffs of existing objects that found no difference, kept per key with everything they were
 * worked out from, so that a plan of the same objects again (an unchanged redeploy, a reconcile of
 * an app nobody changed) does not work them out again (issue 31: the rebase, normalisation, compare
 * and merge of every unchanged object were a quarter of an unchanged redeploy's CPU). A diff is a
 * function of its inputs: the desired, last-applied and live objects, the apiVersion, whether the
 * live object is unchanged since the apply, whether the kind is custom, the plan's kapp Configs and
 * the engine's own configuration and Secret fingerprint (this instance belongs to one engine:
 * {@link DiffEngine#DiffEngine(io.driftless.diff.config.KappConfig,
 * io.driftless.diff.text.SecretFingerprint, UnchangedDiffs)}). A kept diff answers only inputs
 * equal to its own, field order included; then the answer is the noop the diff would find, with the
 * object it found to apply (kept, shared: read-only).
 *
 * <p>A kept diff holds the plan's own desired, last-applied and live objects, not copies: a {@link
 * PlanInput}'s objects are never changed after the plan, so a plan made from the same trees again
 * (a server that keeps the parsed manifest and the last-applied trees) is known by identity without
 * walking them; other trees are compared field by field. At most {@code capacity} keys are kept,
 * the least recently used going first. Thread-safe.
 */
public final class UnchangedDiffs {

  /** What one diff is worked out from, besides the engine. */
  record Inputs(
      String apiVersion,
      ObjectNode desired,
      ObjectNode lastApplied,
      ObjectNode live,
      boolean unchangedSinceApply,
      boolean custom,
      List<ObjectNode> configs) {

    /** Whether {@code other} holds the same inputs, every map in the same field order. */
    boolean same(Inputs other) {
      return apiVersion.equals(other.apiVersion)
          && unchangedSinceApply == other.unchangedSinceApply
          && custom == other.custom
          && sameTree(desired, other.desired)
          && sameTree(lastApplied, other.lastApplied)
          && sameLive(live, other.live)
          // one kept list per distinct Configs (configs(List)): the same list, or other Configs
          && configs == other.configs;
    }
  }

  private record Kept(Inputs inputs, ObjectNode applied) {}

  /** How many distinct lists of Configs are kept, with the configuration each makes. */
  private static final int CONFIG_LISTS = 16;

  /** How many label scopings are kept (about one per app deployed lately). */
  private static final int SCOPINGS = 64;

  private final int capacity;
  private final Map<ResourceKey, Kept> kept;
  private final List<List<ObjectNode>> configLists = new ArrayList<>();
  private final Map<List<ObjectNode>, KappConfig> planConfigs = new IdentityHashMap<>();
  private final KeptScopings scopings;

  /** Keeps the unchanged diffs of at most {@code capacity} keys; 0 keeps none. */
  public UnchangedDiffs(int capacity) {
    if (capacity < 0) {
      throw new IllegalArgumentException("a capacity of at least 0, not " + capacity);
    }
    this.capacity = capacity;
    this.scopings = new KeptScopings(capacity == 0 ? 0 : SCOPINGS);
    this.kept =
        new LinkedHashMap<>(16, 0.75f, true) {
          @Override
          protected boolean removeEldestEntry(Map.Entry<ResourceKey, Kept> eldest) {
            return size() > UnchangedDiffs.this.capacity;
          }
        };
  }

  /**
   * The one list kept for Configs equal to {@code configs} (field order included), or a copy of
   * them kept from now on: a plan's diffs then compare their Configs by identity, not each diff
   * again.
   */
  synchronized List<ObjectNode> configs(List<ObjectNode> configs) {
    for (var known : configLists) {
      if (sameTrees(known, configs)) {
        return known;
      }
    }
    var copy = configs.stream().map(ObjectNode::deepCopy).toList();
    configLists.add(0, copy);
    if (configLists.size() > CONFIG_LISTS) {
      planConfigs.remove(configLists.remove(configLists.size() - 1));
    }
    return copy;
  }

  /**
   * The plan's configuration for a kept Configs list ({@link #configs}): {@code make}'s (the
   * engine's configuration plus the parsed Configs), made once per list and kept with it, so that
   * its rules are the same objects in every plan of those Configs ({@link KeptScopings}).
   *
   * @throws io.driftless.diff.resources.ManifestException as {@code make} does; nothing is kept
   */
  KappConfig planConfig(List<ObjectNode> configs, Supplier<KappConfig> make) {
    synchronized (this) {
      var known = planConfigs.get(configs);
      if (known != null) {
        return known;
      }
    }
    var made = make.get();
    synchronized (this) {
      if (configLists.stream().anyMatch(list -> list == configs)) {
        planConfigs.putIfAbsent(configs, made);
      }
    }
    return made;
  }

  /** The label scopings kept for this engine's plans. */
  KeptScopings scopings() {
    return scopings;
  }

  /**
   * The object to apply of the noop kept for {@code inputs} at {@code key}, if any: the kept object
   * itself, shared by every plan it answers. A change's objects are read, never changed ({@link
   * Change}); {@link Change#asUpdate}, which makes a noop a write, copies it. (The copy each answer
   * made was a sixth of an unchanged knative redeploy's CPU.)
   */
  synchronized Optional<ObjectNode> applied(ResourceKey key, Inputs inputs) {
    var found = kept.get(key);
    if (found == null || !found.inputs().same(inputs)) {
      return Optional.empty();
    }
    return Optional.of(found.applied());
  }

  /**
   * Keeps the noop found for {@code inputs} at {@code key}: the inputs' objects themselves (read
   * only, as every plan's), the object to apply on a copy (the change that found it holds it too).
   */
  void keep(ResourceKey key, Inputs inputs, ObjectNode applied) {
    if (capacity == 0) {
      return;
    }
    var copy = new Kept(inputs, applied.deepCopy());
    synchronized (this) {
      kept.put(key, copy);
    }
  }

  /** How many keys are kept. */
  synchronized int size() {
    return kept.size();
  }

  /**
   * Whether two live objects are the same: by their {@code uid} and {@code resourceVersion} when
   * both carry them (the API server gives an object a new resourceVersion at every write, its
   * status and metadata included: Kubernetes' "Resource versions"; the sandbox does the same), else
   * tree by tree. The live object is the largest input (status, server metadata): a redeploy of an
   * app of 129 objects with large CRDs spent about a tenth of its CPU comparing them field by
   * field.
   */
  static boolean sameLive(ObjectNode a, ObjectNode b) {
    if (a == b) {
      return true;
    }
    var left = a.path("metadata");
    var right = b.path("metadata");
    var version = left.path("resourceVersion").asText("");
    var uid = left.path("uid").asText("");
    if (!version.isEmpty() && !uid.isEmpty()) {
      return version.equals(right.path("resourceVersion").asText(""))
          && uid.equals(right.path("uid").asText(""));
    }
    return sameTree(a, b);
  }

  /**
   * Whether two trees are equal with every map's fields in the same order; the same tree (a tree
   * kept from an earlier plan and given again) at once.
   */
  static boolean sameTree(JsonNode a, JsonNode b) {
    if (a == b) {
      return true;
    }
    if (a == null || b == null) {
      return a == b;
    }
    if (a.isObject() && b.isObject()) {
      if (a.size() != b.size()) {
        return false;
      }
      Iterator<Map.Entry<String, JsonNode>> left = a.fields();
      Iterator<Map.Entry<String, JsonNode>> right = b.fields();
      while (left.hasNext()) {
        var l = left.next();
        var r = right.next();
        if (!l.getKey().equals(r.getKey()) || !sameTree(l.getValue(), r.getValue())) {
          return false;
        }
      }
      return true;
    }
    if (a.isArray() && b.isArray()) {
      if (a.size() != b.size()) {
        return false;
      }
      for (int i = 0; i < a.size(); i++) {
        if (!sameTree(a.get(i), b.get(i))) {
          return false;
        }
      }
      return true;
    }
    return !a.isContainerNode() && !b.isContainerNode() && Objects.equals(a, b);
  }

  private static boolean sameTrees(List<ObjectNode> a, List<ObjectNode> b) {
    if (a.size() != b.size()) {
      return false;
    }
    for (int i = 0; i < a.size(); i++) {
      if (!sameTree(a.get(i), b.get(i))) {
        return false;
      }
    }
    return true;
  }
}
