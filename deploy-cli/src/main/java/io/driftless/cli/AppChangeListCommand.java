package io.driftless.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.ExitCode;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code driftless app-change list}: kapp's App changes table, newest first. */
@Command(
    name = "list",
    aliases = "ls",
    sortOptions = false,
    description = "Lists an app's changes, newest first.")
final class AppChangeListCommand implements Callable<Integer> {

  @Mixin AppOptions app;

  @Option(
      names = "--limit",
      paramLabel = "N",
      description = "At most this many changes (server default).")
  Integer limit;

  @Mixin ClientOptions client;

  @Override
  public Integer call() {
    var query = limit == null ? null : "limit=" + limit;
    var response = client.api().get(app.ref().path() + "/changes", query);
    if (client.jsonOutput()) {
      return client.printJson(response);
    }
    var ui = client.ui();
    ui.print(table(Json.readOrMissing(response.bodyOrThrow()), ui).render());
    ui.succeeded();
    return ExitCode.OK;
  }

  private TextTable table(JsonNode changes, Ui ui) {
    var table =
        new TextTable("Name", "Trigger", "Started At", "Finished At", "Successful", "Description")
            .title(ui.colors().bold("App changes"))
            .content("app changes");
    for (var change : changes) {
      table.row(
          ChangesView.text(change, "changeId"),
          ChangesView.text(change, "trigger"),
          ChangesView.text(change, "startedAt"),
          ChangesView.text(change, "finishedAt"),
          successful(change.path("successful"), ui.colors()),
          ChangesView.text(change, "description"));
    }
    return table;
  }

  static String successful(JsonNode value, Colors colors) {
    if (!value.isBoolean()) {
      return "";
    }
    return value.asBoolean() ? "true" : colors.red("false");
  }
}
