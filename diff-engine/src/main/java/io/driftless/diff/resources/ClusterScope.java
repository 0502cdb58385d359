package io.driftless.diff.resources;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * Tells cluster-scoped kinds from namespaced ones without asking the cluster.
 *
 * <p>Built-in kinds are matched on group and kind from a fixed table of the cluster-scoped kinds
 * Kubernetes serves. Custom kinds are cluster-scoped when a CustomResourceDefinition with {@code
 * spec.scope: Cluster} in the same manifest declares them ({@link #declaredBy}). Every other kind
 * counts as namespaced.
 *
 * <p>Limit: kapp asks the cluster's discovery API instead, so it also knows custom kinds whose CRD
 * was installed by someone else. Driftless cannot rely on discovery (the sandbox cluster has none);
 * such a cluster-scoped kind gets a namespace written in and the API server will refuse or ignore
 * it. A later issue may add discovery where the cluster offers it.
 */
public final class ClusterScope {

  private static final String RBAC = "rbac.authorization.k8s.io";
  private static final String STORAGE = "storage.k8s.io";
  private static final String ADMISSION = "admissionregistration.k8s.io";
  private static final String FLOW = "flowcontrol.apiserver.k8s.io";

  /** Cluster-scoped built-in kinds and the groups that serve them. */
  private static final Map<String, Set<String>> BUILT_IN =
      Map.ofEntries(
          Map.entry("Namespace", Set.of("")),
          Map.entry("Node", Set.of("")),
          Map.entry("PersistentVolume", Set.of("")),
          Map.entry("ComponentStatus", Set.of("")),
          Map.entry("ClusterRole", Set.of(RBAC)),
          Map.entry("ClusterRoleBinding", Set.of(RBAC)),
          Map.entry("CustomResourceDefinition", Set.of("apiextensions.k8s.io")),
          Map.entry("APIService", Set.of("apiregistration.k8s.io")),
          Map.entry("StorageClass", Set.of(STORAGE)),
          Map.entry("CSIDriver", Set.of(STORAGE)),
          Map.entry("CSINode", Set.of(STORAGE)),
          Map.entry("VolumeAttachment", Set.of(STORAGE)),
          Map.entry("PriorityClass", Set.of("scheduling.k8s.io")),
          Map.entry("MutatingWebhookConfiguration", Set.of(ADMISSION)),
          Map.entry("ValidatingWebhookConfiguration", Set.of(ADMISSION)),
          Map.entry("ValidatingAdmissionPolicy", Set.of(ADMISSION)),
          Map.entry("ValidatingAdmissionPolicyBinding", Set.of(ADMISSION)),
          Map.entry("IngressClass", Set.of("networking.k8s.io")),
          Map.entry("RuntimeClass", Set.of("node.k8s.io")),
          Map.entry("CertificateSigningRequest", Set.of("certificates.k8s.io")),
          Map.entry("ClusterTrustBundle", Set.of("certificates.k8s.io")),
          Map.entry("PodSecurityPolicy", Set.of("policy", "extensions")),
          Map.entry("FlowSchema", Set.of(FLOW)),
          Map.entry("PriorityLevelConfiguration", Set.of(FLOW)),
          Map.entry("DeviceClass", Set.of("resource.k8s.io")));

  private static final ClusterScope BUILT_IN_ONLY = new ClusterScope(Set.of());

  private final Set<GroupKind> declared;

  private ClusterScope(Set<GroupKind> declared) {
    this.declared = Set.copyOf(declared);
  }

  /** Whether a built-in kind is cluster-scoped; custom kinds answer false. */
  public static boolean isClusterScoped(String apiVersion, String kind) {
    Set<String> groups = BUILT_IN.get(kind);
    return groups != null && groups.contains(ResourceKey.groupOf(apiVersion));
  }

  /** The built-in table alone. */
  public static ClusterScope builtIn() {
    return BUILT_IN_ONLY;
  }

  /**
   * The built-in table plus the kinds that the cluster-scoped CustomResourceDefinitions among the
   * given objects declare; other objects are ignored.
   */
  public static ClusterScope declaredBy(Iterable<? extends JsonNode> objects) {
    var declared = new HashSet<GroupKind>();
    for (JsonNode object : objects) {
      if (CustomResourceDefinitions.declaresClusterScope(object)) {
        CustomResourceDefinitions.declaredKind(object).ifPresent(declared::add);
      }
    }
    return new ClusterScope(declared);
  }

  /** Whether the kind is cluster-scoped: built in, or declared so by a CRD given here. */
  public boolean covers(String apiVersion, String kind) {
    return isClusterScoped(apiVersion, kind) || declared.contains(GroupKind.of(apiVersion, kind));
  }

  /** The custom kinds CRDs declared cluster-scoped. */
  public Set<GroupKind> declaredKinds() {
    return declared;
  }
}
