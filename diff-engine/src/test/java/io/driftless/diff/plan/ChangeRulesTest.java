package io.driftless.diff.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.driftless.diff.resources.ManifestException;
import io.driftless.diff.resources.ManifestParser;
import org.junit.jupiter.api.Test;

/** kapp's change-group and change-rule annotations order changes; a cycle is a clear error. */
class ChangeRulesTest {

  private final DiffEngine engine = new DiffEngine();

  private static String configMap(String name, String annotations) {
    return "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: "
        + name
        + "\n  annotations:\n"
        + annotations
        + "---\n";
  }

  private ChangeSet plan(String yaml) {
    var manifest = ManifestParser.parseYaml(yaml, "default");
    return engine.plan(PlanInput.fresh(manifest.resources()).withConfigs(manifest.configs()));
  }

  @Test
  void runsMigrationsBeforeTheAppAndTheHealthCheckAfterIt() {
    var plan =
        plan(
            configMap(
                    "health-check",
                    "    kapp.k14s.io/change-rule: upsert after upserting apps.big.co/deployment\n")
                + configMap(
                    "app",
                    "    kapp.k14s.io/change-group: apps.big.co/deployment\n"
                        + "    kapp.k14s.io/change-rule.1: upsert after upserting"
                        + " apps.big.co/db-migrations\n")
                + configMap(
                    "migrations", "    kapp.k14s.io/change-group: apps.big.co/db-migrations\n"));

    assertThat(plan.changes())
        .extracting(c -> c.key().name())
        .containsExactly("migrations", "app", "health-check");
  }

  @Test
  void refusesRulesThatFormACycle() {
    String yaml =
        configMap(
                "a",
                "    kapp.k14s.io/change-group: g/a\n"
                    + "    kapp.k14s.io/change-rule: upsert after upserting g/b\n")
            + configMap(
                "b",
                "    kapp.k14s.io/change-group: g/b\n"
                    + "    kapp.k14s.io/change-rule: upsert after upserting g/a\n");

    assertThatThrownBy(() -> plan(yaml))
        .isInstanceOf(ManifestException.class)
        .hasMessageContaining("cycle")
        .satisfies(
            e ->
                assertThat(((ManifestException) e).details())
                    .containsExactlyInAnyOrder(
                        "create core/ConfigMap/default/a waits for create core/ConfigMap/default/b",
                        "create core/ConfigMap/default/b waits for create core/ConfigMap/default/a"));
  }

  @Test
  void refusesARuleNotInKappsFormat() {
    assertThatThrownBy(() -> plan(configMap("a", "    kapp.k14s.io/change-rule: after g/b\n")))
        .isInstanceOf(ManifestException.class)
        .hasMessageContaining("kapp's format");
  }

  @Test
  void deletesBeforeUpsertingWhenARuleSaysSo() {
    var old = ManifestParser.parseYaml(configMap("old", "    a: b\n"), "default");
    var next =
        ManifestParser.parseYaml(
            configMap("new", "    kapp.k14s.io/change-group: g/new\n"), "default");
    var oldObject = old.resources().get(0).object();
    var keys = new java.util.LinkedHashSet<>(java.util.List.of(old.resources().get(0).key()));
    var live = java.util.Map.of(old.resources().get(0).key(), oldObject);
    var annotated = oldObject.deepCopy();
    annotated
        .with("metadata")
        .with("annotations")
        .put("kapp.k14s.io/change-rule", "delete before upserting g/new");
    var lastApplied = java.util.Map.of(old.resources().get(0).key(), annotated);

    var plan = engine.plan(new PlanInput(next.resources(), lastApplied, java.util.Map.of(), keys));

    assertThat(plan.changes())
        .extracting(c -> c.op() + " " + c.key().name())
        .containsExactly("DELETE old", "CREATE new");
    assertThat(live).isNotEmpty();
  }

