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
}
