package io.driftless.sandbox.controllers;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.sandbox.objects.ApiObject;
import io.driftless.sandbox.objects.Nodes;
import io.driftless.sandbox.objects.ObjectStore;
import io.driftless.sandbox.objects.ObjectType;

/**
 * The deployment, statefulset and daemonset controllers of a cluster whose pods start at once: the
 * status of a finished rollout of the current generation (one node for DaemonSets), written through
 * the status subresource, and a Deployment's {@code deployment.kubernetes.io/revision}: 1 on
 * create, one more whenever the pod template changes (a new ReplicaSet).
 */
final class WorkloadStatusController {

  static final String MANAGER = "kube-controller-manager";
  static final String REVISION = "deployment.kubernetes.io/revision";

  private WorkloadStatusController() {}

  static void reconcile(Change change, ObjectStore store) {
    var object = change.after();
    var type = object.type();
    ObjectNode status;
    if (type.equals(ObjectType.DEPLOYMENT)) {
      status = deployment(object);
    } else if (type.equals(ObjectType.STATEFUL_SET)) {
      status = statefulSet(object);
    } else if (type.equals(ObjectType.DAEMON_SET)) {
      status = daemonSet(object);
    } else {
      return;
    }
    var next = object.object();
    var revisionChanged = type.equals(ObjectType.DEPLOYMENT) && revision(change, next);
    var old = next.path("status");
    if (revisionChanged
        || !Nodes.same(Conditions.withoutTimes(old), Conditions.withoutTimes(status))) {
      next.set("status", status);
      store.writeStatus(object.path(), next, MANAGER);
    }
  }

  /**
   * Sets the revision annotation: 1 for a new Deployment, one more than before when the template
   * changed, else the higher of the stored and the previous one (a client that drops it gets it
   * back). True when it changed.
   */
  private static boolean revision(Change change, ObjectNode next) {
    var annotations = Nodes.object(Nodes.object(next, "metadata"), "annotations");
    var current = annotations.path(REVISION).asLong(0);
    var before = change.before();
    long revision;
    if (before == null) {
      revision = Math.max(1, current);
    } else {
      var previous = before.path("metadata").path("annotations").path(REVISION).asLong(0);
      var templateChanged =
          !Nodes.same(before.path("spec").path("template"), next.path("spec").path("template"));
      revision =
          templateChanged && previous > 0 ? previous + 1 : Math.max(1, Math.max(previous, current));
    }
    if (revision == current) {
      return false;
    }
    annotations.put(REVISION, Long.toString(revision));
    return true;
  }

  private static ObjectNode deployment(ApiObject object) {
    var deployment = object.object();
    var replicas = deployment.path("spec").path("replicas").asInt(1);
    var status = rollout(deployment, replicas);
    status.put("updatedReplicas", replicas);
    status.put("readyReplicas", replicas);
    status.put("availableReplicas", replicas);
    omitZeros(status);
    var conditions = status.putArray("conditions");
    var previous = deployment.path("status");
    var hash = TemplateHash.of(deployment.path("spec").path("template"));
    var available =
        Conditions.add(
            conditions,
            previous,
            "Available",
            "MinimumReplicasAvailable",
            "Deployment has minimum availability.");
    available.put("lastUpdateTime", available.path("lastTransitionTime").asText());
    var progressing =
        Conditions.add(
            conditions,
            previous,
            "Progressing",
            "NewReplicaSetAvailable",
            "ReplicaSet \"" + object.name() + "-" + hash + "\" has successfully progressed.");
    progressing.put("lastUpdateTime", progressing.path("lastTransitionTime").asText());
    return status;
  }

  private static ObjectNode statefulSet(ApiObject object) {
    var set = object.object();
    var replicas = set.path("spec").path("replicas").asInt(1);
    var status = rollout(set, replicas);
    status.put("readyReplicas", replicas);
    status.put("currentReplicas", replicas);
    status.put("updatedReplicas", replicas);
    omitZeros(status);
    status.put("availableReplicas", replicas);
    status.put("replicas", replicas);
    var revision = object.name() + "-" + TemplateHash.of(set.path("spec").path("template"));
    status.put("currentRevision", revision).put("updateRevision", revision);
    status.put("collisionCount", 0);
    return status;
  }

  private static ObjectNode daemonSet(ApiObject object) {
    var status = Nodes.newObject();
    status.put("currentNumberScheduled", 1);
    status.put("desiredNumberScheduled", 1);
    status.put("numberAvailable", 1);
    status.put("numberMisscheduled", 0);
    status.put("numberReady", 1);
    status.put("observedGeneration", object.object().path("metadata").path("generation").asLong());
    status.put("updatedNumberScheduled", 1);
    return status;
  }

  private static ObjectNode rollout(ObjectNode workload, int replicas) {
    var status = Nodes.newObject();
    status.put("observedGeneration", workload.path("metadata").path("generation").asLong());
    status.put("replicas", replicas);
    return status;
  }

  /** Replica counts are {@code omitempty} in apps/v1's Deployment and StatefulSet status. */
  private static void omitZeros(ObjectNode status) {
    for (var field :
        new String[] {
          "replicas", "updatedReplicas", "readyReplicas", "availableReplicas", "currentReplicas"
        }) {
      if (status.path(field).asInt(-1) == 0) {
        status.remove(field);
      }
    }
  }
}
