package io.driftless.command.plan;

import static org.assertj.core.api.Assertions.assertThat;

import io.driftless.command.app.AppState;
import io.driftless.command.resource.ResourceState;
import io.driftless.diff.resources.ManifestParser;
import io.driftless.diff.resources.Resource;
import io.driftless.diff.resources.ResourceKey;
import io.driftless.events.GhostDiffPolicy;
import io.driftless.events.ResourceRef;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The rebase rules Driftless adds on its own: an HPA target's replicas, yielded fields. */
class PlanRulesTest {

  private static List<Resource> parse(String yaml) {
    return ManifestParser.parseYaml(yaml, "default").resources();
  }

  private static String hpa(String apiVersion, String kind, String target) {
    return """
        apiVersion: %s
        kind: HorizontalPodAutoscaler
        metadata: {name: hpa-%s}
        spec:
          scaleTargetRef: {apiVersion: apps/v1, kind: %s, name: %s}
          maxReplicas: 5
        """
        .formatted(apiVersion, target, kind, target);
  }

  private static String workload(String kind, String name) {
    return """
        apiVersion: apps/v1
        kind: %s
        metadata: {name: %s}
        spec: {replicas: 2}
        """
        .formatted(kind, name);
  }

  @Test
  void anHpaOfTheSetKeepsItsTargetsReplicas() {
    var desired =
        parse(
            String.join(
                "---\n",
                workload("Deployment", "web"),
                hpa("autoscaling/v2", "Deployment", "web"),
                workload("StatefulSet", "db"),
                hpa("autoscaling/v1", "StatefulSet", "db")));

    var configs = PlanRules.hpaTargets(desired);

    assertThat(configs).hasSize(2);
    var rule = configs.get(0).path("rebaseRules").get(0);
    assertThat(rule.path("name").asText()).isEqualTo("hpa-replicas");
    assertThat(rule.path("paths").toString()).isEqualTo("[[\"spec\",\"replicas\"]]");
    assertThat(rule.path("sources").toString()).isEqualTo("[\"existing\",\"new\"]");
    assertThat(rule.at("/resourceMatchers/0/kindNamespaceNameMatcher").toString())
        .isEqualTo("{\"kind\":\"Deployment\",\"namespace\":\"default\",\"name\":\"web\"}");
    assertThat(configs.get(1).toString()).contains("\"kind\":\"StatefulSet\"", "\"name\":\"db\"");
  }

  @Test
  void anHpaWhoseTargetIsNotInTheSetAddsNothing() {
    assertThat(PlanRules.hpaTargets(parse(hpa("autoscaling/v2", "Deployment", "elsewhere"))))
        .isEmpty();
    var otherKind =
        workload("Deployment", "web") + "---\n" + hpa("autoscaling/v2", "Rollout", "web");
    assertThat(PlanRules.hpaTargets(parse(otherKind))).isEmpty();
  }

  private static AppState app(GhostDiffPolicy policy, long yieldSince) {
    return new AppState("default/web", 5, null, Map.of(), true, null, policy, yieldSince, null);
  }

  private static Map<ResourceKey, ResourceState> yielded(String changeId) {
    var ref = new ResourceRef("apps/v1", "Deployment", "default", "web");
    var state = new ResourceState(ref, Map.of(), "1", 1, null, Map.of("spec.replicas", changeId));
    return Map.of(new ResourceKey("apps", "Deployment", "default", "web"), state);
  }

  @Test
  void yieldedFieldsKeepTheirLiveValueOnlyUnderTheYieldInForce() {
    var configs =
        PlanRules.yielded(
            app(GhostDiffPolicy.YIELD, 3), GhostDiffPolicy.YIELD, yielded("web-change-000004"));
    assertThat(configs).hasSize(1);
    assertThat(configs.get(0).at("/rebaseRules/0/name").asText()).isEqualTo("ghost-diff-yield");

    assertThat(
            PlanRules.yielded(
                app(GhostDiffPolicy.YIELD, 3),
                GhostDiffPolicy.REPORT,
                yielded("web-change-000004")))
        .as("a deploy under report")
        .isEmpty();
    assertThat(
            PlanRules.yielded(
                app(GhostDiffPolicy.YIELD, 5), GhostDiffPolicy.YIELD, yielded("web-change-000004")))
        .as("yielded before yield was turned on again")
        .isEmpty();
    assertThat(
            PlanRules.yielded(
                app(GhostDiffPolicy.REPORT, 0),
                GhostDiffPolicy.YIELD,
                yielded("web-change-000004")))
        .as("a deploy that turns yield on")
        .isEmpty();
  }
}
