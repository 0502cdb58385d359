package io.driftless.standalone.process;

/**
 * {@code kubectl delete} of a custom resource (an object whose group a CRD in the sandbox serves).
 */
record DeleteCustomResource(SandboxObject target) implements FuzzAction {

  @Override
  public String kind() {
    return "delete-custom-resource";
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
