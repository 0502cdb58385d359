package io.driftless.sandbox.defaults;

import static io.driftless.sandbox.objects.Nodes.defaultBoolean;
import static io.driftless.sandbox.objects.Nodes.defaultInt;
import static io.driftless.sandbox.objects.Nodes.defaultText;
import static io.driftless.sandbox.objects.Nodes.object;
import static io.driftless.sandbox.objects.Nodes.objects;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Set;

/**
 * SetDefaults_Service of kubernetes/kubernetes pkg/apis/core/v1/defaults.go. The addresses and
 * ports the API server allocates (clusterIP, ipFamilies, nodePort) are not defaults: the registry
 * allocates them ({@code io.driftless.sandbox.server.ServiceAllocation}).
 */
final class ServiceDefaults {

  private static final Set<String> INTERNAL_POLICY_TYPES =
      Set.of("ClusterIP", "NodePort", "LoadBalancer");

  private ServiceDefaults() {}

  static void service(ObjectNode service) {
    var spec = object(service, "spec");
    defaultText(spec, "sessionAffinity", "None");
    if (spec.path("sessionAffinity").asText().equals("None")) {
      spec.remove("sessionAffinityConfig");
    } else if (spec.path("sessionAffinity").asText().equals("ClientIP")) {
      var clientIp = object(object(spec, "sessionAffinityConfig"), "clientIP");
      defaultInt(clientIp, "timeoutSeconds", 10800);
    }
    defaultText(spec, "type", "ClusterIP");
    for (var port : objects(spec, "ports")) {
      defaultText(port, "protocol", "TCP");
      var target = port.get("targetPort");
      if (target == null
          || target.isNull()
          || target.asText().isEmpty()
          || target.asText().equals("0")) {
        port.set("targetPort", port.get("port"));
      }
    }
    var type = spec.path("type").asText();
    if (type.equals("NodePort") || type.equals("LoadBalancer") || externalIps(spec)) {
      defaultText(spec, "externalTrafficPolicy", "Cluster");
    }
    if (INTERNAL_POLICY_TYPES.contains(type)) {
      defaultText(spec, "internalTrafficPolicy", "Cluster");
    }
    if (type.equals("LoadBalancer")) {
      defaultBoolean(spec, "allocateLoadBalancerNodePorts", true);
    }
  }

  private static boolean externalIps(ObjectNode spec) {
    return spec.path("externalIPs").size() > 0;
  }
}
