package io.driftless.sandbox.defaults;

import static io.driftless.sandbox.objects.Nodes.defaultInt;
import static io.driftless.sandbox.objects.Nodes.defaultText;
import static io.driftless.sandbox.objects.Nodes.object;
import static io.driftless.sandbox.objects.Nodes.objects;
import static io.driftless.sandbox.objects.Nodes.unset;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.sandbox.objects.Nodes;

/** Defaults of the apps/v1 workloads, after kubernetes/kubernetes pkg/apis/apps/v1/defaults.go. */
final class WorkloadDefaults {

  private WorkloadDefaults() {}

  /** SetDefaults_Deployment: replicas 1, RollingUpdate 25%/25%, history 10, deadline 600 s. */
  static void deployment(ObjectNode deployment) {
    var spec = object(deployment, "spec");
    defaultInt(spec, "replicas", 1);
    var strategy = object(spec, "strategy");
    defaultText(strategy, "type", "RollingUpdate");
    if (strategy.path("type").asText().equals("RollingUpdate")) {
      var rollingUpdate = object(strategy, "rollingUpdate");
      defaultText(rollingUpdate, "maxUnavailable", "25%");
      defaultText(rollingUpdate, "maxSurge", "25%");
    }
    defaultInt(spec, "revisionHistoryLimit", 10);
    defaultInt(spec, "progressDeadlineSeconds", 600);
    PodSpecDefaults.template(object(spec, "template"));
  }

  /** SetDefaults_DaemonSet: RollingUpdate with maxUnavailable 1 and maxSurge 0, history 10. */
  static void daemonSet(ObjectNode daemonSet) {
    var spec = object(daemonSet, "spec");
    var strategy = object(spec, "updateStrategy");
    defaultText(strategy, "type", "RollingUpdate");
    if (strategy.path("type").asText().equals("RollingUpdate")) {
      var rollingUpdate = object(strategy, "rollingUpdate");
      defaultInt(rollingUpdate, "maxUnavailable", 1);
      defaultInt(rollingUpdate, "maxSurge", 0);
    }
    defaultInt(spec, "revisionHistoryLimit", 10);
    PodSpecDefaults.template(object(spec, "template"));
  }

  /**
   * SetDefaults_StatefulSet (OrderedReady, RollingUpdate with partition 0, the PVC retention policy
   * of the StatefulSetAutoDeletePVC gate, on in 1.30, replicas 1, history 10) and the volume claim
   * templates as the API server writes them back.
   */
  static void statefulSet(ObjectNode statefulSet) {
    var spec = object(statefulSet, "spec");
    defaultText(spec, "podManagementPolicy", "OrderedReady");
    var strategy = object(spec, "updateStrategy");
    if (unset(strategy, "type")) {
      strategy.put("type", "RollingUpdate");
      object(strategy, "rollingUpdate");
    }
    var rollingUpdate = strategy.get("rollingUpdate");
    if (strategy.path("type").asText().equals("RollingUpdate")
        && rollingUpdate instanceof ObjectNode update) {
      defaultInt(update, "partition", 0);
    }
    var retention = object(spec, "persistentVolumeClaimRetentionPolicy");
    defaultText(retention, "whenDeleted", "Retain");
    defaultText(retention, "whenScaled", "Retain");
    defaultInt(spec, "replicas", 1);
    defaultInt(spec, "revisionHistoryLimit", 10);
    PodSpecDefaults.template(object(spec, "template"));
    objects(spec, "volumeClaimTemplates").forEach(WorkloadDefaults::claimTemplate);
  }

  /**
   * A volume claim template: apiVersion and kind written back,
   * SetDefaults_PersistentVolumeClaimSpec (volumeMode Filesystem) and
   * SetDefaults_PersistentVolumeClaim (status.phase Pending).
   */
  private static void claimTemplate(ObjectNode claim) {
    defaultText(claim, "apiVersion", "v1");
    defaultText(claim, "kind", "PersistentVolumeClaim");
    PodSpecDefaults.emptyMetadata(claim);
    defaultText(object(claim, "spec"), "volumeMode", "Filesystem");
    PodSpecDefaults.resources(Nodes.find(claim, "spec", "resources"));
    defaultText(object(claim, "status"), "phase", "Pending");
  }
}
