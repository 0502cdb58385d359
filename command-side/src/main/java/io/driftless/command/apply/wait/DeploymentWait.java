package io.driftless.command.apply.wait;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * A Deployment, as kapp's {@code resourcesmisc/apps_v1_deployment.go}: its generation observed, not
 * failed to progress ({@code Progressing=False} fails it, as the controller's progress deadline
 * does), every replica updated (the template's new revision rolled out; kapp reads this from the
 * ReplicaSets, which Driftless does not list), none unavailable, every replica ready. kapp's {@code
 * min-available} annotation is not read.
 */
final class DeploymentWait implements WaitRule {

  @Override
  public WaitState check(JsonNode deployment) {
    var lag = Status.generationLag(deployment);
    if (lag != null) {
      return lag;
    }
    var progressing = Status.condition(deployment, "Progressing");
    if ("False".equals(progressing.path("status").asText(null))) {
      return WaitState.failed("Deployment is not progressing: " + reasonAndMessage(progressing));
    }
    var replicaFailure = Status.condition(deployment, "ReplicaFailure");
    if ("True".equals(replicaFailure.path("status").asText(null))) {
      return WaitState.ongoing(
          "Deployment has encountered replica failure: " + reasonAndMessage(replicaFailure));
    }
    return replicas(deployment);
  }

  private static WaitState replicas(JsonNode deployment) {
    var wanted = deployment.path("spec").path("replicas");
    var notUpdated = wanted.asLong(0) - Status.number(deployment, "updatedReplicas");
    if (wanted.isNumber() && notUpdated > 0) {
      return WaitState.ongoing("Waiting for " + notUpdated + " replicas to be updated");
    }
    var unavailable = Status.number(deployment, "unavailableReplicas");
    if (unavailable > 0) {
      return WaitState.ongoing("Waiting for " + unavailable + " unavailable replicas");
    }
    var ready = Status.number(deployment, "readyReplicas");
    if (wanted.isNumber() && ready < wanted.asLong()) {
      return WaitState.ongoing(
          "Waiting for "
              + (wanted.asLong() - ready)
              + "/"
              + wanted.asLong()
              + " replicas to be ready");
    }
    return WaitState.ok();
  }

  static String reasonAndMessage(JsonNode condition) {
    return condition.path("reason").asText("")
        + " (message: "
        + condition.path("message").asText("")
        + ")";
  }
}
