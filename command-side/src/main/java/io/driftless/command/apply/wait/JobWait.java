package io.driftless.command.apply.wait;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * A Job, as kapp's {@code resourcesmisc/batch_v1_job.go}: done when its {@code Complete} condition
 * is True, failed when its {@code Failed} condition is (with the condition's reason and message),
 * else waiting with its pod counts.
 */
final class JobWait implements WaitRule {

  @Override
  public WaitState check(JsonNode job) {
    for (var condition : job.path("status").path("conditions")) {
      if (!"True".equals(condition.path("status").asText(null))) {
        continue;
      }
      var type = condition.path("type").asText();
      if (type.equals("Complete")) {
        return WaitState.ok("Completed");
      }
      if (type.equals("Failed")) {
        return WaitState.failed(
            "Failed with reason "
                + condition.path("reason").asText("")
                + ": "
                + condition.path("message").asText(""));
      }
    }
    return WaitState.ongoing(
        "Waiting to complete ("
            + Status.number(job, "active")
            + " active, "
            + Status.number(job, "failed")
            + " failed, "
            + Status.number(job, "succeeded")
            + " succeeded)");
  }
}
