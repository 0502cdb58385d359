package io.driftless.diff.plan;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.diff.Fixtures;
import io.driftless.diff.resources.CustomResourceDefinitions;
import io.driftless.diff.resources.GroupKind;
import io.driftless.diff.resources.Manifest;
import io.driftless.diff.resources.ResourceKey;
import io.driftless.diff.text.SecretRedaction;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Golden plans of real manifests nobody here wrote: from an empty cluster every resource is created
 * in an order where CRDs precede their custom resources and Namespaces their objects; a redeploy
 * against live objects carrying typical server defaults is all noop, whether compared against
 * last-applied or three-way against live.
 */
class RealManifestPlansTest {

  private final DiffEngine engine = new DiffEngine();

  private ChangeSet fresh(Manifest manifest) {
    return engine.plan(PlanInput.fresh(manifest.resources()).withConfigs(manifest.configs()));
  }

  @ParameterizedTest
  @CsvSource({"cf-for-k8s-v0.2.0.yml, 254", "cert-manager-v1.6.1.yml, 45"})
  void createsEverythingWithCrdsAndNamespacesBeforeTheirObjects(String file, int resources) {
    var manifest = Fixtures.manifest("manifests/" + file);

    var plan = fresh(manifest);

    assertThat(plan.opCounts()).containsEntry(ChangeOp.CREATE, resources);
    assertThat(plan.changes()).hasSize(resources);
    var position = new HashMap<Object, Integer>();
    for (int i = 0; i < plan.changes().size(); i++) {
      Change change = plan.changes().get(i);
      CustomResourceDefinitions.declaredKind(change.applied())
          .ifPresent(kind -> position.put(kind, position.size()));
      if (change.key().kind().equals("Namespace") && change.key().group().isEmpty()) {
        position.put("ns/" + change.key().name(), position.size());
      }
      int here = position.size();
      position.put(change.key(), here);
      var crd = position.get(GroupKind.of(change.key()));
      var namespace = position.get("ns/" + change.key().namespace());
      if (declared(manifest, GroupKind.of(change.key()))) {
        assertThat(crd).as("CRD before " + change.key()).isNotNull().isLessThan(here);
      }
      if (!change.key().clusterScoped() && hasNamespace(manifest, change.key().namespace())) {
        assertThat(namespace).as("Namespace before " + change.key()).isNotNull().isLessThan(here);
      }
    }
  }

  @ParameterizedTest
  @CsvSource({
    "cf-for-k8s-v0.2.0.yml, true",
    "cf-for-k8s-v0.2.0.yml, false",
    "cert-manager-v1.6.1.yml, true",
    "cert-manager-v1.6.1.yml, false",
    "guestbook.yml, false",
    "redis-with-configmap.yml, false"
  })
  void redeployAgainstLiveObjectsWithServerDefaultsIsAllNoop(String file, boolean unchanged) {
    var manifest = Fixtures.manifest("manifests/" + file);
    var first = fresh(manifest);
    var defaults = new ServerDefaults();
    Map<ResourceKey, ObjectNode> lastApplied = new LinkedHashMap<>();
    Map<ResourceKey, ObjectNode> live = new LinkedHashMap<>();
    for (Change change : first.changes()) {
      lastApplied.put(
          change.key(), SecretRedaction.redact(change.intended(), engine.fingerprint()));
      live.put(change.key(), defaults.live(change.applied()));
    }
    var input =
        new PlanInput(manifest.resources(), lastApplied, live, new LinkedHashSet<>(live.keySet()))
            .withConfigs(manifest.configs())
            .withUnchangedSinceApply(unchanged ? live.keySet() : java.util.Set.of());

    var plan = engine.plan(input);

    assertThat(plan.shown().size()).as(() -> describe(plan.shown())).isZero();
    assertThat(plan.summary())
        .isEqualTo(
            "Op: 0 create, 0 delete, 0 update, 0 noop, 0 exists / Wait to: 0 reconcile, 0 delete, 0 noop");
    assertThat(plan.changes()).hasSameSizeAs(first.changes());
  }

  private static String describe(List<Change> changes) {
    var text = new StringBuilder();
    changes.stream()
        .limit(5)
        .forEach(
            c ->
                text.append(c.op())
                    .append(' ')
                    .append(c.key())
                    .append(' ')
                    .append(c.fields())
                    .append('\n'));
    return text.toString();
  }

  private static boolean declared(Manifest manifest, GroupKind kind) {
    return manifest.resources().stream()
        .anyMatch(
            r ->
                CustomResourceDefinitions.declaredKind(r.object())
                    .filter(kind::equals)
                    .isPresent());
  }

  private static boolean hasNamespace(Manifest manifest, String namespace) {
    return manifest.resources().stream()
        .anyMatch(r -> r.kind().equals("Namespace") && r.key().name().equals(namespace));
  }
}
