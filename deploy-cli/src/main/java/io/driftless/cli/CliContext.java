package io.driftless.cli;

import java.time.Clock;
import java.util.Map;

/** What the commands take from the process: environment, terminal and clock (tests give theirs). */
record CliContext(Map<String, String> environment, Terminal terminal, Clock clock) {

  CliContext {
    environment = Map.copyOf(environment);
  }

  boolean noColor() {
    return environment.containsKey("NO_COLOR");
  }
}
