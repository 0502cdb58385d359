package io.driftless.diff.plan;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.diff.report.ChangesTable;
import io.driftless.diff.resources.KappAnnotations;
import io.driftless.diff.resources.Manifest;
import io.driftless.diff.resources.ManifestParser;
import io.driftless.diff.resources.ResourceKey;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * kapp's resource annotations in a plan, with the inputs and expected ops and summaries of kapp's
 * e2e tests ({@code test/e2e/noop_ann_test.go}, {@code exists_ann_test.go}, {@code
 * update_replace_test.go}, {@code create_fallback_on_update_test.go}, {@code
 * delete_orphan_test.go}, {@code delete_inoperable_test.go}) and docs ({@code docs/apply.md}).
 */
class KappAnnotationsPlanTest {

  private static final String NOTHING =
      "Op: 0 create, 0 delete, 0 update, 0 noop, 0 exists / Wait to: 0 reconcile, 0 delete, 0 noop";

  private final DiffEngine engine = new DiffEngine();

  /** A cluster as the plans see it: what was applied, with the server's fields. */
  private final Map<ResourceKey, ObjectNode> cluster = new LinkedHashMap<>();

  private final Map<ResourceKey, ObjectNode> lastApplied = new LinkedHashMap<>();

  private static Manifest manifest(String yaml) {
    return ManifestParser.parseYaml(yaml, "kapp-test");
  }

  private ChangeSet plan(String yaml) {
    return plan(yaml, null);
  }

  private ChangeSet plan(String yaml, String nonce) {
    var input =
        new PlanInput(
                manifest(yaml).resources(),
                lastApplied,
                cluster,
                new LinkedHashSet<>(lastApplied.keySet()))
            .withNonce(nonce);
    return engine.plan(input);
  }

  /** Writes what a deploy of the plan writes (not noops, exists or skipped updates). */
  private void apply(ChangeSet plan) {
    for (Change change : plan.changes()) {
      if (change.op() == ChangeOp.DELETE) {
        cluster.remove(change.key());
        lastApplied.remove(change.key());
      } else if (change.writes()) {
        var stored = change.applied().deepCopy();
        stored.with("metadata").put("uid", "u-" + change.key().name()).put("resourceVersion", "1");
        cluster.put(change.key(), stored);
        lastApplied.put(change.key(), change.intended().deepCopy());
      }
    }
  }

  /** Something another app created. */
  private void existsOutsideTheApp(String yaml) {
    manifest(yaml).resources().forEach(r -> cluster.put(r.key(), r.object().deepCopy()));
  }

  private static List<String> shown(ChangeSet plan) {
    return plan.shown().stream()
        .map(c -> c.op().wireName() + " " + c.key().kind() + "/" + c.key().name())
        .toList();
  }

  private static final String NOOP_APP =
      """
      apiVersion: v1
      kind: Namespace
      metadata:
        name: kapp-ns
      ---
      apiVersion: v1
      kind: ConfigMap
      metadata:
        name: external
        annotations:
          kapp.k14s.io/noop: ""
      """;

  @Test
  void noopAnnotationNeverCreatesAndKappNeitherListsNorCountsIt() {
    var plan = plan(NOOP_APP);

    assertThat(shown(plan)).containsExactly("create Namespace/kapp-ns");
    assertThat(plan.summary())
        .isEqualTo(
            "Op: 1 create, 0 delete, 0 update, 0 noop, 0 exists / Wait to: 1 reconcile, 0 delete, 0 noop");
    assertThat(plan.changes())
        .filteredOn(c -> c.key().name().equals("external"))
        .singleElement()
        .satisfies(c -> assertThat(c.op()).isEqualTo(ChangeOp.NOOP))
        .satisfies(c -> assertThat(c.writes()).isFalse());
  }

  @Test
  void noopAnnotationLeavesAnExistingResourceAlone() {
    apply(plan(NOOP_APP));
    existsOutsideTheApp("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: external\n");

    var plan = plan(NOOP_APP);

    assertThat(plan.shown()).isEmpty();
    assertThat(plan.summary()).isEqualTo(NOTHING);
    assertThat(plan.hasChanges()).isFalse();
  }

  private static final String EXISTS_APP =
      """
      apiVersion: v1
      kind: Namespace
      metadata:
        name: external
        annotations:
          kapp.k14s.io/exists: ""
      ---
      apiVersion: v1
      kind: ConfigMap
      metadata:
        name: kapp-config
        namespace: external
      """;

