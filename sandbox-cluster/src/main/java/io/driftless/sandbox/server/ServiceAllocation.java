package io.driftless.sandbox.server;

import static io.driftless.sandbox.objects.Nodes.object;
import static io.driftless.sandbox.objects.Nodes.objects;
import static io.driftless.sandbox.objects.Nodes.unset;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.sandbox.objects.ApiObject;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * What the Service registry (pkg/registry/core/service/storage) allocates and keeps, beyond the
 * defaults: a cluster IP from 10.96.0.0/12 (the first free one from 10.96.0.10 here; the API server
 * picks at random), {@code clusterIPs}, {@code ipFamilies: [IPv4]} and {@code ipFamilyPolicy:
 * SingleStack} on a single-stack IPv4 cluster, and a node port from 30000-32767 for each port of a
 * NodePort or LoadBalancer Service. On update, values the client left out are carried over from the
 * stored Service (patchAllocatedValues), so a PUT of the manifest keeps them.
 */
final class ServiceAllocation {

  private static final int FIRST_HOST = 10;
  private static final int LAST_HOST = (1 << 20) - 2;
  private static final int FIRST_NODE_PORT = 30000;
  private static final int LAST_NODE_PORT = 32767;

  private ServiceAllocation() {}

  /**
   * Allocates for {@code service} (replacing {@code old}, null on create) beside {@code stored}
   * Services.
   */
  static void allocate(ObjectNode service, ObjectNode old, List<ApiObject> stored) {
    var spec = object(service, "spec");
    var type = spec.path("type").asText();
    if (old != null) {
      carryOver(spec, object(old, "spec"));
    }
    if (type.equals("ExternalName")) {
      return;
    }
    if (unset(spec, "clusterIP")) {
      var ips = spec.path("clusterIPs");
      spec.put("clusterIP", ips.size() > 0 ? ips.get(0).asText() : freeAddress(stored));
    }
    if (unset(spec, "clusterIPs") || spec.path("clusterIPs").isEmpty()) {
      spec.putArray("clusterIPs").add(spec.path("clusterIP").asText());
    }
    if (unset(spec, "ipFamilies") || spec.path("ipFamilies").isEmpty()) {
      spec.putArray("ipFamilies").add("IPv4");
    }
    if (unset(spec, "ipFamilyPolicy")) {
      spec.put("ipFamilyPolicy", "SingleStack");
    }
    if (type.equals("NodePort")
        || type.equals("LoadBalancer") && spec.path("allocateLoadBalancerNodePorts").asBoolean()) {
      var used = usedNodePorts(stored, service);
      for (var port : objects(spec, "ports")) {
        if (port.path("nodePort").asInt(0) == 0) {
          port.put("nodePort", freeNodePort(used));
        }
      }
    }
  }

  /** patchAllocatedValues: clusterIP(s), IP families and node ports the update left out. */
  private static void carryOver(ObjectNode spec, ObjectNode before) {
    for (var field : List.of("clusterIP", "clusterIPs", "ipFamilies", "ipFamilyPolicy")) {
      if (unset(spec, field) && !unset(before, field)) {
        spec.set(field, before.get(field).deepCopy());
      }
    }
    for (var port : objects(spec, "ports")) {
      if (port.path("nodePort").asInt(0) != 0) {
        continue;
      }
      for (var oldPort : objects(before, "ports")) {
        if (oldPort.path("name").asText().equals(port.path("name").asText())
            && oldPort.path("nodePort").asInt(0) != 0) {
          port.put("nodePort", oldPort.path("nodePort").asInt());
        }
      }
    }
  }

  private static String freeAddress(List<ApiObject> stored) {
    var used = new HashSet<String>();
    for (var object : stored) {
      object.object().path("spec").path("clusterIPs").forEach(ip -> used.add(ip.asText()));
      used.add(object.object().path("spec").path("clusterIP").asText());
    }
    for (int host = FIRST_HOST; host <= LAST_HOST; host++) {
      var address = "10." + (96 + (host >> 16)) + "." + ((host >> 8) & 255) + "." + (host & 255);
      if (!used.contains(address)) {
        return address;
      }
    }
    throw new IllegalStateException("no cluster IP left in 10.96.0.0/12");
  }

  private static Set<Integer> usedNodePorts(List<ApiObject> stored, ObjectNode service) {
    var used = new HashSet<Integer>();
    for (var object : stored) {
      objects(object.object().path("spec"), "ports")
          .forEach(port -> used.add(port.path("nodePort").asInt(0)));
    }
    objects(service.path("spec"), "ports").forEach(p -> used.add(p.path("nodePort").asInt(0)));
    return used;
  }

  private static int freeNodePort(Set<Integer> used) {
    for (int port = FIRST_NODE_PORT; port <= LAST_NODE_PORT; port++) {
      if (used.add(port)) {
        return port;
      }
    }
    throw new IllegalStateException("no node port left in 30000-32767");
  }
}
