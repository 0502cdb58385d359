package io.driftless.diff.plan;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.diff.Fixtures;
import io.driftless.diff.resources.Manifest;
import io.driftless.diff.resources.ResourceKey;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** kapp's versioned resources on redis-with-configmap.yml: -ver-N names and rewritten refs. */
class VersionedResourcesTest {

  private final DiffEngine engine = new DiffEngine();
  private final Manifest redis = Fixtures.manifest("manifests/redis-with-configmap.yml");

  private static Map<ResourceKey, ObjectNode> applied(ChangeSet plan) {
    var objects = new LinkedHashMap<ResourceKey, ObjectNode>();
    plan.changes().forEach(c -> objects.put(c.key(), c.applied()));
    return objects;
  }

  private ChangeSet redeploy(Manifest manifest, ChangeSet before) {
    var objects = applied(before);
    return engine.plan(
        new PlanInput(
            manifest.resources(), objects, objects, new LinkedHashSet<>(objects.keySet())));
  }

  private static String volumeConfigMap(ChangeSet plan) {
    return plan.changes().stream()
        .filter(c -> c.key().kind().equals("Pod"))
        .findFirst()
        .orElseThrow()
        .applied()
        .at("/spec/volumes/1/configMap/name")
        .asText();
  }

  @Test
  void createsVersionOneAndPointsThePodAtIt() {
    var plan = engine.plan(PlanInput.fresh(redis.resources()));

    assertThat(plan.changes()).extracting(c -> c.key().name()).contains("redis-config-ver-1");
    assertThat(volumeConfigMap(plan)).isEqualTo("redis-config-ver-1");
  }

  @Test
  void keepsTheVersionWhileTheContentIsTheSame() {
    var first = engine.plan(PlanInput.fresh(redis.resources()));

    var again = redeploy(redis, first);

    assertThat(again.hasChanges()).isFalse();
  }

  @Test
  void changedContentMakesTheNextVersionAndKeepsTheOldOne() {
    var first = engine.plan(PlanInput.fresh(redis.resources()));
    var changed = Fixtures.manifest("manifests/redis-with-configmap.yml");
    changed.resources().stream()
        .filter(r -> r.kind().equals("ConfigMap"))
        .forEach(r -> r.object().with("data").put("extra", "1"));

    var second = redeploy(changed, first);

    assertThat(second.changes())
        .extracting(c -> c.op() + " " + c.key().name())
        .contains("CREATE redis-config-ver-2", "NOOP redis-config-ver-1", "UPDATE redis");
    assertThat(volumeConfigMap(second)).isEqualTo("redis-config-ver-2");
  }

  private static String config(String value, String numVersions) {
    return "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: config\n  annotations:\n"
        + "    kapp.k14s.io/versioned: \"\"\n"
        + (numVersions == null ? "" : "    kapp.k14s.io/num-versions: \"" + numVersions + "\"\n")
        + "data:\n  key1: "
        + value
        + "\n";
  }

  /** Deploys the manifests one after the other; returns the last plan. */
  private ChangeSet deployInTurn(String... manifests) {
    var cluster = new LinkedHashMap<ResourceKey, ObjectNode>();
    ChangeSet plan = null;
    for (String yaml : manifests) {
      var manifest = io.driftless.diff.resources.ManifestParser.parseYaml(yaml, "default");
      plan =
          engine.plan(
              new PlanInput(
                  manifest.resources(), cluster, cluster, new LinkedHashSet<>(cluster.keySet())));
      for (Change change : plan.changes()) {
        if (change.op() == ChangeOp.DELETE) {
          cluster.remove(change.key());
        } else {
          cluster.put(change.key(), change.applied());
        }
      }
    }
    return plan;
  }

  private static java.util.List<String> opsAndNames(ChangeSet plan) {
    return plan.changes().stream().map(c -> c.op().wireName() + " " + c.key().name()).toList();
  }

  /** kapp's e2e TestTemplate: config-ver-2 is a create showing the update of config-ver-1. */
  @Test
  void newVersionIsACreateDiffedAgainstThePreviousVersion() {
    var plan = deployInTurn(config("val1", null), config("val2", null));

    var created = plan.changes().get(0);
    assertThat(created.op()).isEqualTo(ChangeOp.CREATE);
    assertThat(created.key().name()).isEqualTo("config-ver-2");
    assertThat(created.fields())
        .singleElement()
        .satisfies(
            f -> {
              assertThat(f.path()).isEqualTo("data.key1");
              assertThat(f.from().asText()).isEqualTo("val1");
              assertThat(f.to().asText()).isEqualTo("val2");
            });
    String diff = io.driftless.diff.report.ChangeDiff.render(created, 2, true);
    assertThat(diff)
        .startsWith("@@ create configmap/config-ver-2 (v1) namespace: default @@\n")
        .contains("  2     -   key1: val1\n", "      2 +   key1: val2\n")
        .doesNotContain("name: config-ver");
    assertThat(opsAndNames(plan)).containsExactly("create config-ver-2", "noop config-ver-1");
  }

  /** kapp keeps num-versions existing versions; the new one comes on top. */
  @Test
  void keepsNumVersionsExistingVersionsAsKappDoes() {
    var third = deployInTurn(config("a", "2"), config("b", "2"), config("c", "2"));
    var fourth =
        deployInTurn(config("a", "2"), config("b", "2"), config("c", "2"), config("d", "2"));

    assertThat(opsAndNames(third))
        .containsExactly("create config-ver-3", "noop config-ver-2", "noop config-ver-1");
    assertThat(opsAndNames(fourth))
        .containsExactly(
            "create config-ver-4", "noop config-ver-3", "noop config-ver-2", "delete config-ver-1");
  }

  @Test
  void anUnchangedRedeployDeletesNoVersion() {
    // kapp would delete config-ver-1 here (it counts the current version among the kept ones);
    // Driftless trims only when a new version comes, so an unchanged redeploy is no change.
    var again = deployInTurn(config("a", "1"), config("b", "1"), config("b", "1"));

    assertThat(opsAndNames(again)).containsExactly("noop config-ver-2", "noop config-ver-1");
    assertThat(again.hasChanges()).isFalse();
  }

  @Test
  void theNextNewVersionTrimsToNumVersions() {
    var third =
        deployInTurn(config("a", "1"), config("b", "1"), config("b", "1"), config("c", "1"));

    // num-versions 1: one existing version stays beside the new one.
    assertThat(opsAndNames(third))
        .containsExactly("create config-ver-3", "noop config-ver-2", "delete config-ver-1");
  }

  @Test
  void refusesANumVersionsThatIsNoPositiveInteger() {
    for (String bad : java.util.List.of("two", "0", "-1")) {
      org.assertj.core.api.Assertions.assertThatThrownBy(() -> deployInTurn(config("a", bad)))
          .isInstanceOf(io.driftless.diff.resources.ManifestException.class)
          .hasMessageContaining("num-versions");
    }
  }
}
