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
}
