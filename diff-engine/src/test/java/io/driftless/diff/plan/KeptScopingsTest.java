package io.driftless.diff.plan;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.diff.config.KappConfig;
import io.driftless.diff.resources.ManifestFormat;
import io.driftless.diff.resources.ManifestLimits;
import io.driftless.diff.resources.ManifestParser;
import io.driftless.diff.resources.Resource;
import io.driftless.diff.resources.ResourceKey;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A plan of the same objects again gets the kept label scoping, the very scoped objects; other
 * objects, another live object, other labels or other Configs are scoped anew, with kapp's rules.
 */
class KeptScopingsTest {

  private static final String DEPLOYMENT =
      """
      apiVersion: apps/v1
      kind: Deployment
      metadata:
        name: web
        namespace: default
      spec:
        selector:
          matchLabels:
            app: web
        template:
          metadata:
            labels:
              app: web
          spec:
            containers:
            - name: web
              image: nginx
      """;

  private static final LabelScoping APP_1 =
      new LabelScoping(Map.of("driftless.io/app", "app-1"), true);

  private final KeptScopings kept = new KeptScopings(4);
  private final List<ObjectNode> configs = List.of();
  private int scoped;

  private static List<Resource> desired() {
    return new ManifestParser(ManifestLimits.defaults())
        .parse(DEPLOYMENT, ManifestFormat.YAML, "default")
        .resources();
  }

  private List<Resource> scope(
      List<Resource> desired, Map<ResourceKey, ObjectNode> live, LabelScoping scoping) {
    return kept.scoped(
        configs,
        scoping,
        desired,
        live,
        () -> {
          scoped++;
          return new ScopedLabels(KappConfig.defaults(), scoping).apply(desired, live);
        });
  }

  private static String selectorLabel(List<Resource> resources) {
    return resources
        .get(0)
        .object()
        .at("/spec/selector/matchLabels")
        .path("driftless.io/app")
        .asText(null);
  }

  @Test
  void theSameObjectsAgainGetTheKeptScopedObjects() {
    var desired = desired();
    var live = new HashMap<ResourceKey, ObjectNode>();

    var first = scope(desired, live, APP_1);
    var again = scope(List.copyOf(desired), Map.copyOf(live), APP_1);

    assertThat(scoped).isEqualTo(1);
    assertThat(again.get(0)).isSameAs(first.get(0));
    assertThat(selectorLabel(first)).isEqualTo("app-1");
    assertThat(desired.get(0).object().at("/spec/selector/matchLabels").has("driftless.io/app"))
        .as("the desired object itself is left as it was")
        .isFalse();
  }

  @Test
  void anotherLiveObjectOtherLabelsOrEqualButOtherObjectsAreScopedAnew() {
    var desired = desired();
    scope(desired, Map.of(), APP_1);

    // deployed before scoping: its live selector lacks the label, so the app stays unscoped
    var unscopedLive = desired.get(0).object().deepCopy();
    var keptAsLive = scope(desired, Map.of(desired.get(0).key(), unscopedLive), APP_1);
    var otherApp =
        scope(desired, Map.of(), new LabelScoping(Map.of("driftless.io/app", "app-2"), true));
    scope(desired(), Map.of(), APP_1);

    assertThat(scoped).isEqualTo(4);
    assertThat(selectorLabel(keptAsLive)).isNull();
    assertThat(selectorLabel(otherApp)).isEqualTo("app-2");
  }

  @Test
  void keepsAtMostItsCapacity() {
    for (int i = 0; i < 6; i++) {
      scope(desired(), Map.of(), APP_1);
    }

    assertThat(kept.size()).isEqualTo(4);
  }
}
