package io.driftless.command.apply.wait;

import com.fasterxml.jackson.databind.JsonNode;

/** Whether one kind of object has converged, read from the live object (its status). */
@FunctionalInterface
public interface WaitRule {

  /** A rule for kinds kapp does not wait for: done at once. */
  WaitRule NONE = object -> WaitState.ok();

  /** The state of {@code object}, the object as the cluster has it now. */
  WaitState check(JsonNode object);
}
