package io.driftless.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** One run of the {@code driftless} command in-process: exit code and both output streams. */
record CliRun(int exitCode, String out, String err) {

  static CliRun of(String... args) {
    return withEnvironment(Map.of(), args);
  }

  static CliRun of(List<String> command, String... more) {
    var args = new ArrayList<>(command);
    args.addAll(List.of(more));
    return of(args.toArray(String[]::new));
  }

  static CliRun withEnvironment(Map<String, String> environment, String... args) {
    var out = new StringWriter();
    var err = new StringWriter();
    var commandLine = DriftlessCli.commandLine(environment);
    commandLine.setOut(new PrintWriter(out, true));
    commandLine.setErr(new PrintWriter(err, true));
    var exitCode = commandLine.execute(args);
    return new CliRun(exitCode, out.toString(), err.toString());
  }
}
