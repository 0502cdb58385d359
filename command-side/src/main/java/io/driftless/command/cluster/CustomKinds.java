package io.driftless.command.cluster;

import io.driftless.diff.resources.GroupKind;
import io.driftless.diff.resources.ResourceTypes;
import io.fabric8.kubernetes.api.Pluralize;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The plural and scope of custom kinds, without API discovery: first what a CRD of a manifest said
 * ({@link #learn}), and what it left out (a placeholder CRD with only {@code metadata.name}, as
 * kapp's gatekeeper example marked {@code kapp.k14s.io/exists}) from the cluster's own CRD ({@code
 * apiextensions.k8s.io/v1}, else {@code v1beta1}: a CRD created as {@code v1beta1} is found after a
 * restart too, whichever of the two the cluster serves it at) once it exists, read by name {@code
 * <plural>.<group>} or, when the plural is unknown too, found among the cluster's CRDs by group and
 * kind. What the cluster's CRD says is kept, so it is read once; a kind no CRD declares is looked
 * for again at each call (up to four reads: by name and the list, at each version).
 */
final class CustomKinds {

  /** What is known of a kind; a null part is not known yet. */
  record Known(String plural, Boolean namespaced) {

    boolean complete() {
      return plural != null && namespaced != null;
    }
  }

  private static final String CRD_GROUP = "apiextensions.k8s.io";
  private static final List<String> CRD_VERSIONS = List.of("v1", "v1beta1");

  private final KubernetesClient client;
  private final Map<GroupKind, Known> known = new ConcurrentHashMap<>();

  CustomKinds(KubernetesClient client) {
    this.client = client;
  }

  /** Keeps what a manifest's CRD declares; parts it leaves out keep what was known. */
  void learn(GroupKind kind, String plural, Boolean namespaced) {
    known.merge(
        kind,
        // A plural that is no valid path part is not taken: the cluster's CRD tells it then.
        new Known(ResourceTypes.isPlural(plural) ? plural : null, namespaced),
        (old, fresh) ->
            new Known(
                fresh.plural() != null ? fresh.plural() : old.plural(),
                fresh.namespaced() != null ? fresh.namespaced() : old.namespaced()));
  }

  /**
   * The kind's plural and scope, from what was learned or else from the cluster's CRD; empty when
   * neither knows both.
   */
  Optional<Known> resolve(GroupKind kind) {
    var learned = known.get(kind);
    if (learned != null && learned.complete()) {
      return Optional.of(learned);
    }
    var crd = clusterCrd(kind, learned == null ? null : learned.plural());
    if (crd.isEmpty()) {
      return Optional.empty();
    }
    var resolved =
        new Known(text(crd.get(), "names", "plural"), !"Cluster".equals(text(crd.get(), "scope")));
    known.put(kind, resolved);
    return Optional.of(resolved);
  }

  /**
   * Whether a CRD of a manifest named the kind (so it may only be missing from the cluster yet).
   */
  boolean declared(GroupKind kind) {
    return known.containsKey(kind);
  }

  /**
   * The cluster's CRD of the kind at {@code apiextensions.k8s.io/v1}, else at {@code v1beta1}: a
   * CRD created as {@code v1beta1} is served at both by an API server that serves both (1.16 to
   * 1.21), but a 1.15 cluster serves only {@code v1beta1}, and some stand-ins only the version a
   * CRD was created with. Both forms keep the group, names and scope at the same paths ({@code
   * spec.group}, {@code spec.names}, {@code spec.scope}), so both are read as generic objects.
   */
  private Optional<GenericKubernetesResource> clusterCrd(GroupKind kind, String plural) {
    for (var version : CRD_VERSIONS) {
      var found = clusterCrd(version, kind, plural);
      if (found.isPresent()) {
        return found;
      }
    }
    return Optional.empty();
  }

  private Optional<GenericKubernetesResource> clusterCrd(
      String version, GroupKind kind, String plural) {
    var crds = client.genericKubernetesResources(crdContext(version));
    var guess = plural != null ? plural : Pluralize.toPlural(kind.kind().toLowerCase(Locale.ROOT));
    try {
      var named = crds.withName(guess + "." + kind.group()).get();
      if (named != null && declares(named, kind)) {
        return Optional.of(named);
      }
      if (plural != null) {
        return Optional.empty();
      }
      return crds.list().getItems().stream().filter(crd -> declares(crd, kind)).findFirst();
    } catch (KubernetesClientException e) {
      if (e.getCode() == 404) {
        return Optional.empty(); // the cluster does not serve this version (v1beta1 since 1.22)
      }
      throw e;
    }
  }

  private static ResourceDefinitionContext crdContext(String version) {
    return new ResourceDefinitionContext.Builder()
        .withGroup(CRD_GROUP)
        .withVersion(version)
        .withKind("CustomResourceDefinition")
        .withPlural("customresourcedefinitions")
        .withNamespaced(false)
        .build();
  }

  private static boolean declares(GenericKubernetesResource crd, GroupKind kind) {
    return kind.group().equals(text(crd, "group"))
        && kind.kind().equals(text(crd, "names", "kind"))
        && text(crd, "names", "plural") != null;
  }

  /** A text at {@code spec.<path>} of a CRD, or null. */
  private static String text(GenericKubernetesResource crd, String... path) {
    Object node = crd.getAdditionalProperties().get("spec");
    for (var field : path) {
      node = node instanceof Map<?, ?> map ? map.get(field) : null;
    }
    return node instanceof String value ? value : null;
  }
}
