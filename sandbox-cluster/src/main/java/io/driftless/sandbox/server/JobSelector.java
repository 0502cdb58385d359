package io.driftless.sandbox.server;

import static io.driftless.sandbox.objects.Nodes.object;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The Job strategy's PrepareForCreate (generateSelector, pkg/registry/batch/job/strategy.go, 1.30):
 * unless {@code spec.manualSelector} is true, the template is labelled with the Job's uid and name
 * (the {@code batch.kubernetes.io/} labels and their legacy twins) and the selector is set to match
 * the uid.
 */
final class JobSelector {

  private JobSelector() {}

  static void generate(ObjectNode job) {
    var spec = object(job, "spec");
    if (spec.path("manualSelector").asBoolean(false)) {
      return;
    }
    var uid = job.path("metadata").path("uid").asText();
    var name = job.path("metadata").path("name").asText();
    var labels = object(object(object(spec, "template"), "metadata"), "labels");
    labels.put("batch.kubernetes.io/controller-uid", uid);
    labels.put("batch.kubernetes.io/job-name", name);
    labels.put("controller-uid", uid);
    labels.put("job-name", name);
    var selector = object(spec, "selector");
    if (!selector.has("matchLabels") && !selector.has("matchExpressions")) {
      selector.putObject("matchLabels").put("batch.kubernetes.io/controller-uid", uid);
    }
  }
}
