package io.driftless.diff.plan;

import com.fasterxml.jackson.databind.JsonNode;
import io.driftless.diff.resources.KappAnnotations;
import io.driftless.diff.resources.ManifestException;
import io.driftless.diff.resources.Resource;
import io.driftless.diff.resources.ResourceKey;
import io.driftless.diff.resources.VersionName;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * kapp's versioned resources ({@code diff/change_set_with_versioned_rs.go}). A resource annotated
 * {@code kapp.k14s.io/versioned} is deployed as {@code <name>-ver-N}: the newest existing version
 * when its content is unchanged (that version's diff is a noop), else the next number (1 when none
 * exists). Of the existing versions, the newest {@code kapp.k14s.io/num-versions} (default 5) stay
 * (noop changes), older ones are deleted; a new version comes on top, so after a deploy that made
 * one the cluster holds up to num-versions + 1 of them, as with kapp. Unlike kapp, a deploy that
 * makes no new version deletes none (kapp's next deploy trims to num-versions even when nothing
 * changed, which would make an unchanged redeploy a change). {@code
 * kapp.k14s.io/versioned-keep-original} also deploys the resource under its own name. References to
 * the versioned name are rewritten ({@link VersionReferences}): ConfigMaps and Secrets in pod
 * templates and ServiceAccounts, and {@code kapp.k14s.io/versioned-explicit-ref} annotations of any
 * resource.
 *
 * <p>Existing versions are the keys named {@code <name>-ver-<N>} among the previously deployed,
 * last-applied and live keys of the plan. num-versions must be an integer of at least 1 (kapp's
 * rule; kapp checks it only once versions exist, Driftless on every deploy).
 */
final class VersionedResources {

  private static final int DEFAULT_NUM_VERSIONS = 5;

  /**
   * The desired resources with versions resolved and references rewritten.
   *
   * @param versioned the current version of each versioned resource, in manifest order
   * @param plain the other resources (and kept originals), in manifest order
   * @param kept older versions to leave in place (neither applied nor deleted)
   * @param previous for each new version, the newest existing one it replaces (kapp diffs against
   *     it)
   */
  record Resolved(
      List<Resource> versioned,
      List<Resource> plain,
      Set<ResourceKey> kept,
      Map<ResourceKey, ResourceKey> previous) {

    /** Every desired resource, versioned ones first (kapp's calculation order). */
    List<Resource> desired() {
      return Stream.concat(versioned.stream(), plain.stream()).toList();
    }
  }

  private VersionedResources() {}

  /**
   * Resolves versions.
   *
   * @param unchanged whether a resource (already renamed to an existing version) plans as noop
   * @throws ManifestException (INVALID) when a num-versions annotation is not an integer >= 1
   */
  static Resolved resolve(PlanInput input, Predicate<Resource> unchanged) {
    if (input.desired().stream().noneMatch(VersionedResources::versioned)) {
      return new Resolved(List.of(), input.desired(), Set.of(), Map.of());
    }
    var existing = existingVersions(input);
    var renamed = new HashMap<ResourceKey, String>();
    var kept = new LinkedHashSet<ResourceKey>();
    var previous = new LinkedHashMap<ResourceKey, ResourceKey>();
    var versioned = new ArrayList<Resource>();
    var plain = new ArrayList<Resource>();
    for (Resource resource : input.desired()) {
      if (!versioned(resource)) {
        plain.add(resource);
        continue;
      }
      var versions = existing.getOrDefault(resource.key(), new TreeSet<>());
      int keep = numVersions(resource);
      Resource current = pick(resource, versions, unchanged);
      renamed.put(resource.key(), current.key().name());
      // kapp keeps num-versions existing versions, counting the current one when it is an existing
      // version; so a deploy after one that made a new version (num-versions + 1 live) deletes
      // the oldest although nothing changed. Driftless trims only when a new version comes: an
      // unchanged redeploy deletes nothing (and the cluster holds at most num-versions + 1).
      boolean unchangedVersion = versions.contains(version(current.key()));
      kept.addAll(kept(resource, versions, unchangedVersion ? keep + 1 : keep, current.key()));
      if (!versions.isEmpty() && !versions.contains(version(current.key()))) {
        previous.put(current.key(), renamed(resource, versions.last()).key());
      }
      if (KappAnnotations.has(resource.object(), KappAnnotations.VERSIONED_KEEP_ORIGINAL)) {
        plain.add(resource);
      }
      versioned.add(current);
    }
    var references = new VersionReferences(renamed);
    return new Resolved(
        versioned.stream().map(references::rewrite).toList(),
        plain.stream().map(references::rewrite).toList(),
        kept,
        previous);
  }

