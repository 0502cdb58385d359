package io.driftless.sandbox.defaults;

import static io.driftless.sandbox.objects.Nodes.defaultInt;
import static io.driftless.sandbox.objects.Nodes.defaultText;
import static io.driftless.sandbox.objects.Nodes.object;
import static io.driftless.sandbox.objects.Nodes.unset;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Defaults of HorizontalPodAutoscalers, after kubernetes/kubernetes
 * pkg/apis/autoscaling/v2/defaults.go and pkg/apis/autoscaling/v1/defaults.go (1.30).
 */
final class AutoscalerDefaults {

  private AutoscalerDefaults() {}

  /**
   * autoscaling/v2 SetDefaults_HorizontalPodAutoscaler (minReplicas 1, a CPU target of 80% when no
   * metric is given) and SetDefaults_HorizontalPodAutoscalerBehavior.
   */
  static void v2(ObjectNode hpa) {
    var spec = object(hpa, "spec");
    defaultInt(spec, "minReplicas", 1);
    if (unset(spec, "metrics") || spec.path("metrics").isEmpty()) {
      var resource =
          spec.putArray("metrics").addObject().put("type", "Resource").putObject("resource");
      resource.put("name", "cpu");
      resource.putObject("target").put("type", "Utilization").put("averageUtilization", 80);
    }
    if (spec.get("behavior") instanceof ObjectNode behavior) {
      // GenerateHPAScaleUpRules
      var up = object(behavior, "scaleUp");
      defaultInt(up, "stabilizationWindowSeconds", 0);
      defaultText(up, "selectPolicy", "Max");
      if (unset(up, "policies")) {
        var policies = up.putArray("policies");
        policies.addObject().put("type", "Pods").put("value", 4).put("periodSeconds", 15);
        policies.addObject().put("type", "Percent").put("value", 100).put("periodSeconds", 15);
      }
      // GenerateHPAScaleDownRules (stabilizationWindowSeconds stays unset: a controller flag)
      var down = object(behavior, "scaleDown");
      defaultText(down, "selectPolicy", "Max");
      if (unset(down, "policies")) {
        down.putArray("policies")
            .addObject()
            .put("type", "Percent")
            .put("value", 100)
            .put("periodSeconds", 15);
      }
    }
  }

  /** autoscaling/v1 SetDefaults_HorizontalPodAutoscaler: minReplicas 1. */
  static void v1(ObjectNode hpa) {
    defaultInt(object(hpa, "spec"), "minReplicas", 1);
  }
}
