package io.driftless.diff.plan;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.diff.Fixtures;
import io.driftless.diff.resources.ResourceKey;
import io.driftless.diff.resources.YamlTrees;
import java.util.List;
import org.junit.jupiter.api.Test;

class DiffEngineTest {

  private final DiffEngine engine = new DiffEngine();

  static ObjectNode yaml(String text) {
    return YamlTrees.readObject(text);
  }

  private Change diff(ObjectNode desired, ObjectNode lastApplied, ObjectNode live) {
    ObjectNode any = desired != null ? desired : lastApplied;
    var key =
        new ResourceKey(
            "", any.get("kind").textValue(), "default", any.at("/metadata/name").textValue());
    return engine.diff(key, null, desired, lastApplied, live);
  }

  static List<String> paths(Change change) {
    return change.fields().stream().map(FieldChange::path).toList();
  }

  @Test
  void createsWhenTheClusterHasNoObject() {
    var desired = Fixtures.object("plan/configmap-desired.yaml");

    var change = diff(desired, null, null);

    assertThat(change.op()).isEqualTo(ChangeOp.CREATE);
    assertThat(change.waitTo()).isEqualTo(WaitOp.RECONCILE);
    assertThat(change.apiVersion()).isEqualTo("v1");
    assertThat(change.applied()).isEqualTo(desired).isNotSameAs(desired);
    assertThat(paths(change)).containsExactly("metadata.labels", "data.mode", "data.retries");
    assertThat(change.fields().get(1).from()).isNull();
    assertThat(change.fields().get(1).to().textValue()).isEqualTo("production");
    assertThat(change.fields()).allSatisfy(f -> assertThat(f.decidedBy()).isEqualTo("desired"));
  }

  @Test
  void createReportsFieldsOneLevelBelowTheTopAndTopLevelValuesThatAreNoMaps() {
    var deployment = Fixtures.manifest("manifests/simple-app-v1.yml").resources().get(1).object();
    var role =
        yaml(
            """
            apiVersion: rbac.authorization.k8s.io/v1
            kind: Role
            metadata: {name: reader, namespace: default}
            rules: [{apiGroups: [""], resources: [pods], verbs: [get]}]
            """);

    assertThat(paths(diff(deployment, null, null)))
        .containsExactly("spec.selector", "spec.template");
    assertThat(paths(diff(role, null, null))).containsExactly("rules");
  }

  @Test
  void deletesWhenTheResourceLeftTheManifest() {
    var lastApplied = Fixtures.object("plan/configmap-desired.yaml");

    var change = engine.diff(ResourceKey.of(lastApplied), "v1", null, lastApplied, lastApplied);

    assertThat(change.op()).isEqualTo(ChangeOp.DELETE);
    assertThat(change.waitTo()).isEqualTo(WaitOp.DELETE);
    assertThat(change.fields()).isEmpty();
    assertThat(change.applied()).isNull();
    assertThat(change.apiVersion()).isEqualTo("v1");
  }

  @Test
  void isNoopWhenLiveOnlyAddsServerFields() {
    var change =
        diff(
            Fixtures.object("plan/configmap-desired.yaml"),
            null,
            Fixtures.object("plan/configmap-live.yaml"));

    assertThat(change.op()).isEqualTo(ChangeOp.NOOP);
    assertThat(change.waitTo()).isEqualTo(WaitOp.NOOP);
    assertThat(change.fields()).isEmpty();
  }

  @Test
  void ignoresLiveFieldsThatNeitherDesiredNorLastAppliedMention() {
    var desired = Fixtures.object("plan/configmap-desired.yaml");
    var live = Fixtures.object("plan/configmap-live.yaml");
    live.with("data").put("added-by-someone", "x");
    var lastApplied = desired.deepCopy();
    lastApplied.with("data").put("added-by-someone", "x");

    assertThat(diff(desired, desired.deepCopy(), live).op()).isEqualTo(ChangeOp.NOOP);
    assertThat(diff(desired, null, live).op()).isEqualTo(ChangeOp.NOOP);
    assertThat(diff(desired, null, live).applied().at("/data/added-by-someone").textValue())
        .isEqualTo("x");
    assertThat(paths(diff(desired, lastApplied, live))).containsExactly("data.added-by-someone");
    assertThat(diff(desired, lastApplied, live).fields().get(0).decidedBy())
        .isEqualTo("last-applied");
  }

  @Test
  void reportsTheSimpleAppEnvItemTurningFromValueToValueFrom() {
    var v1 = Fixtures.manifest("manifests/simple-app-v1.yml").resources().get(1).object();
    var v2 = Fixtures.manifest("manifests/simple-app-v2.yml").resources().get(1).object();

    var change = diff(v2, v1, v1);

    String env = "spec.template.spec.containers[name=simple-app].env[name=HELLO_MSG]";
    assertThat(change.op()).isEqualTo(ChangeOp.UPDATE);
    assertThat(change.waitTo()).isEqualTo(WaitOp.RECONCILE);
    assertThat(paths(change)).containsExactly(env + ".valueFrom", env + ".value");
    assertThat(change.fields().get(0).from()).isNull();
    assertThat(change.fields().get(0).to().at("/configMapKeyRef/key").textValue())
        .isEqualTo("hello_msg");
    assertThat(change.fields().get(1).from().textValue()).isEqualTo("stranger");
    assertThat(change.fields().get(1).to()).isNull();
  }

