package io.driftless.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.ExitCode;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code driftless app-change abort CHANGE}: the way out of a stuck change (role {@code admin}).
 * The server closes the app's open change as failed with {@code aborted by <actor>: <reason>} and
 * the app takes its next change at once. It closes the change in the ledger only: a server thread
 * still running it is not stopped, so on a terminal, without {@code --yes}, it says so and asks
 * first.
 */
@Command(
    name = "abort",
    sortOptions = false,
    description = "Closes an app's stuck open change as failed (admin).")
final class AppChangeAbortCommand implements Callable<Integer> {

  @Mixin AppOptions app;

  @Parameters(index = "0", paramLabel = "CHANGE", description = "Change ID (app-change list).")
  String changeId;

  @Option(
      names = "--reason",
      paramLabel = "TEXT",
      description = "Why it is aborted (recorded; at most 500 characters).")
  String reason;

  @Option(
      names = {"-y", "--yes"},
      description = "Do not ask for confirmation.")
  boolean yes;

  @Mixin ClientOptions client;

  @Override
  public Integer call() {
    var ui = client.ui();
    if (!yes && !client.jsonOutput() && client.context().terminal().interactive()) {
      ui.println(
          "Abort "
              + changeId
              + " of app "
              + app.ref().namespace()
              + "/"
              + app.ref().name()
              + ": it is recorded failed; a server still running it is not stopped.");
      Confirmation.ask(ui);
    }
    var response =
        client
            .api()
            .postToCommandSide(
                app.ref().path() + "/changes/" + changeId + "/abort",
                reason == null ? Map.of() : Map.of("reason", reason));
    if (client.jsonOutput()) {
      return client.printJson(response);
    }
    var aborted = Json.readObject(response.bodyOrThrow());
    awaitView(response, aborted);
    ui.print(
        "Change ID:   "
            + changeId
            + "\nAborted by:  "
            + ChangesView.text(aborted, "abortedBy")
            + "\nAt:          "
            + ChangesView.text(aborted, "at")
            + "\nError:       "
            + ui.colors().red(ChangesView.text(aborted, "error"))
            + "\n");
    ui.succeeded();
    return ExitCode.OK;
  }

  /** As after a deploy: {@code app-change show} right after finds the change closed. */
  private void awaitView(ApiResponse response, JsonNode aborted) {
    ViewWait.awaitRecorded(client, app.ref(), response, aborted, ChangeRun.VIEW_TIMEOUT);
  }
}
