package io.driftless.cli;

import picocli.CommandLine.ExitCode;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** Where to send a command and how to print the answer; shared by every server command. */
final class ClientOptions {

  static final String SERVER_OPTION = "--server";

  @Spec(Spec.Target.MIXEE)
  CommandSpec command;

  @Option(
      names = SERVER_OPTION,
      paramLabel = "URL",
      description = {
        "Driftless server URL. Default: $DRIFTLESS_SERVER,",
        "else " + ServerDefault.LOCAL_SERVER + "."
      })
  ServerAddress server;

  @Option(
      names = {"-o", "--output"},
      paramLabel = "FORMAT",
      defaultValue = "text",
      description = {
        "text (default): a kapp-like summary of the changes;",
        "json: the server's answer as it came."
      })
  OutputFormat output;

  DriftlessApi api() {
    return new DriftlessApi(server);
  }

  /** Prints a successful answer to stdout; throws the API's error for any other. */
  int print(ApiResponse response) {
    if (!response.successful()) {
      throw ApiError.of(response).toFailure();
    }
    var out = command.commandLine().getOut();
    out.print(output.render(response.body()));
    out.flush();
    return ExitCode.OK;
  }
}
