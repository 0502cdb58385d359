package io.driftless.standalone.process;

/** {@code POST .../deploy} of one of the app's manifests. */
record Deploy(FuzzApp app, int version) implements FuzzAction {

  @Override
  public String kind() {
    return "deploy";
  }

  @Override
  public String describe() {
    return app.name() + " version " + version;
  }

  @Override
  public String run(FuzzRun run) {
    var answer = run.api().deploy(app.name(), app.versions().get(version));
    run.answered(this, answer);
    if (answer.status() == 200 || answer.status() == 502) {
      run.deployed(app.name());
    }
    return run.summary(answer);
  }
}
