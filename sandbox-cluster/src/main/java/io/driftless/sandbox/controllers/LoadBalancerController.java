package io.driftless.sandbox.controllers;

import io.driftless.sandbox.objects.Nodes;
import io.driftless.sandbox.objects.ObjectStore;
import io.driftless.sandbox.objects.ObjectType;

/**
 * A cloud provider's service controller: a Service of type {@code LoadBalancer} without an ingress
 * address gets one in {@code status.loadBalancer.ingress} (from the documentation range
 * 192.0.2.0/24, by the Service's cluster IP, so it is stable). kapp waits for that address.
 */
final class LoadBalancerController {

  private LoadBalancerController() {}

  static void reconcile(Change change, ObjectStore store) {
    var object = change.after();
    if (!object.type().equals(ObjectType.SERVICE)) {
      return;
    }
    var service = object.object();
    if (!"LoadBalancer".equals(service.path("spec").path("type").asText())
        || !service.path("status").path("loadBalancer").path("ingress").isEmpty()) {
      return;
    }
    var clusterIp = service.path("spec").path("clusterIP").asText("0.0.0.1");
    var last = clusterIp.substring(clusterIp.lastIndexOf('.') + 1);
    var balancer = Nodes.object(Nodes.object(service, "status"), "loadBalancer");
    balancer.putArray("ingress").addObject().put("ip", "192.0.2." + last).put("ipMode", "VIP");
    store.writeStatus(object.path(), service, WorkloadStatusController.MANAGER);
  }
}
