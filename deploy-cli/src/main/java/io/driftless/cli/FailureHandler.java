package io.driftless.cli;

import picocli.CommandLine;
import picocli.CommandLine.ExitCode;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.ParseResult;

/** Prints a {@link CliFailure} as {@code Error: ...} plus its details on stderr; exit code 1. */
final class FailureHandler implements IExecutionExceptionHandler {

  @Override
  public int handleExecutionException(Exception e, CommandLine command, ParseResult parsed)
      throws Exception {
    if (!(e instanceof CliFailure failure)) {
      throw e;
    }
    var err = command.getErr();
    err.println("Error: " + failure.getMessage());
    failure.details().forEach(detail -> err.println("  - " + detail));
    err.flush();
    return ExitCode.SOFTWARE;
  }
}
