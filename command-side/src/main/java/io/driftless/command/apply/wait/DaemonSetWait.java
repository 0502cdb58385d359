package io.driftless.command.apply.wait;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * A DaemonSet, as kapp's {@code resourcesmisc/apps_v1_daemon_set.go}: its generation observed,
 * every desired pod scheduled with the new template, none unavailable.
 */
final class DaemonSetWait implements WaitRule {

  @Override
  public WaitState check(JsonNode set) {
    var lag = Status.generationLag(set);
    if (lag != null) {
      return lag;
    }
    var notScheduled =
        Status.number(set, "desiredNumberScheduled") - Status.number(set, "updatedNumberScheduled");
    if (notScheduled > 0) {
      return WaitState.ongoing("Waiting for " + notScheduled + " updated pods to be scheduled");
    }
    var unavailable = Status.number(set, "numberUnavailable");
    if (unavailable > 0) {
      return WaitState.ongoing("Waiting for " + unavailable + " unavailable pods");
    }
    return WaitState.ok();
  }
}
