package io.driftless.standalone.process;

/** {@code POST .../reconcile} of a deployed app. */
record Reconcile(String app) implements FuzzAction {

  @Override
  public String kind() {
    return "reconcile";
  }

  @Override
  public String describe() {
    return app;
  }

  @Override
  public String run(FuzzRun run) {
    var answer = run.api().reconcile(app);
    run.answered(this, answer);
    return run.summary(answer);
  }
}
