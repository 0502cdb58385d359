package io.driftless.command.plan;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.command.app.AppState;
import io.driftless.command.resource.ResourceState;
import io.driftless.command.resource.SuggestedRebaseRule;
import io.driftless.diff.resources.Resource;
import io.driftless.diff.resources.ResourceKey;
import io.driftless.events.ChangeIds;
import io.driftless.events.GhostDiffPolicy;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The rebase rules Driftless adds to a plan on its own, as kapp Config documents (rules apply only
 * to objects that exist in the cluster, as every rebase rule):
 *
 * <ul>
 *   <li>{@value #HPA_RULE}: a HorizontalPodAutoscaler ({@code autoscaling/*}) of the desired set
 *       whose {@code scaleTargetRef} names a Deployment or StatefulSet of the same set and
 *       namespace keeps that target's live {@code spec.replicas} (the HPA owns it, as kapp's docs
 *       advise);
 *   <li>{@value SuggestedRebaseRule#YIELD_RULE}: under the {@code yield} policy, the fields the
 *       app's ResourceChanges yielded ({@code GhostDiffYielded}) since the policy is in force keep
 *       their live value.
 * </ul>
 */
final class PlanRules {

  /** The rule (and {@code decidedBy: rebase:<rule>}) that keeps an HPA target's replicas. */
  static final String HPA_RULE = "hpa-replicas";

  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final Set<String> SCALED = Set.of("Deployment", "StatefulSet");

  private PlanRules() {}

  /** One Config per Deployment or StatefulSet of {@code desired} that an HPA of it scales. */
  static List<ObjectNode> hpaTargets(List<Resource> desired) {
    var keys = new HashSet<ResourceKey>();
    desired.forEach(r -> keys.add(r.key()));
    var configs = new ArrayList<ObjectNode>();
    var seen = new HashSet<ResourceKey>();
    for (var resource : desired) {
      var key = resource.key();
      if (!"HorizontalPodAutoscaler".equals(key.kind()) || !"autoscaling".equals(key.group())) {
        continue;
      }
      var ref = resource.object().path("spec").path("scaleTargetRef");
      var kind = ref.path("kind").asText("");
      var apiVersion = ref.path("apiVersion").asText("apps/v1");
      if (!SCALED.contains(kind) || !apiVersion.startsWith("apps/")) {
        continue;
      }
      var target = new ResourceKey("apps", kind, key.namespace(), ref.path("name").asText(""));
      if (keys.contains(target) && seen.add(target)) {
        configs.add(config(HPA_RULE, target, List.of("spec.replicas")));
      }
    }
    return configs;
  }

  /**
   * Under {@code yield}, one Config per object with fields yielded since the policy is in force
   * ({@link AppState#yieldSince()}: a change at or after it; a deploy that turns {@code yield} on
   * starts afresh).
   */
  static List<ObjectNode> yielded(
      AppState app, GhostDiffPolicy policy, Map<ResourceKey, ResourceState> recorded) {
    if (policy != GhostDiffPolicy.YIELD || app.yieldSince() == 0) {
      return List.of();
    }
    var configs = new ArrayList<ObjectNode>();
    recorded.forEach(
        (key, state) -> {
          var paths =
              state.yielded().entrySet().stream()
                  .filter(e -> ChangeIds.parse(e.getValue()).orElse(0) >= app.yieldSince())
                  .map(Map.Entry::getKey)
                  .sorted()
                  .toList();
          if (!paths.isEmpty()) {
            configs.add(config(SuggestedRebaseRule.YIELD_RULE, key, paths));
          }
        });
    return configs;
  }

  private static ObjectNode config(String rule, ResourceKey key, List<String> paths) {
    return MAPPER.valueToTree(
        SuggestedRebaseRule.config(rule, key.kind(), key.namespace(), key.name(), paths));
  }
}
