package io.driftless.sandbox.defaults;

import static io.driftless.sandbox.objects.Nodes.defaultBoolean;
import static io.driftless.sandbox.objects.Nodes.defaultInt;
import static io.driftless.sandbox.objects.Nodes.defaultText;
import static io.driftless.sandbox.objects.Nodes.object;
import static io.driftless.sandbox.objects.Nodes.unset;

import com.fasterxml.jackson.databind.node.ObjectNode;

/** Defaults of batch/v1, after kubernetes/kubernetes pkg/apis/batch/v1/defaults.go (1.30). */
final class BatchDefaults {

  private BatchDefaults() {}

  /**
   * SetDefaults_Job: completions and parallelism 1 when both are unset, backoffLimit 6, NonIndexed,
   * not suspended, podReplacementPolicy (the JobPodReplacementPolicy gate, beta and on in 1.30),
   * and the template's labels as the Job's when it has none.
   */
  static void job(ObjectNode job) {
    var spec = object(job, "spec");
    if (unset(spec, "completions") && unset(spec, "parallelism")) {
      spec.put("completions", 1);
    }
    defaultInt(spec, "parallelism", 1);
    defaultInt(spec, "backoffLimit", 6);
    defaultText(spec, "completionMode", "NonIndexed");
    defaultBoolean(spec, "suspend", false);
    defaultText(
        spec,
        "podReplacementPolicy",
        unset(spec, "podFailurePolicy") ? "TerminatingOrFailed" : "Failed");
    var template = object(spec, "template");
    var templateLabels = template.path("metadata").get("labels");
    var metadata = object(job, "metadata");
    if (templateLabels != null && templateLabels.size() > 0 && unset(metadata, "labels")) {
      metadata.set("labels", templateLabels.deepCopy());
    }
    PodSpecDefaults.template(template);
  }

  /**
   * SetDefaults_CronJob (Allow, not suspended, history 3 and 1); the job template gets only the pod
   * template's defaults (SetDefaults_Job is for Jobs, not JobTemplateSpecs).
   */
  static void cronJob(ObjectNode cronJob) {
    var spec = object(cronJob, "spec");
    defaultText(spec, "concurrencyPolicy", "Allow");
    defaultBoolean(spec, "suspend", false);
    defaultInt(spec, "successfulJobsHistoryLimit", 3);
    defaultInt(spec, "failedJobsHistoryLimit", 1);
    var jobTemplate = object(spec, "jobTemplate");
    PodSpecDefaults.emptyMetadata(jobTemplate);
    PodSpecDefaults.template(object(object(jobTemplate, "spec"), "template"));
  }
}
