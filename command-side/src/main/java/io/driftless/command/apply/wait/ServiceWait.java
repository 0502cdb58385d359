package io.driftless.command.apply.wait;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * A Service, as kapp's {@code resourcesmisc/core_v1_service.go}: an ExternalName Service at once;
 * otherwise a cluster IP assigned (or {@code None}), and for type {@code LoadBalancer} an ingress
 * address in {@code status.loadBalancer.ingress}.
 */
final class ServiceWait implements WaitRule {

  @Override
  public WaitState check(JsonNode service) {
    var spec = service.path("spec");
    var type = spec.path("type").asText("ClusterIP");
    if (type.equals("ExternalName")) {
      return WaitState.ok("External service");
    }
    if (spec.path("clusterIP").asText("").isEmpty()) {
      return WaitState.ongoing("ClusterIP is empty");
    }
    if (type.equals("LoadBalancer")
        && service.path("status").path("loadBalancer").path("ingress").isEmpty()) {
      return WaitState.ongoing("Load balancer ingress is empty");
    }
    return WaitState.ok();
  }
}
