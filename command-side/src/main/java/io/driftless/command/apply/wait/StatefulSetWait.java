package io.driftless.command.apply.wait;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * A StatefulSet, as kapp's {@code resourcesmisc/apps_v1_stateful_set.go}: its generation observed;
 * the replicas a rolling update with a partition touches (replicas minus partition) updated; every
 * replica ready; none left over after a scale-down. Without {@code spec.replicas} it fails, as
 * kapp's does (the API server always sets it).
 */
final class StatefulSetWait implements WaitRule {

  @Override
  public WaitState check(JsonNode set) {
    var lag = Status.generationLag(set);
    if (lag != null) {
      return lag;
    }
    var wantedNode = set.path("spec").path("replicas");
    if (!wantedNode.isNumber()) {
      return WaitState.failed("Error: Failed to find spec.replicas");
    }
    var wanted = wantedNode.asLong();
    var toUpdate = wanted;
    var clarification = "";
    var rolling = set.path("spec").path("updateStrategy");
    var partition = rolling.path("rollingUpdate").path("partition");
    if ("RollingUpdate".equals(rolling.path("type").asText("RollingUpdate"))
        && partition.isNumber()) {
      toUpdate -= partition.asLong();
      clarification = " (updating only " + toUpdate + " of " + wanted + " total)";
    }
    var notUpdated = toUpdate - Status.number(set, "updatedReplicas");
    if (notUpdated > 0) {
      return WaitState.ongoing(
          "Waiting for " + notUpdated + " replicas to be updated" + clarification);
    }
    var notReady = wanted - Status.number(set, "readyReplicas");
    if (notReady > 0) {
      return WaitState.ongoing("Waiting for " + notReady + " replicas to be ready");
    }
    var notDeleted = Status.number(set, "replicas") - wanted;
    if (notDeleted > 0) {
      return WaitState.ongoing("Waiting for " + notDeleted + " replicas to be deleted");
    }
    return WaitState.ok();
  }
}
