package io.driftless.diff.plan;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Plays the API server and its controllers on an applied object: server metadata, status, and the
 * defaults Kubernetes writes into Services, workloads, pod templates, CRDs, webhooks and
 * ServiceAccounts, plus a quantity rewritten into canonical form.
 */
final class ServerDefaults {

  private final AtomicInteger versions = new AtomicInteger(1000);

  /** A live copy of what was applied. */
  ObjectNode live(ObjectNode applied) {
    ObjectNode live = applied.deepCopy();
    ObjectNode metadata = live.with("metadata");
    metadata.put("uid", "uid-" + versions.incrementAndGet());
    metadata.put("resourceVersion", String.valueOf(versions.get()));
    metadata.put("creationTimestamp", "2026-11-01T10:00:00Z");
    metadata.put("generation", 1);
    metadata.putArray("managedFields").addObject().put("manager", "driftless");
    live.with("status").put("observedGeneration", 1);
    switch (live.path("kind").asText()) {
      case "Service" -> service(live);
      case "Deployment", "StatefulSet", "DaemonSet", "Job" -> workload(live);
      case "CustomResourceDefinition" ->
          live.with("spec").with("conversion").putIfAbsent("strategy", live.textNode("None"));
      case "ServiceAccount" ->
          live.withArray("secrets")
              .addObject()
              .put("name", metadata.path("name").asText() + "-token-x7k2p");
      case "MutatingWebhookConfiguration", "ValidatingWebhookConfiguration" -> webhooks(live);
      default -> {}
    }
    return live;
  }

  private static void service(ObjectNode live) {
    ObjectNode spec = live.with("spec");
    if (!spec.has("clusterIP")) {
      spec.put("clusterIP", "10.96.0.10");
      spec.putArray("clusterIPs").add("10.96.0.10");
    }
    spec.putIfAbsent("sessionAffinity", spec.textNode("None"));
    if (!spec.has("type")) {
      spec.put("type", "ClusterIP");
    }
    for (JsonNode port : spec.path("ports")) {
      ((ObjectNode) port).putIfAbsent("protocol", spec.textNode("TCP"));
      if (!port.has("targetPort")) {
        ((ObjectNode) port).set("targetPort", port.get("port"));
      }
    }
  }

  private static void workload(ObjectNode live) {
    ObjectNode spec = live.with("spec");
    spec.putIfAbsent("revisionHistoryLimit", spec.numberNode(10));
    spec.putIfAbsent("progressDeadlineSeconds", spec.numberNode(600));
    live.with("metadata").with("annotations").put("deployment.kubernetes.io/revision", "1");
    ObjectNode pod = spec.with("template").with("spec");
    pod.putIfAbsent("restartPolicy", pod.textNode("Always"));
    pod.putIfAbsent("dnsPolicy", pod.textNode("ClusterFirst"));
    pod.putIfAbsent("schedulerName", pod.textNode("default-scheduler"));
    pod.putIfAbsent("terminationGracePeriodSeconds", pod.numberNode(30));
    pod.putIfAbsent("securityContext", pod.objectNode());
    for (JsonNode container : pod.path("containers")) {
      var c = (ObjectNode) container;
      c.putIfAbsent("terminationMessagePath", c.textNode("/dev/termination-log"));
      c.putIfAbsent("imagePullPolicy", c.textNode("IfNotPresent"));
      c.path("ports").forEach(p -> ((ObjectNode) p).putIfAbsent("protocol", c.textNode("TCP")));
      JsonNode cpu = c.path("resources").path("limits").path("cpu");
      if (cpu.isTextual() && cpu.textValue().equals("1000m")) {
        c.with("resources").with("limits").put("cpu", "1");
      }
    }
  }

  private static void webhooks(ObjectNode live) {
    for (JsonNode webhook : live.path("webhooks")) {
      var w = (ObjectNode) webhook;
      w.putIfAbsent("timeoutSeconds", w.numberNode(10));
      w.putIfAbsent("matchPolicy", w.textNode("Equivalent"));
      w.putIfAbsent("objectSelector", w.objectNode());
      w.with("clientConfig").putIfAbsent("caBundle", w.textNode("Y2EtYnVuZGxl"));
      for (JsonNode rule : w.path("rules")) {
        ((ObjectNode) rule).putIfAbsent("scope", w.textNode("*"));
      }
      if (w.path("clientConfig").path("service").isObject()) {
        w.with("clientConfig").with("service").putIfAbsent("port", w.numberNode(443));
      }
    }
  }
}
