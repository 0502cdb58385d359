package io.driftless.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** One run of the {@code driftless} command in-process: exit code and both output streams. */
record CliRun(int exitCode, String out, String err) {

  /** The tests' clock: 2026-11-21 10:00:00 UTC, so progress lines read {@code 10:00:05AM}. */
  static final Clock CLOCK = Clock.fixed(Instant.parse("2026-11-21T10:00:00Z"), ZoneOffset.UTC);

  static CliRun of(String... args) {
    return withEnvironment(Map.of(), args);
  }

  static CliRun of(List<String> command, String... more) {
    var args = new ArrayList<>(command);
    args.addAll(List.of(more));
    return of(args.toArray(String[]::new));
  }

  static CliRun withEnvironment(Map<String, String> environment, String... args) {
    return run(new CliContext(environment, Terminal.NONE, CLOCK), args);
  }

  static CliRun withTerminal(Terminal terminal, List<String> command, String... more) {
    var args = new ArrayList<>(command);
    args.addAll(List.of(more));
    return run(new CliContext(Map.of(), terminal, CLOCK), args.toArray(String[]::new));
  }

  static CliRun run(CliContext context, String... args) {
    var out = new StringWriter();
    var err = new StringWriter();
    var commandLine = DriftlessCli.commandLine(context);
    commandLine.setOut(new PrintWriter(out, true));
    commandLine.setErr(new PrintWriter(err, true));
    var exitCode = commandLine.execute(args);
    return new CliRun(exitCode, out.toString(), err.toString());
  }

  /** A terminal a person answers with {@code answer}. */
  static Terminal answering(String answer) {
    return new Terminal() {
      @Override
      public boolean interactive() {
        return true;
      }

      @Override
      public String readLine() {
        return answer;
      }
    };
  }
}
