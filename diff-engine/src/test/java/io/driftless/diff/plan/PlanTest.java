package io.driftless.diff.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.diff.Fixtures;
import io.driftless.diff.resources.Manifest;
import io.driftless.diff.resources.Resource;
import io.driftless.diff.resources.ResourceKey;
import io.driftless.diff.resources.YamlTrees;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The kapp walkthrough with simple-app: create v1, update to v2, deploy v2 again. */
class PlanTest {

  private final DiffEngine engine = new DiffEngine();
  private final Manifest v1 = Fixtures.manifest("manifests/simple-app-v1.yml");
  private final Manifest v2 = Fixtures.manifest("manifests/simple-app-v2.yml");

  static List<String> opsAndIds(ChangeSet plan) {
    return plan.changes().stream().map(c -> c.op().wireName() + " " + c.key().id()).toList();
  }

  private static Map<ResourceKey, ObjectNode> objects(Manifest manifest) {
    var objects = new LinkedHashMap<ResourceKey, ObjectNode>();
    manifest.resources().forEach(r -> objects.put(r.key(), r.object().deepCopy()));
    return objects;
  }

  private static Map<ResourceKey, ObjectNode> liveV1() {
    var live = new LinkedHashMap<ResourceKey, ObjectNode>();
    for (JsonNode object : YamlTrees.readAll(Fixtures.text("plan/simple-app-v1-live.yaml"))) {
      live.put(ResourceKey.of((ObjectNode) object), (ObjectNode) object);
    }
    return live;
  }

  private static Map<ResourceKey, ObjectNode> withServerFields(Manifest manifest) {
    var live = objects(manifest);
    live.values().forEach(o -> o.with("metadata").put("uid", "u-1").put("resourceVersion", "9"));
    return live;
  }

  @Test
  void createsSimpleAppV1OnAnEmptyCluster() {
    var plan = engine.plan(PlanInput.fresh(v1.resources()));

    assertThat(plan.summary())
        .isEqualTo(
            "Op: 2 create, 0 delete, 0 update, 0 noop, 0 exists / Wait to: 2 reconcile, 0 delete, 0 noop");
    assertThat(opsAndIds(plan))
        .containsExactly(
            "create core/Service/default/simple-app", "create apps/Deployment/default/simple-app");
    assertThat(plan.hasChanges()).isTrue();
  }

  @Test
  void updatesSimpleAppFromV1ToV2() {
    var input =
        new PlanInput(
            v2.resources(), objects(v1), liveV1(), new LinkedHashSet<>(objects(v1).keySet()));

    var plan = engine.plan(input);

    assertThat(plan.summary())
        .isEqualTo(
            "Op: 2 create, 1 delete, 1 update, 0 noop, 0 exists / Wait to: 3 reconcile, 1 delete, 0 noop");
    // kapp: the Service and the Deployment wait for the pod-related ConfigMap; the delete waits
    // for nothing
    assertThat(plan.waves())
        .extracting(wave -> wave.stream().map(c -> c.op().wireName() + " " + c.key().id()).toList())
        .containsExactly(
            List.of(
                "create core/ConfigMap/default/simple-app",
                "delete core/Service/default/simple-app"),
            List.of(
                "create core/Service/default/simple-app-node",
                "update apps/Deployment/default/simple-app"));
    String env = "spec.template.spec.containers[name=simple-app].env[name=HELLO_MSG]";
    assertThat(DiffEngineTest.paths(plan.changes().get(3)))
        .containsExactly(env + ".valueFrom", env + ".value");
    assertThat(plan.changes().get(1).apiVersion()).isEqualTo("v1");
    assertThat(plan.changes().get(1).applied()).isNull();
  }

  @Test
  void findsNothingToDoWhenV2IsDeployedAgain() {
    var input =
        new PlanInput(v2.resources(), objects(v2), withServerFields(v2), objects(v2).keySet());

    var plan = engine.plan(input);

    // kapp prunes unchanged changes that wait for nothing: they are neither listed nor counted.
    assertThat(plan.summary())
        .isEqualTo(
            "Op: 0 create, 0 delete, 0 update, 0 noop, 0 exists / Wait to: 0 reconcile, 0 delete, 0 noop");
    assertThat(plan.hasChanges()).isFalse();
    assertThat(plan.shown()).isEmpty();
    assertThat(plan.changes())
        .hasSize(3)
        .allSatisfy(c -> assertThat(c.op()).isEqualTo(ChangeOp.NOOP));
    assertThat(plan.changes()).allSatisfy(c -> assertThat(c.applied()).isNotNull());
  }

  @Test
  void deletesEverythingInOneWaveWhenNothingIsDesired() {
    var input = new PlanInput(List.of(), objects(v2), withServerFields(v2), objects(v2).keySet());

    var plan = engine.plan(input);

    assertThat(plan.waves()).hasSize(1);
    assertThat(opsAndIds(plan))
        .containsExactly(
            "delete core/Service/default/simple-app-node",
            "delete apps/Deployment/default/simple-app",
            "delete core/ConfigMap/default/simple-app");
    assertThat(plan.summary())
        .isEqualTo(
            "Op: 0 create, 3 delete, 0 update, 0 noop, 0 exists / Wait to: 0 reconcile, 3 delete, 0 noop");
  }

  @Test
  void deletesBuiltInKeysKnownOnlyByKeyWithTheirGroupsStableVersion() {
    var gone = ResourceKey.parseId("core/ConfigMap/default/forgotten");
    var deployment = ResourceKey.parseId("apps/Deployment/default/forgotten");

    var plan = engine.plan(new PlanInput(List.of(), Map.of(), Map.of(), Set.of(gone, deployment)));

    assertThat(plan.changes())
        .extracting(c -> c.key().kind() + " " + c.apiVersion())
        .containsExactlyInAnyOrder("ConfigMap v1", "Deployment apps/v1");
  }

  @Test
  void deletesKeysKnownOnlyByKeyWithTheRecordedApiVersion() {
    var custom = ResourceKey.parseId("example.com/Widget/default/forgotten");
    var refused = ResourceKey.parseId("autoscaling/HorizontalPodAutoscaler/default/refused");
    var input =
        new PlanInput(List.of(), Map.of(), Map.of(), Set.of(custom, refused))
            .withApiVersions(Map.of(custom, "example.com/v1alpha1", refused, "autoscaling/v1"));

    var plan = engine.plan(input);

    assertThat(plan.changes())
        .extracting(c -> c.key().kind() + " " + c.apiVersion())
        .containsExactlyInAnyOrder(
            "Widget example.com/v1alpha1", "HorizontalPodAutoscaler autoscaling/v1");
  }

  @Test
  void deletesCustomKeysKnownNowhereWithoutApiVersion() {
    var gone = ResourceKey.parseId("example.com/Widget/default/forgotten");

    var plan = engine.plan(new PlanInput(List.of(), Map.of(), Map.of(), Set.of(gone)));

    assertThat(plan.changes()).singleElement().satisfies(c -> assertThat(c.apiVersion()).isNull());
  }

  @Test
  void refusesTwoDesiredResourcesWithOneKey() {
    Resource service = v1.resources().get(0);

    assertThatThrownBy(() -> engine.plan(PlanInput.fresh(List.of(service, service))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("core/Service/default/simple-app");
  }
}
