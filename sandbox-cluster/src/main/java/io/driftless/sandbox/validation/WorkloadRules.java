package io.driftless.sandbox.validation;

import static io.driftless.sandbox.validation.FieldError.forbidden;
import static io.driftless.sandbox.validation.FieldError.immutable;
import static io.driftless.sandbox.validation.FieldError.invalid;
import static io.driftless.sandbox.validation.FieldError.notSupported;
import static io.driftless.sandbox.validation.FieldError.required;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.sandbox.objects.Nodes;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The checks of pkg/apis/apps/validation and pkg/apis/batch/validation where user input and server
 * defaults meet, and the immutable fields of workloads.
 */
final class WorkloadRules {

  private static final Set<String> STATEFUL_SET_MUTABLE =
      Set.of(
          "replicas",
          "ordinals",
          "template",
          "updateStrategy",
          "persistentVolumeClaimRetentionPolicy",
          "minReadySeconds");

  private WorkloadRules() {}

  /** ValidateDeploymentSpec: a Recreate strategy with rollingUpdate; the selector. */
  static void deployment(ObjectNode deployment, List<FieldError> errors) {
    var strategy = deployment.path("spec").path("strategy");
    if (strategy.path("type").asText().equals("Recreate") && present(strategy, "rollingUpdate")) {
      errors.add(
          forbidden(
              "spec.strategy.rollingUpdate",
              "may not be specified when strategy `type` is 'Recreate'"));
    }
    selectorMatchesTemplate(deployment, errors);
  }

  /** ValidateDaemonSetSpec and ValidateStatefulSetSpec: the selector must match the template. */
  static void selectorMatchesTemplate(ObjectNode workload, List<FieldError> errors) {
    var spec = workload.path("spec");
    var selector = spec.path("selector");
    if (!present(spec, "selector")) {
      errors.add(required("spec.selector", ""));
      return;
    }
    var labels = spec.path("template").path("metadata").path("labels");
    var matchLabels = selector.path("matchLabels");
    for (Map.Entry<String, JsonNode> entry : iterable(matchLabels)) {
      if (!Nodes.same(entry.getValue(), labels.path(entry.getKey()))) {
        errors.add(
            invalid(
                "spec.template.metadata.labels",
                labels,
                "`selector` does not match template `labels`"));
        return;
      }
    }
  }

  /** ValidateJob: a job's pods restart OnFailure or Never. */
  static void job(ObjectNode job, List<FieldError> errors) {
    var policy = job.path("spec").path("template").path("spec").path("restartPolicy");
    if (!policy.asText().equals("OnFailure") && !policy.asText().equals("Never")) {
      errors.add(
          notSupported("spec.template.spec.restartPolicy", policy, "\"OnFailure\", \"Never\""));
    }
  }

  /** ValidateJobSpecUpdate: selector, template, completionMode and completions are immutable. */
  static void jobUpdate(ObjectNode job, ObjectNode old, List<FieldError> errors) {
    for (var field : List.of("selector", "template", "completionMode", "completions")) {
      unchanged(job, old, field, errors);
    }
  }

  /** ValidateDeploymentUpdate's selector and ValidateDaemonSetUpdate's. */
  static void selectorUpdate(ObjectNode workload, ObjectNode old, List<FieldError> errors) {
    unchanged(workload, old, "selector", errors);
  }

  /** ValidateStatefulSetUpdate: only some fields of a StatefulSet's spec may change. */
  static void statefulSetUpdate(ObjectNode set, ObjectNode old, List<FieldError> errors) {
    var spec = set.path("spec");
    var before = old.path("spec");
    var names = new java.util.TreeSet<String>();
    spec.fieldNames().forEachRemaining(names::add);
    before.fieldNames().forEachRemaining(names::add);
    for (var name : names) {
      if (!STATEFUL_SET_MUTABLE.contains(name) && !Nodes.same(spec.path(name), before.path(name))) {
        errors.add(
            forbidden(
                "spec",
                "updates to statefulset spec for fields other than 'replicas', 'ordinals',"
                    + " 'template', 'updateStrategy', 'persistentVolumeClaimRetentionPolicy' and"
                    + " 'minReadySeconds' are forbidden"));
        return;
      }
    }
  }

  private static void unchanged(
      ObjectNode next, ObjectNode old, String field, List<FieldError> errors) {
    var now = next.path("spec").path(field);
    if (!Nodes.same(now, old.path("spec").path(field))) {
      errors.add(immutable("spec." + field, now));
    }
  }

  private static boolean present(JsonNode parent, String field) {
    var value = parent.get(field);
    return value != null && !value.isNull();
  }

  private static Iterable<Map.Entry<String, JsonNode>> iterable(JsonNode node) {
    return node::fields;
  }
}
