package io.driftless.diff.plan;

import io.driftless.diff.resources.GroupKind;
import java.util.Map;
import java.util.Set;

/** The groups of a simplified kapp default apply order, first applied first. */
enum ApplyGroup {
  CRDS_AND_NAMESPACES,
  CLUSTER_POLICY,
  SERVICE_ACCOUNTS,
  RBAC_ROLES,
  RBAC_BINDINGS,
  POD_RELATED,
  OTHER,
  CUSTOM_RESOURCES;

  private static final Map<String, ApplyGroup> BUILT_IN_KINDS =
      Map.ofEntries(
          Map.entry("CustomResourceDefinition", CRDS_AND_NAMESPACES),
          Map.entry("Namespace", CRDS_AND_NAMESPACES),
          Map.entry("StorageClass", CLUSTER_POLICY),
          Map.entry("PriorityClass", CLUSTER_POLICY),
          Map.entry("PodSecurityPolicy", CLUSTER_POLICY),
          Map.entry("RuntimeClass", CLUSTER_POLICY),
          Map.entry("IngressClass", CLUSTER_POLICY),
          Map.entry("CSIDriver", CLUSTER_POLICY),
          Map.entry("ServiceAccount", SERVICE_ACCOUNTS),
          Map.entry("Role", RBAC_ROLES),
          Map.entry("ClusterRole", RBAC_ROLES),
          Map.entry("RoleBinding", RBAC_BINDINGS),
          Map.entry("ClusterRoleBinding", RBAC_BINDINGS),
          Map.entry("ConfigMap", POD_RELATED),
          Map.entry("Secret", POD_RELATED),
          Map.entry("PersistentVolume", POD_RELATED),
          Map.entry("PersistentVolumeClaim", POD_RELATED),
          Map.entry("LimitRange", POD_RELATED),
          Map.entry("ResourceQuota", POD_RELATED),
          Map.entry("NetworkPolicy", POD_RELATED),
          Map.entry("PodDisruptionBudget", POD_RELATED),
          Map.entry("PodTemplate", POD_RELATED));

  /**
   * The group of a type: custom resources (declared by a CRD the plan saw, or of a group Kubernetes
   * does not serve) last, built-in kinds by the table, other built-in kinds in {@link #OTHER}.
   */
  static ApplyGroup of(GroupKind type, Set<GroupKind> customKinds) {
    if (customKinds.contains(type) || !type.builtInGroup()) {
      return CUSTOM_RESOURCES;
    }
    return BUILT_IN_KINDS.getOrDefault(type.kind(), OTHER);
  }
}