  /** Whether a key names a version ({@code <name>-ver-<N>}) of a versioned object. */
  static boolean isVersion(ResourceKey key, JsonNode object) {
    return VersionName.matches(key.name())
        && KappAnnotations.has(object, KappAnnotations.VERSIONED);
  }

  private static Resource pick(
      Resource resource, TreeSet<Integer> versions, Predicate<Resource> unchanged) {
    if (!versions.isEmpty()) {
      Resource latest = renamed(resource, versions.last());
      if (unchanged.test(latest)) {
        return latest;
      }
    }
    return renamed(resource, versions.isEmpty() ? 1 : versions.last() + 1);
  }

  /** kapp: the newest {@code keep} existing versions stay; the current one is not "kept". */
  private static List<ResourceKey> kept(
      Resource resource, TreeSet<Integer> versions, int keep, ResourceKey current) {
    var keys = new ArrayList<ResourceKey>();
    int left = keep;
    for (int version : versions.descendingSet()) {
      if (left-- == 0) {
        break;
      }
      ResourceKey key = renamed(resource, version).key();
      if (!key.equals(current)) {
        keys.add(key);
      }
    }
    return keys;
  }

  static Resource renamed(Resource resource, int version) {
    return resource.renamed(new VersionName(resource.key().name(), version).name());
  }

  private static int version(ResourceKey key) {
    return VersionName.parse(key.name()).map(VersionName::number).orElse(-1);
  }

  private static boolean versioned(Resource resource) {
    return KappAnnotations.has(resource.object(), KappAnnotations.VERSIONED);
  }

  private static int numVersions(Resource resource) {
    if (!KappAnnotations.has(resource.object(), KappAnnotations.NUM_VERSIONS)) {
      return DEFAULT_NUM_VERSIONS;
    }
    String text = KappAnnotations.value(resource.object(), KappAnnotations.NUM_VERSIONS);
    int value;
    try {
      value = Integer.parseInt(text);
    } catch (NumberFormatException e) {
      throw invalid(resource, "to be an integer");
    }
    if (value < 1) {
      throw invalid(resource, "to be a >= 1");
    }
    return value;
  }

  private static ManifestException invalid(Resource resource, String expected) {
    return new ManifestException(
        ManifestException.Reason.INVALID,
        "A kapp.k14s.io/num-versions annotation is invalid.",
        List.of(
            resource.key().id()
                + ": expected annotation '"
                + KappAnnotations.NUM_VERSIONS
                + "' value "
                + expected));
  }

  /** The existing version numbers by the key of the unversioned resource. */
  private static Map<ResourceKey, TreeSet<Integer>> existingVersions(PlanInput input) {
    var versions = new HashMap<ResourceKey, TreeSet<Integer>>();
    var keys = new HashSet<ResourceKey>(input.previouslyDeployed());
    Stream.of(input.lastApplied().keySet(), input.live().keySet()).forEach(keys::addAll);
    for (ResourceKey key : keys) {
      VersionName.parse(key.name())
          .ifPresent(
              v ->
                  versions
                      .computeIfAbsent(
                          new ResourceKey(key.group(), key.kind(), key.namespace(), v.base()),
                          k -> new TreeSet<>())
                      .add(v.number()));
    }
    return versions;
  }
}
