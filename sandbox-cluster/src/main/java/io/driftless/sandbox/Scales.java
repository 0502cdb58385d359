package io.driftless.sandbox;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.sandbox.objects.Nodes;
import java.util.regex.Pattern;

/**
 * The {@code scale} subresource of Deployments, StatefulSets and ReplicaSets ({@code autoscaling/v1
 * Scale}): what {@code kubectl scale} and autoscalers read and write. A write of it is an update of
 * the object's {@code spec.replicas}, so it bumps the generation.
 */
final class Scales {

  private static final Pattern PATH =
      Pattern.compile(
          "(/apis/apps/v1/namespaces/[^/]+/(deployments|statefulsets|replicasets)/[^/?]+)/scale(\\?.*)?");

  private Scales() {}

  /** The object's path when {@code path} names its scale subresource, else null. */
  static String objectPath(String path) {
    var matcher = PATH.matcher(path);
    return matcher.matches() ? matcher.group(1) : null;
  }

  /** The Scale of {@code object}. */
  static ObjectNode of(ObjectNode object) {
    var scale = Nodes.newObject();
    scale.put("apiVersion", "autoscaling/v1").put("kind", "Scale");
    var metadata = scale.putObject("metadata");
    for (var field :
        new String[] {"name", "namespace", "uid", "resourceVersion", "creationTimestamp"}) {
      if (object.path("metadata").has(field)) {
        metadata.set(field, object.path("metadata").get(field));
      }
    }
    scale.putObject("spec").put("replicas", object.path("spec").path("replicas").asInt(1));
    var status = scale.putObject("status");
    status.put("replicas", object.path("status").path("replicas").asInt(0));
    var labels = object.path("spec").path("selector").path("matchLabels");
    var selector = new StringBuilder();
    labels
        .fields()
        .forEachRemaining(
            e ->
                selector
                    .append(selector.isEmpty() ? "" : ",")
                    .append(e.getKey())
                    .append('=')
                    .append(e.getValue().asText()));
    if (!selector.isEmpty()) {
      status.put("selector", selector.toString());
    }
    return scale;
  }
}
