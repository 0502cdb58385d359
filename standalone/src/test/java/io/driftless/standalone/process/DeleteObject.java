package io.driftless.standalone.process;

/**
 * {@code kubectl delete} of an owned object (not a Namespace or CRD: the sandbox does not cascade).
 */
record DeleteObject(SandboxObject target) implements FuzzAction {

  @Override
  public String kind() {
    return "delete-object";
  }

  @Override
  public String describe() {
    return target.key();
  }

  @Override
  public String run(FuzzRun run) {
    return FuzzSandbox.outcome(run.sandbox().delete(target.path()));
  }
}
