package io.driftless.diff.plan;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.diff.resources.Resource;
import io.driftless.diff.resources.ResourceKey;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * kapp's versioned resources. A resource annotated {@code kapp.k14s.io/versioned} is deployed as
 * {@code <name>-ver-N}: the newest existing version when its content is unchanged (that version's
 * diff is a noop), else the next number (1 when none exists). The newest {@code
 * kapp.k14s.io/num-versions} versions (default 5, the new one included) stay; older ones are
 * deleted. {@code kapp.k14s.io/versioned-keep-original} also deploys the resource under its own
 * name. References to the versioned name are rewritten ({@link VersionReferences}): ConfigMaps and
 * Secrets in pod templates and ServiceAccounts, and {@code kapp.k14s.io/versioned-explicit-ref}
 * annotations of any resource.
 *
 * <p>Existing versions are the keys named {@code <name>-ver-<N>} among the previously deployed,
 * last-applied and live keys of the plan.
 */
final class VersionedResources {

  static final String VERSIONED = "kapp.k14s.io/versioned";
  static final String NUM_VERSIONS = "kapp.k14s.io/num-versions";
  static final String KEEP_ORIGINAL = "kapp.k14s.io/versioned-keep-original";

  private static final int DEFAULT_NUM_VERSIONS = 5;
  private static final Pattern VERSION = Pattern.compile("(.+)-ver-([0-9]{1,9})");

  /**
   * The desired resources with versions resolved and references rewritten, and the older versions
   * to keep.
   *
   * @param desired the resources to plan, in manifest order
   * @param kept older versions to leave in place (neither applied nor deleted)
   */
  record Resolved(List<Resource> desired, Set<ResourceKey> kept) {}

  private VersionedResources() {}

  /**
   * Resolves versions.
   *
   * @param unchanged whether a resource (already renamed to an existing version) plans as noop
   */
  static Resolved resolve(PlanInput input, Predicate<Resource> unchanged) {
    if (input.desired().stream().noneMatch(VersionedResources::versioned)) {
      return new Resolved(input.desired(), Set.of());
    }
    var existing = existingVersions(input);
    var renamed = new HashMap<ResourceKey, String>();
    var kept = new LinkedHashSet<ResourceKey>();
    var desired = new ArrayList<Resource>();
    for (Resource resource : input.desired()) {
      if (!versioned(resource)) {
        desired.add(resource);
        continue;
      }
      var versions = existing.getOrDefault(resource.key(), new TreeSet<>());
      Resource current = pick(resource, versions, unchanged);
      renamed.put(resource.key(), current.key().name());
      kept.addAll(older(resource, versions, current.key()));
      if (resource.object().path("metadata").path("annotations").has(KEEP_ORIGINAL)) {
        desired.add(resource);
      }
      desired.add(current);
    }
    var references = new VersionReferences(renamed);
    return new Resolved(desired.stream().map(references::rewrite).toList(), kept);
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

  private static List<ResourceKey> older(
      Resource resource, TreeSet<Integer> versions, ResourceKey current) {
    int keep = numVersions(resource) - 1;
    var keys = new ArrayList<ResourceKey>();
    for (int version : versions.descendingSet()) {
      ResourceKey key = renamed(resource, version).key();
      if (!key.equals(current) && keys.size() < keep) {
        keys.add(key);
      }
    }
    return keys;
  }

  static Resource renamed(Resource resource, int version) {
    ObjectNode copy = resource.object().deepCopy();
    String name = resource.key().name() + "-ver-" + version;
    copy.with("metadata").put("name", name);
    ResourceKey key = resource.key();
    return new Resource(
        new ResourceKey(key.group(), key.kind(), key.namespace(), name),
        resource.apiVersion(),
        copy);
  }

  private static boolean versioned(Resource resource) {
    return resource.object().path("metadata").path("annotations").has(VERSIONED);
  }

  private static int numVersions(Resource resource) {
    String text =
        resource.object().path("metadata").path("annotations").path(NUM_VERSIONS).asText("");
    try {
      return text.isEmpty() ? DEFAULT_NUM_VERSIONS : Math.max(1, Integer.parseInt(text.strip()));
    } catch (NumberFormatException e) {
      return DEFAULT_NUM_VERSIONS;
    }
  }

  /** The existing version numbers by the key of the unversioned resource. */
  private static Map<ResourceKey, TreeSet<Integer>> existingVersions(PlanInput input) {
    var versions = new HashMap<ResourceKey, TreeSet<Integer>>();
    var keys = new HashSet<ResourceKey>(input.previouslyDeployed());
    Stream.of(input.lastApplied().keySet(), input.live().keySet()).forEach(keys::addAll);
    for (ResourceKey key : keys) {
      Matcher m = VERSION.matcher(key.name());
      if (m.matches()) {
        var base = new ResourceKey(key.group(), key.kind(), key.namespace(), m.group(1));
        versions.computeIfAbsent(base, k -> new TreeSet<>()).add(Integer.parseInt(m.group(2)));
      }
    }
    return versions;
  }
}
