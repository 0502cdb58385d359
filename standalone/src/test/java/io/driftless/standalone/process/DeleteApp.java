package io.driftless.standalone.process;

/**
 * {@code DELETE /api/apps/default/{app}} in the middle of the run; the app may be deployed again
 * later (a first deploy once more). Checked at once: it leaves none of its objects.
 */
record DeleteApp(String app) implements FuzzAction {

  @Override
  public String kind() {
    return "delete-app";
  }

  @Override
  public String describe() {
    return app;
  }

  @Override
  public String run(FuzzRun run) {
    var answer = run.api().delete(app);
    run.answered(this, answer);
    if (answer.status() == 200) {
      run.deletedApp(app);
      var left = run.sandbox().ownedBy(app).stream().map(SandboxObject::key).toList();
      if (!left.isEmpty()) {
        run.violation(
            "a deleted app leaves none of its objects", app + ": objects left", left.toString());
      }
    }
    return run.summary(answer);
  }
}
