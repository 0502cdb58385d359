package io.driftless.sandbox.controllers;

import io.driftless.sandbox.objects.ApiObject;
import io.driftless.sandbox.objects.Nodes;
import io.driftless.sandbox.objects.ObjectStore;
import io.driftless.sandbox.objects.ObjectType;
import java.util.OptionalInt;
import java.util.function.Supplier;

/**
 * The horizontal pod autoscaler without metrics: an HPA scales its Deployment or StatefulSet to its
 * minReplicas (or to the value a test chose), writing the target's {@code spec.replicas} through
 * the scale subresource, which is a spec change (the target's generation goes up), and records
 * current and desired replicas in its own status. It runs when an HPA or a scaled kind changes.
 */
final class AutoscalerController {

  private final Supplier<OptionalInt> chosen;

  AutoscalerController(Supplier<OptionalInt> chosen) {
    this.chosen = chosen;
  }

  void reconcile(Change change, ObjectStore store) {
    var object = change.after();
    var type = object.type();
    if (type.equals(ObjectType.HPA)) {
      scale(object, store);
    } else if (type.equals(ObjectType.DEPLOYMENT) || type.equals(ObjectType.STATEFUL_SET)) {
      store.list(ObjectType.HPA).stream()
          .filter(hpa -> targets(hpa, object))
          .forEach(hpa -> scale(hpa, store));
    }
  }

  private void scale(ApiObject hpa, ObjectStore store) {
    var ref = hpa.object().path("spec").path("scaleTargetRef");
    var kind = ref.path("kind").asText();
    var targetType = new ObjectType(group(ref.path("apiVersion").asText()), kind);
    var target = store.find(targetType, hpa.namespace(), ref.path("name").asText());
    if (target.isEmpty()) {
      return;
    }
    var spec = hpa.object().path("spec");
    var desired = chosen.get().orElse(spec.path("minReplicas").asInt(1));
    var scaled = target.get().object();
    if (scaled.path("spec").path("replicas").asInt(1) != desired) {
      Nodes.object(scaled, "spec").put("replicas", desired);
      store.writeSpec(target.get().path(), scaled, "kube-controller-manager");
    }
    var hpaObject = hpa.object();
    var status = Nodes.newObject();
    status.put("currentReplicas", desired).put("desiredReplicas", desired);
    var stored = hpaObject.path("status");
    if (stored.path("desiredReplicas").asInt(-1) != desired
        || stored.path("currentReplicas").asInt(-1) != desired) {
      var next = Nodes.object(hpaObject, "status");
      next.setAll(status);
      next.put("lastScaleTime", Conditions.now());
      store.writeStatus(hpa.path(), hpaObject, "kube-controller-manager");
    }
  }

  private static boolean targets(ApiObject hpa, ApiObject object) {
    var ref = hpa.object().path("spec").path("scaleTargetRef");
    return hpa.namespace().equals(object.namespace())
        && ref.path("name").asText().equals(object.name())
        && ref.path("kind").asText().equals(object.type().kind());
  }

  private static String group(String apiVersion) {
    var slash = apiVersion.indexOf('/');
    return slash < 0 ? "" : apiVersion.substring(0, slash);
  }
}
