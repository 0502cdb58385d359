package io.driftless.sandbox.server;

import static io.driftless.sandbox.objects.Nodes.object;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.sandbox.objects.ApiObject;
import io.driftless.sandbox.objects.Nodes;
import io.driftless.sandbox.objects.ObjectType;
import java.util.Optional;

/**
 * A mutating admission webhook in the manner of Istio's sidecar injector: the pod templates of
 * workloads (and Pods) in a namespace labelled {@code istio-injection=enabled}, or whose template
 * is labelled {@code sidecar.istio.io/inject: "true"}, get an {@code istio-proxy} container and a
 * {@code sidecar.istio.io/status} annotation at admission; {@code sidecar.istio.io/inject: "false"}
 * on the template opts out. Istio injects into Pods only; this one writes the template, as webhooks
 * that mutate workloads do, so that the stored object differs from what was sent.
 */
final class SidecarInjector {

  static final String CONTAINER = "istio-proxy";
  private static final String IMAGE = "docker.io/istio/proxyv2:1.22.1";
  private static final String LABEL = "sidecar.istio.io/inject";

  private SidecarInjector() {}

  /** Injects into {@code object}'s pod template; true when it changed the object. */
  static boolean inject(ObjectNode object, Optional<ApiObject> namespace) {
    var template = template(object);
    if (template == null) {
      return false;
    }
    var metadata = object(template, "metadata");
    var optIn = Nodes.text(metadata, "labels", LABEL);
    var namespaceOn =
        namespace
            .map(n -> Nodes.text(n.object(), "metadata", "labels", "istio-injection"))
            .filter("enabled"::equals)
            .isPresent();
    if (optIn.equals("false") || !(optIn.equals("true") || namespaceOn)) {
      return false;
    }
    var containers = object(template, "spec").withArray("containers");
    for (var container : containers) {
      if (container.path("name").asText().equals(CONTAINER)) {
        return false;
      }
    }
    var sidecar = containers.addObject().put("name", CONTAINER).put("image", IMAGE);
    sidecar.putArray("args").add("proxy").add("sidecar");
    sidecar
        .putArray("ports")
        .addObject()
        .put("name", "http-envoy-prom")
        .put("containerPort", 15090)
        .put("protocol", "TCP");
    object(metadata, "annotations")
        .put("sidecar.istio.io/status", "{\"containers\":[\"" + CONTAINER + "\"]}");
    return true;
  }

  private static ObjectNode template(ObjectNode object) {
    var type = ObjectType.of(object);
    if (type.equals(ObjectType.POD)) {
      return object;
    }
    if (type.equals(ObjectType.CRON_JOB)) {
      return Nodes.find(object, "spec", "jobTemplate", "spec", "template");
    }
    if (type.equals(ObjectType.DEPLOYMENT)
        || type.equals(ObjectType.STATEFUL_SET)
        || type.equals(ObjectType.DAEMON_SET)
        || type.equals(ObjectType.REPLICA_SET)
        || type.equals(ObjectType.JOB)) {
      return Nodes.find(object, "spec", "template");
    }
    return null;
  }
}
