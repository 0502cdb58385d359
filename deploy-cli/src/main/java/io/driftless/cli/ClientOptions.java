package io.driftless.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.function.Function;
import picocli.CommandLine.ExitCode;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** Where to send a command and how to print the answer; shared by every server command. */
final class ClientOptions {

  static final String SERVER_OPTION = "--server";
  static final String QUERY_SERVER_OPTION = "--query-server";
  static final String TOKEN_OPTION = "--token";

  @Spec(Spec.Target.MIXEE)
  CommandSpec command;

  @Option(
      names = SERVER_OPTION,
      paramLabel = "URL",
      description = {
        "Driftless server URL (the command side). Default: $DRIFTLESS_SERVER,",
        "else " + ServerDefault.LOCAL_SERVER + "."
      })
  ServerAddress server;

  @Option(
      names = QUERY_SERVER_OPTION,
      paramLabel = "URL",
      description = {
        "Query side URL when the two sides run apart.",
        "Default: $DRIFTLESS_QUERY_SERVER, else --server."
      })
  ServerAddress queryServer;

  @Option(
      names = TOKEN_OPTION,
      paramLabel = "TOKEN",
      description = "Bearer token sent as Authorization. Default: $DRIFTLESS_TOKEN.")
  String token;

  @Option(names = "--json", description = "Print the server's JSON answer (same as -o json).")
  boolean json;

  @Option(
      names = {"-o", "--output"},
      paramLabel = "FORMAT",
      defaultValue = "text",
      description = {"text (default): kapp-like tables;", "json: the server's answer as it came."})
  OutputFormat output;

  @Option(
      names = "--color",
      paramLabel = "WHEN",
      defaultValue = "auto",
      description = "auto (default: on a terminal, unless NO_COLOR is set), always, never.")
  ColorMode color;

  DriftlessApi api() {
    return new DriftlessApi(
        new Endpoints(server, queryServer == null ? server : queryServer, token));
  }

  boolean jsonOutput() {
    return json || output == OutputFormat.JSON;
  }

  Ui ui() {
    var context = context();
    var colors = new Colors(color.enabled(context.terminal().interactive(), context.noColor()));
    var line = command.commandLine();
    return new Ui(line.getOut(), line.getErr(), colors, context);
  }

  CliContext context() {
    return ((DriftlessCli) command.root().userObject()).context();
  }

  /** Prints a JSON answer as it came; throws the API's error for any other. */
  int printJson(ApiResponse response) {
    var body = response.bodyOrThrow();
    var out = command.commandLine().getOut();
    out.print(body.endsWith("\n") ? body : body + "\n");
    out.flush();
    return ExitCode.OK;
  }

  /**
   * Prints a list answer: as it came with {@code --json} (or the {@code DRIFTLESS_OUTPUT} setting),
   * else as the table {@code table} makes of its JSON; throws the API's error for any other.
   */
  int printList(ApiResponse response, Function<JsonNode, TextTable> table) {
    if (jsonOutput()) {
      return printJson(response);
    }
    var ui = ui();
    ui.print(table.apply(Json.readOrMissing(response.bodyOrThrow())).render());
    ui.succeeded();
    return ExitCode.OK;
  }
}
