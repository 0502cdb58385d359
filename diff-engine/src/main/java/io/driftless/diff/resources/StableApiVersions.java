package io.driftless.diff.resources;

import java.util.Map;
import java.util.Optional;

/**
 * The apiVersion a built-in group is served at by every Kubernetes release Driftless targets (1.25
 * and later): {@code v1} for the core group, {@code <group>/v1} for most, {@code autoscaling/v2}.
 * What a delete uses for an object whose apiVersion nothing recorded (a key known only by group,
 * kind, namespace and name): an API server deletes an object through any version it serves.
 *
 * <p>Limit: custom groups, and built-in groups with no v1 of their own ({@code extensions}, {@code
 * resource.k8s.io}, {@code storagemigration.k8s.io}), have no entry; a delete of such a key needs
 * its apiVersion recorded.
 */
public final class StableApiVersions {

  private static final Map<String, String> BY_GROUP =
      Map.ofEntries(
          Map.entry("", "v1"),
          Map.entry("admissionregistration.k8s.io", "admissionregistration.k8s.io/v1"),
          Map.entry("apiextensions.k8s.io", "apiextensions.k8s.io/v1"),
          Map.entry("apiregistration.k8s.io", "apiregistration.k8s.io/v1"),
          Map.entry("apps", "apps/v1"),
          Map.entry("autoscaling", "autoscaling/v2"),
          Map.entry("batch", "batch/v1"),
          Map.entry("certificates.k8s.io", "certificates.k8s.io/v1"),
          Map.entry("coordination.k8s.io", "coordination.k8s.io/v1"),
          Map.entry("discovery.k8s.io", "discovery.k8s.io/v1"),
          Map.entry("events.k8s.io", "events.k8s.io/v1"),
          Map.entry("networking.k8s.io", "networking.k8s.io/v1"),
          Map.entry("node.k8s.io", "node.k8s.io/v1"),
          Map.entry("policy", "policy/v1"),
          Map.entry("rbac.authorization.k8s.io", "rbac.authorization.k8s.io/v1"),
          Map.entry("scheduling.k8s.io", "scheduling.k8s.io/v1"),
          Map.entry("storage.k8s.io", "storage.k8s.io/v1"));

  private StableApiVersions() {}

  /** The stable apiVersion of a key's group, empty for a custom or unversioned group. */
  public static Optional<String> of(ResourceKey key) {
    return Optional.ofNullable(BY_GROUP.get(key.group()));
  }
}
