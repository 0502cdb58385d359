package io.driftless.standalone.process;

/** The newest version of a {@code kapp.k14s.io/versioned} object ({@code name-ver-N}) deleted. */
record DeleteNewestVersion(SandboxObject target) implements FuzzAction {

  @Override
  public String kind() {
    return "delete-newest-version";
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
