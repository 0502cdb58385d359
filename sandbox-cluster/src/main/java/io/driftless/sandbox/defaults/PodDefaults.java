package io.driftless.sandbox.defaults;

import static io.driftless.sandbox.objects.Nodes.defaultBoolean;
import static io.driftless.sandbox.objects.Nodes.object;
import static io.driftless.sandbox.objects.Nodes.objects;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * SetDefaults_Pod of kubernetes/kubernetes pkg/apis/core/v1/defaults.go: what a Pod gets beyond its
 * pod spec's defaults (requests from limits, enableServiceLinks, host ports with host networking).
 * Templates do not get these.
 */
final class PodDefaults {

  private PodDefaults() {}

  static void pod(ObjectNode pod) {
    var spec = object(pod, "spec");
    for (var field : new String[] {"containers", "initContainers"}) {
      for (var container : objects(spec, field)) {
        var resources = container.get("resources");
        if (resources instanceof ObjectNode requirements
            && requirements.get("limits") instanceof ObjectNode limits) {
          var requests = object(requirements, "requests");
          limits.fields().forEachRemaining(e -> requests.putIfAbsent(e.getKey(), e.getValue()));
        }
        if (spec.path("hostNetwork").asBoolean(false)) {
          for (var port : objects(container, "ports")) {
            if (port.path("hostPort").asInt(0) == 0) {
              port.set("hostPort", port.get("containerPort"));
            }
          }
        }
      }
    }
    defaultBoolean(spec, "enableServiceLinks", true);
    PodSpecDefaults.podSpec(spec);
  }
}