  @Test
  void reportsAnAddedListItemOnceAtItsOwnPath() {
    var before =
        yaml("kind: Pod\nmetadata: {name: p}\nspec: {containers: [{name: app, image: a}]}");
    var after =
        yaml(
            """
            kind: Pod
            metadata: {name: p}
            spec:
              containers:
              - {name: app, image: a}
              - {name: sidecar, image: s, args: [--x]}
            """);

    var change = diff(after, before, before);

    assertThat(paths(change)).containsExactly("spec.containers[name=sidecar]");
    assertThat(change.fields().get(0).to()).isEqualTo(after.at("/spec/containers/1"));
  }

  @Test
  void reportsARemovedSubtreeOnceWithoutToValue() {
    var before =
        yaml("kind: ConfigMap\nmetadata: {name: c, labels: {a: '1', b: '2'}}\ndata: {k: v}");
    var after = yaml("kind: ConfigMap\nmetadata: {name: c}\ndata: {k: v}");

    var change = diff(after, before, before);

    assertThat(paths(change)).containsExactly("metadata.labels");
    assertThat(change.fields().get(0).to()).isNull();
    assertThat(change.fields().get(0).from().size()).isEqualTo(2);
  }

  @Test
  void quotesKeysHoldingDotsBracketsOrQuotes() {
    var before =
        yaml("kind: X\nmetadata: {name: x, annotations: {deployment.kubernetes.io/revision: '1'}}");
    var after =
        yaml(
            """
            kind: X
            metadata:
              name: x
              annotations: {deployment.kubernetes.io/revision: '2', 'say "hi"': 'yes'}
            """);

    assertThat(paths(diff(after, before, before)))
        .containsExactly(
            "metadata.annotations[\"deployment.kubernetes.io/revision\"]",
            "metadata.annotations[\"say \\\"hi\\\"\"]");
  }

  @Test
  void comparesListsWithoutMergeKeyAsOneValue() {
    var before =
        yaml("kind: Pod\nmetadata: {name: p}\nspec: {containers: [{name: app, args: [a, b]}]}");
    var after =
        yaml("kind: Pod\nmetadata: {name: p}\nspec: {containers: [{name: app, args: [a, c]}]}");

    var change = diff(after, before, before);

    assertThat(paths(change)).containsExactly("spec.containers[name=app].args");
    assertThat(change.fields().get(0).to()).isEqualTo(after.at("/spec/containers/0/args"));
  }

  @Test
  void matchesPortsAndVolumeMountsByTheirMergeKeys() {
    var before = Fixtures.object("plan/pod-before.yaml");
    var after = Fixtures.object("plan/pod-after.yaml");
    var serviceBefore =
        yaml("kind: Service\nmetadata: {name: s}\nspec: {ports: [{port: 80, targetPort: 8080}]}");
    var serviceAfter =
        yaml("kind: Service\nmetadata: {name: s}\nspec: {ports: [{port: 80, targetPort: 9090}]}");

    assertThat(paths(diff(after, before, before)))
        .containsExactly(
            "spec.containers[name=app].ports[containerPort=8080].name",
            "spec.containers[name=app].volumeMounts[mountPath=/data].readOnly",
            "spec.volumes[name=data].hostPath",
            "spec.volumes[name=data].emptyDir");
    assertThat(paths(diff(serviceAfter, serviceBefore, serviceBefore)))
        .containsExactly("spec.ports[port=80].targetPort");
  }

  @Test
  void comparesAKeyedListWholeWhenAnItemLacksItsKey() {
    var before =
        yaml("kind: Pod\nmetadata: {name: p}\nspec: {containers: [{name: app, image: a}]}");
    var after = yaml("kind: Pod\nmetadata: {name: p}\nspec: {containers: [{image: b}]}");

    assertThat(paths(diff(after, before, before))).containsExactly("spec.containers");
  }

  @Test
  void treatsNullsEmptyMapsAndEmptyListsAsAbsent() {
    var desired =
        yaml(
            """
            kind: ConfigMap
            metadata: {name: c, annotations: {}, labels: {gone: null}, finalizers: []}
            data: {k: v, empty: null}
            """);
    var lastApplied = yaml("kind: ConfigMap\nmetadata: {name: c}\ndata: {k: v}");

    assertThat(diff(desired, lastApplied, lastApplied).op()).isEqualTo(ChangeOp.NOOP);
  }

  @Test
  void comparesNumbersByValue() throws Exception {
    var desired = yaml("kind: Deployment\nmetadata: {name: d}\nspec: {replicas: 2}");
    var storedAsDouble =
        (ObjectNode)
            new ObjectMapper()
                .readTree(
                    "{\"kind\":\"Deployment\",\"metadata\":{\"name\":\"d\"},\"spec\":{\"replicas\":2.0}}");
    var storedAsLong = desired.deepCopy();
    storedAsLong.with("spec").put("replicas", 2L);
    var three = yaml("kind: Deployment\nmetadata: {name: d}\nspec: {replicas: 3}");

    assertThat(diff(desired, storedAsDouble, storedAsDouble).op()).isEqualTo(ChangeOp.NOOP);
    assertThat(diff(desired, storedAsLong, storedAsLong).op()).isEqualTo(ChangeOp.NOOP);
    assertThat(paths(diff(desired, three, three))).containsExactly("spec.replicas");
  }

  @Test
  void leavesItsArgumentsUnchanged() {
    var desired = Fixtures.object("plan/secret-desired.yaml");
    var lastApplied = Fixtures.object("plan/secret-last-applied.yaml");
    var desiredBefore = desired.deepCopy();
    var lastAppliedBefore = lastApplied.deepCopy();

    var change = diff(desired, lastApplied, lastApplied);
    change.applied().put("kind", "Changed");

    assertThat(desired).isEqualTo(desiredBefore);
    assertThat(lastApplied).isEqualTo(lastAppliedBefore);
  }
}
