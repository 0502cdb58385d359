package io.driftless.command.plan;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.command.resource.ResourceState;
import io.driftless.diff.plan.VersionReferences;
import io.driftless.diff.resources.KappAnnotations;
import io.driftless.diff.resources.Resource;
import io.driftless.diff.resources.ResourceKey;
import io.driftless.diff.resources.VersionName;
import io.driftless.diff.text.SecretRedaction;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiFunction;

/**
 * The desired set a reconcile plans from, rebuilt from what the app's ResourceChanges hold: each
 * resource's last-applied object (the desired object as the last change applied it). It is the
 * manifest of the app's last change again, so a reconcile is that deploy repeated:
 *
 * <ul>
 *   <li>A resource the app recorded deleting or losing (no last-applied object) is not desired; if
 *       it is still in the app's set, the plan prunes it as a deploy would.
 *   <li>A versioned resource ({@code kapp.k14s.io/versioned}) is desired once, under its own name,
 *       with the content of its newest version: the engine then finds that version unchanged (a
 *       noop) or makes the next one, as a redeploy of the manifest does. The references the last
 *       change rewrote to a version ({@code conf-ver-1} in a Deployment's volumes, an explicit-ref
 *       annotation) are turned back to the resource's own name ({@link VersionReferences}), so the
 *       engine points them at the version it picks: a version edited outside gets the next one, and
 *       every reference moves with it in the same change, as with kapp. Limit: a manifest that
 *       named a version of its own versioned resource literally ({@code conf-ver-1} where kapp
 *       would keep that name) is reconciled as if it had named {@code conf}.
 *   <li>A Secret's values are recorded only as keyed fingerprints; its desired content comes from
 *       its sealed copy ({@code DesiredContent}, AES-GCM), so a changed or deleted Secret is
 *       restored. A Secret recorded before sealing existed, or whose seal does not open (its key is
 *       no longer configured), cannot be written back: it is <em>left alone</em>, neither desired
 *       nor pruned, never written with fingerprints for values, and the plan warns.
 * </ul>
 *
 * <p>Limit: the kapp Config documents of the last deploy (inline, or in a {@code
 * kapp.k14s.io/config} ConfigMap) are not stored as configuration, so a reconcile plans with kapp's
 * default rules only: a field a deploy's own rebase rule kept from live is compared as the last
 * deploy left it.
 *
 * @param resources the desired resources, in the app's set order
 * @param leftAlone keys a reconcile must neither write nor delete
 */
record StoredDesired(List<Resource> resources, Set<ResourceKey> leftAlone) {

  /**
   * Rebuilds the desired set from the recorded states of the app's set.
   *
   * @param sealed opens a Secret's sealed desired content (values in clear), empty when there is
   *     none (recorded before sealing existed) or it cannot be opened: that Secret is left alone
   */
  static StoredDesired of(
      Set<ResourceKey> set,
      Map<ResourceKey, ResourceState> recorded,
      BiFunction<ResourceKey, ResourceState, Optional<ObjectNode>> sealed) {
    return of(set, recorded, sealed, (key, state) -> state.lastAppliedTree());
  }

  /**
   * As above, each resource's last-applied object given by {@code trees} (the planner's shared,
   * read-only trees: {@link LastAppliedTrees}); the objects are never changed here (a renamed
   * version and a rewritten reference are copies).
   */
  static StoredDesired of(
      Set<ResourceKey> set,
      Map<ResourceKey, ResourceState> recorded,
      BiFunction<ResourceKey, ResourceState, Optional<ObjectNode>> sealed,
      BiFunction<ResourceKey, ResourceState, ObjectNode> trees) {
    var plain = new LinkedHashMap<ResourceKey, Resource>();
    var newestVersions = new LinkedHashMap<ResourceKey, Version>();
    var leftAlone = new LinkedHashSet<ResourceKey>();
    for (var key : set) {
      var state = recorded.get(key);
      if (state == null || state.lastApplied() == null) {
        continue;
      }
      ObjectNode object = trees.apply(key, state);
      if (!recoverable(object)) {
        var opened = sealed.apply(key, state);
        if (opened.isEmpty()) {
          leftAlone.add(key);
          continue;
        }
        object = opened.get();
      }
      var resource = new Resource(key, state.resource().apiVersion(), object);
      var version = VersionName.parse(key.name());
      if (version.isPresent() && KappAnnotations.has(object, KappAnnotations.VERSIONED)) {
        var base = new Version(version.get().number(), resource.renamed(version.get().base()));
        newestVersions.merge(
            base.resource().key(), base, (a, b) -> a.number() >= b.number() ? a : b);
      } else {
        plain.put(key, resource);
      }
    }
    newestVersions.forEach((key, newest) -> plain.putIfAbsent(key, newest.resource()));
    var references = new VersionReferences(versionsByBase(set, newestVersions.keySet()));
    var resources = plain.values().stream().map(references::rewrite).toList();
    return new StoredDesired(resources, Set.copyOf(leftAlone));
  }

  /**
   * Every version of the app's versioned resources ({@code <name>-ver-N} in the set), mapped back
   * to the resource's own name.
   */
  private static Map<ResourceKey, String> versionsByBase(
      Set<ResourceKey> set, Set<ResourceKey> bases) {
    var back = new LinkedHashMap<ResourceKey, String>();
    for (var key : set) {
      VersionName.parse(key.name())
          .map(version -> new ResourceKey(key.group(), key.kind(), key.namespace(), version.base()))
          .filter(bases::contains)
          .ifPresent(base -> back.put(key, base.name()));
    }
    return back;
  }

  /** One warning per resource left alone, for the response's {@code warnings}. */
  List<String> warnings() {
    var warnings = new ArrayList<String>();
    for (var key : leftAlone) {
      warnings.add(
          "Secret "
              + key.name()
              + (key.namespace().isEmpty() ? "" : " (namespace " + key.namespace() + ")")
              + " was left alone: its desired values are not stored in a form this server can"
              + " open (recorded before sealing, or sealed with a key no longer configured), so a"
              + " reconcile can neither compare nor restore them; deploy the app again to restore"
              + " it.");
    }
    return warnings;
  }

  /**
   * Whether the stored object can be written back as it is: anything but a Secret with values
   * (those are stored hashed).
   */
  static boolean recoverable(ObjectNode object) {
    if (!SecretRedaction.isSecret(object)) {
      return true;
    }
    return !hasValues(object.get("data")) && !hasValues(object.get("stringData"));
  }

  private static boolean hasValues(JsonNode values) {
    return values != null && values.isObject() && !values.isEmpty();
  }

  /** A stored version of a versioned resource, renamed to the resource's own name. */
  private record Version(int number, Resource resource) {}
}
