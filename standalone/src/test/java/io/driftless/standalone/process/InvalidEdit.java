package io.driftless.standalone.process;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * A {@code kubectl patch --type=merge} that makes the object invalid for Kubernetes: the sandbox
 * refuses some (a template that no longer matches the selector, a Recreate strategy keeping its
 * rollingUpdate: 422) and stores others a real API server would refuse (negative replicas, a label
 * key with a space, a number where a string belongs), since its validation is not Kubernetes'
 * whole.
 */
record InvalidEdit(SandboxObject target, String what, JsonNode patch) implements FuzzAction {

  @Override
  public String kind() {
    return "invalid-edit";
  }

  @Override
  public String describe() {
    return target.key() + " " + what + " " + patch;
  }

  @Override
  public String run(FuzzRun run) {
    return FuzzSandbox.outcome(run.sandbox().mergePatch(target.path(), patch));
  }
}
