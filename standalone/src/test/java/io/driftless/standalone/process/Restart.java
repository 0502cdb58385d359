package io.driftless.standalone.process;

/** The standalone server stopped (SIGTERM, or {@code kill -9}) and started again on its data. */
record Restart(boolean kill) implements FuzzAction {

  @Override
  public String kind() {
    return kill ? "restart-kill-9" : "restart-clean";
  }

  @Override
  public String describe() {
    return kill ? "kill -9, start" : "stop, start";
  }

  @Override
  public String run(FuzzRun run) throws Exception {
    return "up after " + run.restart(kill, java.util.List.of()).toMillis() + " ms";
  }
}
