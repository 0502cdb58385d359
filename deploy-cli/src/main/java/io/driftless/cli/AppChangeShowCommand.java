package io.driftless.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.ExitCode;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code driftless app-change show CHANGE}: one recorded change, its Changes table and, with {@code
 * --diff}, what kapp never kept: each resource's field changes (path, from, to, what decided it)
 * and the stored line diff.
 */
@Command(
    name = "show",
    sortOptions = false,
    description = "Shows one change of an app; --diff adds its stored field and line diffs.")
final class AppChangeShowCommand implements Callable<Integer> {

  @Mixin AppOptions app;

  @Parameters(index = "0", paramLabel = "CHANGE", description = "Change ID (app-change list).")
  String changeId;

  @Option(names = "--diff", description = "Show the field changes and line diffs.")
  boolean diff;

  @Mixin ClientOptions client;

  @Override
  public Integer call() {
    var response = client.api().get(app.ref().path() + "/changes/" + changeId, null);
    if (client.jsonOutput()) {
      return client.printJson(response);
    }
    var change = Json.readObject(response.bodyOrThrow());
    var ui = client.ui();
    ui.print(header(change, ui.colors()));
    if (diff) {
      ui.print(diffs(change));
    }
    ui.print(ChangesView.render(change, ui.colors()));
    ui.succeeded();
    return ExitCode.OK;
  }

  private String header(JsonNode change, Colors colors) {
    return "Change ID:   "
        + changeId
        + "\nTrigger:     "
        + ChangesView.text(change, "trigger")
        + "\nStarted at:  "
        + ChangesView.text(change, "startedAt")
        + "\nFinished at: "
        + ChangesView.text(change, "finishedAt")
        + "\nSuccessful:  "
        + AppChangeListCommand.successful(change.path("successful"), colors)
        + "\nDescription: "
        + ChangesView.text(change, "description")
        + "\n\n";
  }

  private static String diffs(JsonNode change) {
    var text = new StringBuilder();
    for (var resource : change.path("changes")) {
      text.append(ChangesView.header(resource)).append('\n');
      for (var field : resource.path("fields")) {
        text.append("  ")
            .append(field.path("path").asText())
            .append(": ")
            .append(value(field.path("from")))
            .append(" -> ")
            .append(value(field.path("to")))
            .append("  (")
            .append(field.path("decidedBy").asText("desired"))
            .append(")\n");
      }
      var lines = ChangesView.text(resource, "diff").replaceFirst("^@@[^\n]*@@\n", "");
      if (!lines.isEmpty()) {
        text.append(lines.endsWith("\n") ? lines : lines + "\n");
      }
      text.append('\n');
    }
    return text.toString();
  }

  private static String value(JsonNode value) {
    if (value.isMissingNode() || value.isNull()) {
      return "(none)";
    }
    return value.isTextual() ? value.asText() : value.toString();
  }
}
