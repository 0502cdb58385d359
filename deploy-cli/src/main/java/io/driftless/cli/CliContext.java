package io.driftless.cli;

import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;

/**
 * What the commands take from the process: environment, terminal, clock and working directory
 * (where {@code git} is asked for the automatic meta, {@link AutoMeta}); tests give theirs.
 */
record CliContext(
    Map<String, String> environment, Terminal terminal, Clock clock, Path workingDirectory) {

  CliContext {
    environment = Map.copyOf(environment);
  }

  /** In the process' working directory. */
  CliContext(Map<String, String> environment, Terminal terminal, Clock clock) {
    this(environment, terminal, clock, Path.of("").toAbsolutePath());
  }

  boolean noColor() {
    return environment.containsKey("NO_COLOR");
  }
}
