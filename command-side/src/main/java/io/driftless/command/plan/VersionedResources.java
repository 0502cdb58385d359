package io.driftless.command.plan;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.diff.resources.KappAnnotations;
import io.driftless.diff.resources.Resource;
import io.driftless.diff.resources.ResourceKey;
import io.driftless.diff.resources.VersionName;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What a plan needs to know of kapp's versioned resources ({@code kapp.k14s.io/versioned}) beyond
 * what the app recorded: the {@code -ver-N} objects the cluster holds labelled for the app, and the
 * keys whose own name is not deployed.
 */
final class VersionedResources {

  private VersionedResources() {}

  /**
   * Versions of the desired versioned resources that the cluster holds labelled for this app but
   * the app did not record (a write whose event was lost, a store from before reconciles recorded
   * the versions they make): {@code <name>-ver-N} above the newest known, looked up one after the
   * other in the kind's labelled list ({@link LiveObjects}; by GET where it could not be listed)
   * until one is missing. The engine counts them as existing versions, so it reuses the newest when
   * its content is the desired one and never creates a version that is already there (kapp lists
   * the app's labelled objects for the same purpose).
   */
  static Map<ResourceKey, ObjectNode> unrecorded(
      LiveObjects reads, List<Resource> desired, Set<ResourceKey> live, Set<ResourceKey> previous) {
    var found = new HashMap<ResourceKey, ObjectNode>();
    for (var resource : desired) {
      if (!KappAnnotations.has(resource.object(), KappAnnotations.VERSIONED)) {
        continue;
      }
      int number = newestKnownVersion(resource.key(), live, previous) + 1;
      while (true) {
        var key = resource.renamed(new VersionName(resource.key().name(), number).name()).key();
        var object = reads.labelled(key, resource.apiVersion());
        if (object.isEmpty()) {
          break;
        }
        found.put(key, object.get());
        number++;
      }
    }
    return found;
  }

  /**
   * The keys of the desired versioned resources not also deployed under their own name: only their
   * {@code -ver-N} objects are deployed, so the object at the name itself matters only if the app
   * owns it (deployed before the resource became versioned).
   */
  static Set<ResourceKey> ownNames(List<Resource> desired) {
    var names = new HashSet<ResourceKey>();
    for (var resource : desired) {
      if (KappAnnotations.has(resource.object(), KappAnnotations.VERSIONED)
          && !KappAnnotations.has(resource.object(), KappAnnotations.VERSIONED_KEEP_ORIGINAL)) {
        names.add(resource.key());
      }
    }
    return names;
  }

  private static int newestKnownVersion(
      ResourceKey base, Set<ResourceKey> live, Set<ResourceKey> previous) {
    int newest = 0;
    for (var known : List.of(live, previous)) {
      for (var key : known) {
        var version = VersionName.parse(key.name());
        if (version.isPresent()
            && version.get().base().equals(base.name())
            && key.kind().equals(base.kind())
            && key.group().equals(base.group())
            && key.namespace().equals(base.namespace())) {
          newest = Math.max(newest, version.get().number());
        }
      }
    }
    return newest;
  }
}