  /** kapp's e2e TestOrder, "deploy ordered": four waves of 4, 1, 1 and 1 ConfigMaps. */
  @Test
  void appliesKappsOrderedExampleInFourWaves() {
    var plan =
        plan(
            configMap("app-config", "    a: b\n")
                + configMap(
                    "import-etcd-into-db",
                    "    kapp.k14s.io/change-group: apps.big.co/import-etcd-into-db\n"
                        + "    kapp.k14s.io/change-rule: upsert before deleting apps.big.co/etcd\n")
                + configMap(
                    "migrations",
                    "    kapp.k14s.io/change-group: apps.big.co/db-migrations\n"
                        + "    kapp.k14s.io/change-rule: upsert after upserting"
                        + " apps.big.co/import-etcd-into-db\n")
                + configMap("app-ing", "    kapp.k14s.io/change-group: apps.big.co/deployment\n")
                + configMap("app-svc", "    kapp.k14s.io/change-group: apps.big.co/deployment\n")
                + configMap(
                    "app",
                    "    kapp.k14s.io/change-group: apps.big.co/deployment\n"
                        + "    kapp.k14s.io/change-rule: upsert after upserting"
                        + " apps.big.co/db-migrations\n")
                + configMap(
                    "app-health-check",
                    "    kapp.k14s.io/change-rule: upsert after upserting"
                        + " apps.big.co/deployment\n"));

    assertThat(ApplyOrderTest.waves(plan))
        .containsExactly(
            java.util.List.of(
                "ConfigMap/app-config",
                "ConfigMap/import-etcd-into-db",
                "ConfigMap/app-ing",
                "ConfigMap/app-svc"),
            java.util.List.of("ConfigMap/migrations"),
            java.util.List.of("ConfigMap/app"),
            java.util.List.of("ConfigMap/app-health-check"));
  }

  /** kapp's e2e TestOrder, "upsert before delete": the delete waits for the create. */
  @Test
  void deletesAfterTheUpsertThatMustGoBeforeIt() {
    var old =
        ManifestParser.parseYaml(
            configMap(
                "import-etcd-into-db",
                "    kapp.k14s.io/change-group: apps.big.co/import-etcd-into-db\n"),
            "default");
    var next =
        ManifestParser.parseYaml(
            configMap(
                "app-config2",
                "    kapp.k14s.io/change-rule: upsert before deleting"
                    + " apps.big.co/import-etcd-into-db\n"),
            "default");
    var key = old.resources().get(0).key();
    var objects = java.util.Map.of(key, old.resources().get(0).object());

    var plan =
        engine.plan(new PlanInput(next.resources(), objects, objects, java.util.Set.of(key)));

    assertThat(ApplyOrderTest.waves(plan))
        .containsExactly(
            java.util.List.of("ConfigMap/app-config2"),
            java.util.List.of("ConfigMap/import-etcd-into-db"));
    assertThat(plan.changes())
        .extracting(Change::op)
        .containsExactly(ChangeOp.CREATE, ChangeOp.DELETE);
  }

  /** kapp's TestChangeGraphCircularSelf: a change waiting for its own group is a cycle. */
  @Test
  void refusesARuleThatMakesAChangeWaitForItself() {
    String yaml =
        configMap(
            "job1",
            "    kapp.k14s.io/change-group: apps.big.co/job1\n"
                + "    kapp.k14s.io/change-rule: upsert before upserting apps.big.co/job1\n");

    assertThatThrownBy(() -> plan(yaml))
        .isInstanceOf(ManifestException.class)
        .satisfies(
            e ->
                assertThat(((ManifestException) e).details())
                    .containsExactly(
                        "create core/ConfigMap/default/job1 waits for create"
                            + " core/ConfigMap/default/job1"));
  }

  /** An ignoreIfCyclical rule that would close a cycle is left out, the others stay. */
  @Test
  void dropsOnlyTheWaitsOfOptionalRulesThatWouldCloseACycle() {
    String config =
        "apiVersion: kapp.k14s.io/v1alpha1\nkind: Config\nchangeRuleBindings:\n"
            + "- rules: [upsert after upserting g/all]\n"
            + "  ignoreIfCyclical: true\n"
            + "  resourceMatchers:\n"
            + "  - kindNamespaceNameMatcher: {kind: ConfigMap, namespace: default, name: a}\n"
            + "---\n";
    var plan =
        plan(
            config
                + configMap(
                    "a",
                    "    kapp.k14s.io/change-group: g/a\n    kapp.k14s.io/change-group.2: g/all\n")
                + configMap(
                    "b",
                    "    kapp.k14s.io/change-group: g/all\n"
                        + "    kapp.k14s.io/change-rule: upsert after upserting g/a\n")
                + configMap("c", "    kapp.k14s.io/change-group: g/all\n"));

    // a would wait for b (which waits for a: dropped) and c (kept)
    assertThat(ApplyOrderTest.waves(plan))
        .containsExactly(
            java.util.List.of("ConfigMap/c"),
            java.util.List.of("ConfigMap/a"),
            java.util.List.of("ConfigMap/b"));
  }
}
