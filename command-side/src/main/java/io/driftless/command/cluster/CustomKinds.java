package io.driftless.command.cluster;

import io.driftless.diff.resources.GroupKind;
import io.fabric8.kubernetes.api.Pluralize;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The plural and scope of custom kinds, without API discovery: first what a CRD of a manifest said
 * ({@link #learn}), and what it left out (a placeholder CRD with only {@code metadata.name}, as
 * kapp's gatekeeper example marked {@code kapp.k14s.io/exists}) from the cluster's own CRD ({@code
 * apiextensions.k8s.io/v1}) once it exists, read by name {@code <plural>.<group>} or, when the
 * plural is unknown too, found among the cluster's CRDs by group and kind. What the cluster's CRD
 * says is kept, so it is read once.
 */
final class CustomKinds {

  /** What is known of a kind; a null part is not known yet. */
  record Known(String plural, Boolean namespaced) {

    boolean complete() {
      return plural != null && namespaced != null;
    }
  }

  private final KubernetesClient client;
  private final Map<GroupKind, Known> known = new ConcurrentHashMap<>();

  CustomKinds(KubernetesClient client) {
    this.client = client;
  }

  /** Keeps what a manifest's CRD declares; parts it leaves out keep what was known. */
  void learn(GroupKind kind, String plural, Boolean namespaced) {
    known.merge(
        kind,
        new Known(blankToNull(plural), namespaced),
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
    var names = crd.get().getSpec().getNames();
    var resolved = new Known(names.getPlural(), !"Cluster".equals(crd.get().getSpec().getScope()));
    known.put(kind, resolved);
    return Optional.of(resolved);
  }

  /**
   * Whether a CRD of a manifest named the kind (so it may only be missing from the cluster yet).
   */
  boolean declared(GroupKind kind) {
    return known.containsKey(kind);
  }

  private Optional<CustomResourceDefinition> clusterCrd(GroupKind kind, String plural) {
    var crds = client.apiextensions().v1().customResourceDefinitions();
    var guess = plural != null ? plural : Pluralize.toPlural(kind.kind().toLowerCase(Locale.ROOT));
    var named = crds.withName(guess + "." + kind.group()).get();
    if (named != null && declares(named, kind)) {
      return Optional.of(named);
    }
    if (plural != null) {
      return Optional.empty();
    }
    return crds.list().getItems().stream().filter(crd -> declares(crd, kind)).findFirst();
  }

  private static boolean declares(CustomResourceDefinition crd, GroupKind kind) {
    var spec = crd.getSpec();
    return spec != null
        && spec.getNames() != null
        && kind.group().equals(spec.getGroup())
        && kind.kind().equals(spec.getNames().getKind())
        && spec.getNames().getPlural() != null;
  }

  private static String blankToNull(String text) {
    return text == null || text.isBlank() ? null : text;
  }
}