  @Test
  void existsAnnotationWaitsForAMissingResourceWithoutCreatingIt() {
    var plan = plan(EXISTS_APP);

    assertThat(shown(plan))
        .containsExactly("exists Namespace/external", "create ConfigMap/kapp-config");
    assertThat(plan.summary())
        .isEqualTo(
            "Op: 1 create, 0 delete, 0 update, 0 noop, 1 exists / Wait to: 2 reconcile, 0 delete, 0 noop");
    assertThat(plan.shown().get(0).writes()).isFalse();
    assertThat(plan.shown().get(0).waitTo()).isEqualTo(WaitOp.RECONCILE);
  }

  @Test
  void existsAnnotationOnAnExistingResourceIsUnchangedEvenWhenItDiffers() {
    apply(plan(EXISTS_APP));
    existsOutsideTheApp(
        "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: external\n  labels: {owner: other}\n");

    var plan =
        plan(
            EXISTS_APP.replace("kapp.k14s.io/exists: \"\"", "kapp.k14s.io/exists: \"\"\n    x: y"));

    assertThat(plan.shown()).isEmpty();
    assertThat(plan.summary()).isEqualTo(NOTHING);
    assertThat(plan.changes()).allSatisfy(c -> assertThat(c.op()).isEqualTo(ChangeOp.NOOP));
  }

  private static final String SERVICE =
      """
      apiVersion: v1
      kind: Service
      metadata:
        name: redis-primary
      spec:
        ports:
        - port: 6380
          targetPort: 6380
        selector:
          app: redis
          tier: backend
      """;

  private static String annotated(String yaml, String annotation, String value) {
    return yaml.replace(
        "  name: redis-primary\n",
        "  name: redis-primary\n  annotations:\n    " + annotation + ": " + value + "\n");
  }

  @Test
  void updateStrategyNamesTheUpdate() {
    apply(plan(SERVICE));
    var yaml2 =
        annotated(SERVICE, KappAnnotations.UPDATE_STRATEGY, "always-replace")
            .replace("spec:\n", "spec:\n  clusterIP: None\n");

    var update = plan(yaml2).shown();

    assertThat(update)
        .singleElement()
        .satisfies(c -> assertThat(c.op()).isEqualTo(ChangeOp.UPDATE));
    assertThat(update.get(0).opStrategy()).isEqualTo("always-replace");
    assertThat(update.get(0).writes()).isTrue();
  }

  @Test
  void skipUpdateStrategyListsTheUpdateButWritesNothing() {
    apply(plan(SERVICE));
    var yaml2 = annotated(SERVICE, KappAnnotations.UPDATE_STRATEGY, "skip").replace("6380", "6381");

    var plan = plan(yaml2);

    // kapp's changes view: op update, Op st. skip, wait to reconcile; UpdateSkipStrategy applies
    // nothing
    assertThat(shown(plan)).containsExactly("update Service/redis-primary");
    assertThat(plan.shown().get(0).opStrategy()).isEqualTo("skip");
    assertThat(plan.shown().get(0).waitTo()).isEqualTo(WaitOp.RECONCILE);
    assertThat(plan.hasChanges()).isFalse();
    assertThat(ChangesTable.render(plan))
        .contains("kapp-test  redis-primary  Service  update  skip    reconcile");
  }

  @Test
  void createStrategyNamesTheCreate() {
    var plan = plan(annotated(SERVICE, KappAnnotations.CREATE_STRATEGY, "fallback-on-update"));

    assertThat(plan.shown())
        .singleElement()
        .satisfies(c -> assertThat(c.op()).isEqualTo(ChangeOp.CREATE));
    assertThat(plan.shown().get(0).opStrategy()).isEqualTo("fallback-on-update");
    assertThat(ChangesTable.render(plan)).contains("create  fallback on update  reconcile");
  }

  @Test
  void deleteStrategyComesFromTheLiveObject() {
    apply(plan(annotated(SERVICE, KappAnnotations.DELETE_STRATEGY, "orphan")));

    var plan = plan("");

    assertThat(shown(plan)).containsExactly("delete Service/redis-primary");
    assertThat(plan.shown().get(0).opStrategy()).isEqualTo("orphan");
  }

