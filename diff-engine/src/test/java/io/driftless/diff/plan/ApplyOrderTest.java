package io.driftless.diff.plan;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.diff.Fixtures;
import io.driftless.diff.resources.Manifest;
import io.driftless.diff.resources.ResourceKey;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** Issue 11: kapp's default change groups and rules make the apply waves. */
class ApplyOrderTest {

  private final DiffEngine engine = new DiffEngine();

  /** Each wave as {@code Kind/name} in order. */
  static List<List<String>> waves(ChangeSet plan) {
    return plan.waves().stream()
        .map(wave -> wave.stream().map(c -> c.key().kind() + "/" + c.key().name()).toList())
        .toList();
  }

  /** Each wave as the set of its kinds. */
  private static List<Set<String>> waveKinds(ChangeSet plan) {
    return plan.waves().stream()
        .map(wave -> (Set<String>) new TreeSet<>(wave.stream().map(c -> c.key().kind()).toList()))
        .toList();
  }

  @Test
  void appliesInKappsWavesInManifestOrderWithinEach() {
    var manifest = Fixtures.manifest("plan/order-mixed.yaml");

    var plan = engine.plan(PlanInput.fresh(manifest.resources()));

    assertThat(waves(plan))
        .containsExactly(
            // nothing binds cluster-scoped objects outside RBAC bindings and custom resources
            List.of(
                "ClusterRole/viewer",
                "StorageClass/fast",
                "Namespace/shop",
                "CustomResourceDefinition/widgets.example.com"),
            // after their namespace
            List.of(
                "ConfigMap/settings", "Role/reader", "Secret/credentials", "ServiceAccount/app"),
            // after every role (the Role waits for its namespace)
            List.of("RoleBinding/reader", "ClusterRoleBinding/viewer"),
            // namespaced objects after pod-related ones, RBAC and storage classes
            List.of(
                "CompositeController/controller",
                "Widget/first",
                "Deployment/web",
                "Service/web",
                "Certificate/web-tls"));
    assertThat(plan.waves().stream().flatMap(List::stream).toList()).isEqualTo(plan.changes());
  }

  @Test
  void noopsWaitForNothingAndHoldNothingUp() {
    var manifest = Fixtures.manifest("plan/order-mixed.yaml");
    var configMap = manifest.byKey().get(ResourceKey.parseId("core/ConfigMap/shop/settings"));
    var live = Map.of(configMap.key(), configMap.object());

    var plan = engine.plan(new PlanInput(manifest.resources(), Map.of(), live, Set.of()));

    assertThat(plan.waves().get(0)).extracting(Change::key).contains(configMap.key());
    assertThat(plan.waves().get(0))
        .filteredOn(c -> c.key().equals(configMap.key()))
        .extracting(Change::op)
        .containsExactly(ChangeOp.NOOP);
    assertThat(waves(plan).get(3)).contains("Deployment/web");
  }

  @Test
  void deletesCustomResourcesThenCrdsThenTheRestThenNamespaces() {
    var old = Fixtures.manifest("plan/order-mixed.yaml");
    var lastApplied = new LinkedHashMap<ResourceKey, ObjectNode>();
    old.resources().forEach(r -> lastApplied.put(r.key(), r.object()));
    var kept = old.resources().stream().filter(r -> r.kind().equals("Deployment")).toList();

    var plan =
        engine.plan(
            new PlanInput(
                kept, lastApplied, lastApplied, new LinkedHashSet<>(lastApplied.keySet())));

    assertThat(waves(plan))
        .containsExactly(
            List.of(
                "Deployment/web",
                "CompositeController/controller",
                "Widget/first",
                "Certificate/web-tls"),
            List.of("CustomResourceDefinition/widgets.example.com"),
            List.of(
                "Service/web",
                "ConfigMap/settings",
                "RoleBinding/reader",
                "Role/reader",
                "Secret/credentials",
                "ClusterRoleBinding/viewer",
                "ClusterRole/viewer",
                "ServiceAccount/app",
                "StorageClass/fast"),
            // kapp: ServiceAccounts before their namespace
            List.of("Namespace/shop"));
    assertThat(plan.changes().get(0).op()).isEqualTo(ChangeOp.NOOP);
  }

  @Test
  void ordersCertManagerFromAnEmptyClusterInFourWaves() {
    Manifest certManager = Fixtures.manifest("manifests/cert-manager-v1.6.1.yml");

    var plan = engine.plan(PlanInput.fresh(certManager.resources()));

    assertThat(plan.summary())
        .isEqualTo(
            "Op: 45 create, 0 delete, 0 update, 0 noop, 0 exists / Wait to: 45 reconcile, 0 delete, 0 noop");
    assertThat(waveKinds(plan))
        .containsExactly(
            Set.of(
                "CustomResourceDefinition",
                "Namespace",
                "ClusterRole",
                // the leader-election Roles in kube-system: no Namespace of the body to wait for
                "Role",
                "MutatingWebhookConfiguration",
                "ValidatingWebhookConfiguration"),
            Set.of("ServiceAccount", "Role"),
            Set.of("ClusterRoleBinding", "RoleBinding"),
            Set.of("Service", "Deployment"));
  }
}
