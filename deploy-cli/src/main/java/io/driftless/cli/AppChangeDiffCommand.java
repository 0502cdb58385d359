package io.driftless.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.ExitCode;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code driftless app-change diff FROM [TO]}: what differs between the desired sets recorded after
 * two changes of an app ({@code GET .../compare}, docs/API.md, "Time travel"), as if {@code FROM}
 * were live and {@code TO} deployed; {@code TO} absent: the newest change. Printed as a deploy with
 * {@code --diff-changes} prints its plan: each line diff, then kapp's Changes table.
 */
@Command(
    name = "diff",
    sortOptions = false,
    description = "Diffs the desired sets of two changes of an app (TO absent: the newest).")
final class AppChangeDiffCommand implements Callable<Integer> {

  @Mixin AppOptions app;

  @Parameters(index = "0", paramLabel = "FROM", description = "Change ID (app-change list).")
  String from;

  @Parameters(
      index = "1",
      arity = "0..1",
      paramLabel = "TO",
      description = "Change ID; absent: the app's newest change.")
  String to;

  @Option(
      names = "--diff-context",
      paramLabel = "N",
      description = "Unchanged lines around each change in the diff (server default 2).")
  Integer diffContext;

  @Mixin ClientOptions client;

  @Override
  public Integer call() {
    var query =
        new Query()
            .add("from", from)
            .add("to", to)
            .flag("diffChanges", true)
            .add("diffContext", diffContext);
    var response = client.api().get(app.ref().path() + "/compare", query, "application/json");
    if (client.jsonOutput()) {
      return client.printJson(response);
    }
    var answer = Json.readObject(response.bodyOrThrow());
    var ui = client.ui();
    ui.println(
        "Desired set of "
            + from
            + " against "
            + (to == null ? "the newest change" : to)
            + " (as if the first were live and the second deployed)");
    ui.println("");
    ui.print(ChangesView.diffs(answer));
    ui.print(ChangesView.render(answer, ui.colors()));
    ui.succeeded();
    return ExitCode.OK;
  }
}