  @Test
  void namespacesKappNeverDeletesAreOrphaned() {
    apply(plan("apiVersion: v1\nkind: Namespace\nmetadata:\n  name: default\n"));

    var plan = plan("");

    assertThat(plan.shown())
        .singleElement()
        .satisfies(c -> assertThat(c.opStrategy()).isEqualTo("orphan"));
  }

  @Test
  void plainOpsHaveNoStrategy() {
    var plan = plan(SERVICE);

    assertThat(plan.shown()).singleElement().satisfies(c -> assertThat(c.opStrategy()).isEmpty());
    assertThat(ChangesTable.render(plan)).contains("create  -       reconcile");
  }

  @Test
  void disableWaitWaitsForNothing() {
    var plan = plan(annotated(SERVICE, KappAnnotations.DISABLE_WAIT, "\"\""));

    assertThat(plan.shown())
        .singleElement()
        .satisfies(c -> assertThat(c.waitTo()).isEqualTo(WaitOp.NOOP));
    assertThat(plan.summary())
        .isEqualTo(
            "Op: 1 create, 0 delete, 0 update, 0 noop, 0 exists / Wait to: 0 reconcile, 0 delete, 1 noop");
  }

  private static final String JOB =
      """
      apiVersion: batch/v1
      kind: Job
      metadata:
        name: migrate
        annotations:
          kapp.k14s.io/nonce: ""
      spec:
        template:
          spec:
            restartPolicy: Never
            containers:
            - name: migrate
              image: alpine:3.15.0
      """;

  @Test
  void nonceGetsTheDeploysFreshValue() {
    var plan = plan(JOB, "1700000000000000001");

    assertThat(plan.shown().get(0).applied().at("/metadata/annotations"))
        .hasToString("{\"kapp.k14s.io/nonce\":\"1700000000000000001\"}");
  }

  @Test
  void nonceUpdatesTheResourceAtEveryDeployAndShowsTheAnnotation() {
    apply(plan(JOB, "1700000000000000001"));

    var plan = plan(JOB, "1700000000000000002");

    assertThat(shown(plan)).containsExactly("update Job/migrate");
    assertThat(plan.shown().get(0).fields())
        .singleElement()
        .satisfies(
            f -> {
              assertThat(f.path()).isEqualTo("metadata.annotations[\"kapp.k14s.io/nonce\"]");
              assertThat(f.from().asText()).isEqualTo("1700000000000000001");
              assertThat(f.to().asText()).isEqualTo("1700000000000000002");
            });
  }

  @Test
  void nonceWithoutAFreshValueKeepsTheLiveOne() {
    apply(plan(JOB, "1700000000000000001"));

    var plan = plan(JOB, null);

    assertThat(plan.summary()).isEqualTo(NOTHING);
  }

  @Test
  void singleResourceDiffFollowsKappsOpAndStillSaysNoopForUnchanged() {
    var noop = manifest(NOOP_APP).resources().get(1);
    var exists = manifest(EXISTS_APP).resources().get(0);
    var plain = manifest(SERVICE).resources().get(0);
    var live = plain.object().deepCopy();

    assertThat(engine.diff(noop.key(), "v1", noop.object(), null, null).op())
        .isEqualTo(ChangeOp.NOOP);
    assertThat(engine.diff(exists.key(), "v1", exists.object(), null, null).op())
        .isEqualTo(ChangeOp.EXISTS);
    assertThat(engine.diff(exists.key(), "v1", exists.object(), null, exists.object()).op())
        .isEqualTo(ChangeOp.NOOP);
    assertThat(engine.diff(plain.key(), "v1", plain.object(), null, live).op().wireName())
        .isEqualTo("noop");
  }

  @Test
  void unknownKappAnnotationsAreWarnings() {
    var yaml =
        annotated(SERVICE, "kapp.k14s.io/disable-wiat", "\"\"")
            .replace("  annotations:\n", "  annotations:\n    kapp.k14s.io/change-group.x: g\n");

    var plan = plan(yaml);

    assertThat(plan.warnings())
        .containsExactly(
            "Unknown annotation 'kapp.k14s.io/disable-wiat' on resource 'service/redis-primary (v1)"
                + " namespace: kapp-test' (kapp does not read it; it has no effect)");
    assertThat(plan(SERVICE).warnings()).isEmpty();
  }
}
