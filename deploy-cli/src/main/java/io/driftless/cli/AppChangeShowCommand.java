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
 * and the stored line diff. A failed change shows why ({@code Error:} under {@code Successful:})
 * and each refused resource with the cluster's words ({@code Refused:} lines after the table).
 * Issue 27: who asked for the change and why ({@code Actor}, {@code Client}, {@code Message},
 * {@code Meta}; {@code -} for a change recorded before provenance existed), and for a rollback the
 * change it deployed again ({@code Rolled back to}).
 */
@Command(
    name = "show",
    sortOptions = false,
    description = "Shows one change of an app; --diff adds its stored field and line diffs.")
final class AppChangeShowCommand implements Callable<Integer> {

  private static final int LABEL_WIDTH = 16;

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
    ui.print(refusals(change, ui.colors()));
    ui.succeeded();
    return ExitCode.OK;
  }

  private String header(JsonNode change, Colors colors) {
    return line("Change ID", changeId)
        + line("Trigger", ChangesView.text(change, "trigger"))
        + rolledBackTo(change)
        + line("Started at", ChangesView.text(change, "startedAt"))
        + line("Finished at", ChangesView.text(change, "finishedAt"))
        + line("Successful", AppChangeListCommand.successful(change.path("successful"), colors))
        + failure(change, colors)
        + line("Actor", orDash(ChangesView.text(change, "actor")))
        + line("Client", orDash(ChangesView.text(change, "client")))
        + line("Message", orDash(ChangesView.text(change, "message")))
        + meta(change.path("meta"))
        + line("Description", ChangesView.text(change, "description"))
        + "\n";
  }

  /** {@code Label:} padded to one column for every label ({@code Rolled back to:} the longest). */
  private static String line(String label, String value) {
    return String.format("%-" + LABEL_WIDTH + "s", label + ":") + value + "\n";
  }

  private static String rolledBackTo(JsonNode change) {
    var to = ChangesView.text(change, "rolledBackTo");
    return to.isEmpty() ? "" : line("Rolled back to", to);
  }

  /** One {@code key=value} a line, keys sorted; {@code -} for none. */
  private static String meta(JsonNode meta) {
    var pairs = new java.util.TreeMap<String, String>();
    meta.fields().forEachRemaining(field -> pairs.put(field.getKey(), field.getValue().asText()));
    if (pairs.isEmpty()) {
      return line("Meta", "-");
    }
    var text = new StringBuilder();
    for (var pair : pairs.entrySet()) {
      var value = pair.getKey() + "=" + pair.getValue();
      text.append(text.isEmpty() ? line("Meta", value) : " ".repeat(LABEL_WIDTH) + value + "\n");
    }
    return text.toString();
  }

  private static String orDash(String value) {
    return value.isEmpty() ? "-" : value;
  }

  /**
   * A failed change's reason ({@code Error: ...}, the API's {@code error}: a refusal, a timeout
   * naming what was waited for), or a note that it has none; nothing for any other change.
   */
  private static String failure(JsonNode change, Colors colors) {
    if (!change.path("successful").isBoolean() || change.path("successful").asBoolean()) {
      return "";
    }
    var error = ChangesView.text(change, "error");
    return line("Error", colors.red(error.isEmpty() ? "(no reason was recorded)" : error));
  }

  /** Each resource the cluster refused, with what it said: {@code Refused: update ...: reason}. */
  private static String refusals(JsonNode change, Colors colors) {
    var text = new StringBuilder();
    for (var resource : change.path("changes")) {
      var error = ChangesView.text(resource, "error");
      if (!error.isEmpty()) {
        text.append(colors.red("Refused: "))
            .append(ChangesView.header(resource).replaceAll("^@@ | @@$", ""))
            .append(": ")
            .append(error)
            .append('\n');
      }
    }
    return text.isEmpty() ? "" : "\n" + text;
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
            .append(changedBy(field))
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

  /** {@code , was set by kubectl-edit}: who wrote the value it replaced, where the cluster said. */
  private static String changedBy(JsonNode field) {
    var manager = field.path("changedBy");
    return manager.isTextual() ? ", was set by " + manager.asText() : "";
  }

  private static String value(JsonNode value) {
    if (value.isMissingNode() || value.isNull()) {
      return "(none)";
    }
    return value.isTextual() ? value.asText() : value.toString();
  }
}
