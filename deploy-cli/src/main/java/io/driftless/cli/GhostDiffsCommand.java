package io.driftless.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.ExitCode;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code driftless ghost-diffs}: fields that flip back after every apply (a controller or webhook
 * rewrites them), who set them back where the cluster says ({@code Changed by}, from its {@code
 * managedFields}), with the rebase rule that would silence each.
 */
@Command(
    name = "ghost-diffs",
    sortOptions = false,
    description = "Lists ghost diffs: fields the cluster keeps changing back after each apply.")
final class GhostDiffsCommand implements Callable<Integer> {

  @Option(
      names = {"-a", "--app"},
      paramLabel = "APP",
      description = "Only this app's.")
  String app;

  @Option(
      names = {"-n", "--namespace"},
      paramLabel = "NAMESPACE",
      defaultValue = AppOptions.DEFAULT_NAMESPACE,
      description = "Namespace of the app given with -a (default: default).")
  String namespace;

  @Mixin ClientOptions client;

  @Override
  public Integer call() {
    var query = app == null ? null : "app=" + new AppRef(namespace, app).id();
    var response = client.api().get("/api/ghost-diffs", query);
    if (response.status() == 404 && !Json.readOrMissing(response.body()).has("message")) {
      throw new CliFailure("this server has no ghost-diff view (GET /api/ghost-diffs)");
    }
    if (client.jsonOutput()) {
      return client.printJson(response);
    }
    var ui = client.ui();
    var ghosts = Json.readOrMissing(response.bodyOrThrow());
    ui.print(table(ghosts, ui).render());
    ui.print(rules(ghosts));
    ui.succeeded();
    return ExitCode.OK;
  }

  private static TextTable table(JsonNode ghosts, Ui ui) {
    var table =
        new TextTable(
                "App", "Resource", "Path", "Desired", "Live", "Changed by", "Flips", "Last seen")
            .title(ui.colors().bold("Ghost diffs"))
            .content("ghost diffs");
    var now = ui.context().clock().instant();
    for (var ghost : ghosts) {
      table.row(
          ChangesView.text(ghost, "app"),
          ChangesView.text(ghost, "resource"),
          ChangesView.text(ghost, "path"),
          value(ghost.path("desired")),
          value(ghost.path("live")),
          value(ghost.path("changedBy")),
          ChangesView.text(ghost, "flips"),
          Ages.since(ChangesView.text(ghost, "lastSeenAt"), now));
    }
    return table;
  }

  private static String rules(JsonNode ghosts) {
    var text = new StringBuilder();
    for (var ghost : ghosts) {
      var rule = ghost.path("suggestedRebaseRule");
      if (!rule.isMissingNode() && !rule.isNull()) {
        text.append("\nSuggested rebase rule for ")
            .append(ChangesView.text(ghost, "resource"))
            .append(' ')
            .append(ChangesView.text(ghost, "path"))
            .append(":\n")
            .append(rule.isTextual() ? rule.asText() : rule.toPrettyString())
            .append('\n');
      }
    }
    return text.toString();
  }

  private static String value(JsonNode value) {
    if (value.isMissingNode() || value.isNull()) {
      return "";
    }
    return Text.abbreviate(value.isTextual() ? value.asText() : value.toString());
  }
}
