package io.driftless.diff.plan;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.diff.Fixtures;
import io.driftless.diff.resources.Manifest;
import io.driftless.diff.resources.ResourceKey;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ApplyOrderTest {

  private final DiffEngine engine = new DiffEngine();

  private static List<String> kinds(ChangeSet plan) {
    return plan.changes().stream().map(c -> c.key().kind() + "/" + c.key().name()).toList();
  }

  /** Kinds in order with their run lengths, e.g. "ServiceAccount x3". */
  private static List<String> kindRuns(ChangeSet plan) {
    var runs = new ArrayList<String>();
    String last = null;
    int count = 0;
    for (Change change : plan.changes()) {
      if (!change.key().kind().equals(last)) {
        if (last != null) {
          runs.add(last + " x" + count);
        }
        last = change.key().kind();
        count = 0;
      }
      count++;
    }
    runs.add(last + " x" + count);
    return runs;
  }

  @Test
  void appliesNamespacesAndCrdsFirstAndCustomResourcesAfterEverything() {
    var manifest = Fixtures.manifest("plan/order-mixed.yaml");

    var plan = engine.plan(PlanInput.fresh(manifest.resources()));

    assertThat(kinds(plan))
        .containsExactly(
            "Namespace/shop",
            "CustomResourceDefinition/widgets.example.com",
            "StorageClass/fast",
            "ServiceAccount/app",
            "Role/reader",
            "ClusterRole/viewer",
            "RoleBinding/reader",
            "ClusterRoleBinding/viewer",
            "ConfigMap/settings",
            "Secret/credentials",
            "Deployment/web",
            "Service/web",
            "CompositeController/controller",
            "Widget/first",
            "Certificate/web-tls");
  }

  @Test
  void keepsNoopsInTheirPlace() {
    var manifest = Fixtures.manifest("plan/order-mixed.yaml");
    var configMap = manifest.byKey().get(ResourceKey.parseId("core/ConfigMap/shop/settings"));
    var live = Map.of(configMap.key(), configMap.object());

    var plan = engine.plan(new PlanInput(manifest.resources(), Map.of(), live, Set.of()));

    assertThat(plan.changes().get(8).key()).isEqualTo(configMap.key());
    assertThat(plan.changes().get(8).op()).isEqualTo(ChangeOp.NOOP);
  }

  @Test
  void deletesAfterEverythingElseInReverseOrder() {
    var old = Fixtures.manifest("plan/order-mixed.yaml");
    var lastApplied = new LinkedHashMap<ResourceKey, ObjectNode>();
    old.resources().forEach(r -> lastApplied.put(r.key(), r.object()));
    var kept = old.resources().stream().filter(r -> r.kind().equals("Deployment")).toList();

    var plan =
        engine.plan(
            new PlanInput(
                kept, lastApplied, lastApplied, new LinkedHashSet<>(lastApplied.keySet())));

    assertThat(kinds(plan))
        .containsExactly(
            "Deployment/web",
            // kapp: custom resources, then CRDs, then everything else
            "Certificate/web-tls",
            "Widget/first",
            "CompositeController/controller",
            "CustomResourceDefinition/widgets.example.com",
            "Service/web",
            "Secret/credentials",
            "ConfigMap/settings",
            "ClusterRoleBinding/viewer",
            "RoleBinding/reader",
            "ClusterRole/viewer",
            "Role/reader",
            "ServiceAccount/app",
            "StorageClass/fast",
            "Namespace/shop");
    assertThat(plan.changes().get(0).op()).isEqualTo(ChangeOp.NOOP);
  }

  @Test
  void ordersCertManagerFromAnEmptyCluster() {
    Manifest certManager = Fixtures.manifest("manifests/cert-manager-v1.6.1.yml");

    var plan = engine.plan(PlanInput.fresh(certManager.resources()));

    assertThat(plan.summary())
        .isEqualTo(
            "Op: 45 create, 0 delete, 0 update, 0 noop, 0 exists / Wait to: 45 reconcile, 0 delete, 0 noop");
    assertThat(kindRuns(plan))
        .containsExactly(
            "CustomResourceDefinition x6",
            "Namespace x1",
            "ServiceAccount x3",
            "ClusterRole x12",
            "Role x3",
            "ClusterRoleBinding x10",
            "RoleBinding x3",
            "Service x2",
            "Deployment x3",
            "MutatingWebhookConfiguration x1",
            "ValidatingWebhookConfiguration x1");
    assertThat(kinds(plan).subList(0, 2))
        .containsExactly(
            "CustomResourceDefinition/certificaterequests.cert-manager.io",
            "CustomResourceDefinition/certificates.cert-manager.io");
  }
}
