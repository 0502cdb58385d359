package io.driftless.diff.resources;

import java.util.Objects;
import java.util.Set;

/**
 * An API group and a kind, e.g. {@code apps}/{@code Deployment}: what identifies a type of object
 * regardless of its version.
 *
 * @param group the API group, {@code ""} for the core group
 * @param kind the kind
 */
public record GroupKind(String group, String kind) {

  /**
   * The API groups Kubernetes itself serves. A group outside this set belongs to a custom resource,
   * even when it ends in {@code .k8s.io} (e.g. {@code metacontroller.k8s.io}).
   */
  private static final Set<String> BUILT_IN_GROUPS =
      Set.of(
          "",
          "admissionregistration.k8s.io",
          "apiextensions.k8s.io",
          "apiregistration.k8s.io",
          "apps",
          "authentication.k8s.io",
          "authorization.k8s.io",
          "autoscaling",
          "batch",
          "certificates.k8s.io",
          "coordination.k8s.io",
          "discovery.k8s.io",
          "events.k8s.io",
          "extensions",
          "flowcontrol.apiserver.k8s.io",
          "internal.apiserver.k8s.io",
          "networking.k8s.io",
          "node.k8s.io",
          "policy",
          "rbac.authorization.k8s.io",
          "resource.k8s.io",
          "scheduling.k8s.io",
          "storage.k8s.io",
          "storagemigration.k8s.io");

  /** Checks that no part is null. */
  public GroupKind {
    Objects.requireNonNull(group, "group");
    Objects.requireNonNull(kind, "kind");
  }

  /** The group and kind of an apiVersion (e.g. {@code apps/v1}) and kind. */
  public static GroupKind of(String apiVersion, String kind) {
    return new GroupKind(ResourceKey.groupOf(apiVersion), kind);
  }

  /** The group and kind of a resource key. */
  public static GroupKind of(ResourceKey key) {
    return new GroupKind(key.group(), key.kind());
  }

  /**
   * Whether the group is one Kubernetes serves itself (core, apps, rbac.authorization.k8s.io...).
   */
  public boolean builtInGroup() {
    return BUILT_IN_GROUPS.contains(group);
  }
}
