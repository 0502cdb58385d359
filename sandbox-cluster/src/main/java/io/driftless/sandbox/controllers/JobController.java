package io.driftless.sandbox.controllers;

import io.driftless.sandbox.objects.Nodes;
import io.driftless.sandbox.objects.ObjectStore;
import io.driftless.sandbox.objects.ObjectType;

/**
 * The job controller of a cluster whose pods succeed at once: an unsuspended Job that has not
 * finished gets {@code succeeded} = its completions, start and completion times and a {@code
 * Complete} condition (and, as in 1.30, {@code ready: 0}, {@code terminating: 0} and empty
 * uncounted pods).
 */
final class JobController {

  private JobController() {}

  static void reconcile(Change change, ObjectStore store) {
    var object = change.after();
    if (!object.type().equals(ObjectType.JOB)) {
      return;
    }
    var job = object.object();
    if (job.path("spec").path("suspend").asBoolean(false)
        || job.path("status").has("completionTime")) {
      return;
    }
    var status = Nodes.object(job, "status");
    var now = Conditions.now();
    status.put("startTime", now);
    status.put("completionTime", now);
    status.put("succeeded", job.path("spec").path("completions").asInt(1));
    status.put("ready", 0);
    status.put("terminating", 0);
    status.putObject("uncountedTerminatedPods");
    var conditions = status.putArray("conditions");
    var complete = Conditions.add(conditions, status, "Complete", "", "");
    complete.put("lastProbeTime", now);
    store.writeStatus(object.path(), job, WorkloadStatusController.MANAGER);
  }
}
