package io.driftless.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.ExitCode;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code driftless audit}: every app's changes, newest first ({@code GET /api/changes},
 * docs/API.md, "Audit log across apps"), filters combined with AND. A full page ends with the
 * {@code --before} value of the next one: the cursor of its last row ({@code
 * <startedAt>,<app>,<changeId>}).
 */
@Command(
    name = "audit",
    sortOptions = false,
    description = "Lists every app's changes, newest first: who, what, when, from which commit.")
final class AuditCommand implements Callable<Integer> {

  @Option(names = "--actor", paramLabel = "ACTOR", description = "Only this actor's changes.")
  String actor;

  @Option(
      names = "--trigger",
      paramLabel = "TRIGGER",
      description = "deploy, reconcile, delete, rollback, lock or unlock.")
  String trigger;

  @Option(
      names = "--successful",
      paramLabel = "BOOL",
      arity = "1",
      description = "Only changes that succeeded (true) or failed (false).")
  Boolean successful;

  @Option(names = "--app", paramLabel = "NS/APP", description = "Only this app (namespace/app).")
  String app;

  @Option(names = "--since", paramLabel = "TIME", description = "Started at or after (ISO-8601).")
  String since;

  @Option(names = "--until", paramLabel = "TIME", description = "Started before (ISO-8601).")
  String until;

  @Option(
      names = "--meta",
      paramLabel = "KEY=VALUE",
      description = "Only changes with this meta value, repeatable (e.g. git.commit=4f2a...).")
  Map<String, String> meta = new LinkedHashMap<>();

  @Option(names = "--limit", paramLabel = "N", description = "At most N changes (server default).")
  Integer limit;

  @Option(
      names = "--before",
      paramLabel = "CURSOR",
      description = "The page after this cursor (printed under a full page).")
  String before;

  @Mixin ClientOptions client;

  @Override
  public Integer call() {
    var query =
        new Query()
            .add("actor", actor)
            .add("trigger", trigger)
            .add("successful", successful)
            .add("app", app)
            .add("since", Times.instant(since, "--since"))
            .add("until", Times.instant(until, "--until"))
            .addAll("meta.", meta)
            .add("limit", limit)
            .add("before", before);
    var response = client.api().get("/api/changes", query, "application/json");
    if (client.jsonOutput()) {
      return client.printJson(response);
    }
    var changes = Json.readOrMissing(response.bodyOrThrow());
    var ui = client.ui();
    ui.print(table(changes, ui).render());
    ui.nextPage(next(response, changes));
    ui.succeeded();
    return ExitCode.OK;
  }

  private static TextTable table(JsonNode changes, Ui ui) {
    var table =
        new TextTable(
                "Started At",
                "App",
                "Change",
                "Trigger",
                "Actor",
                "Successful",
                "Commit",
                "Description")
            .title(ui.colors().bold("Changes of all apps"))
            .content("changes");
    for (var change : changes) {
      table.row(
          ChangesView.text(change, "startedAt"),
          ChangesView.text(change, "app"),
          ChangesView.text(change, "changeId"),
          ChangesView.text(change, "trigger"),
          ChangesView.text(change, "actor"),
          AppChangeListCommand.successful(change.path("successful"), ui.colors()),
          AppChangeListCommand.commit(change),
          ChangesView.text(change, "description"));
    }
    return table;
  }

  /**
   * The next page's cursor: the server's {@code Driftless-Next-Before} when it sends one, else, on
   * a page as long as {@code --limit}, the cursor of its last row.
   */
  private String next(ApiResponse response, JsonNode changes) {
    var header = response.header(ApiResponse.NEXT_BEFORE);
    if (header != null) {
      return header;
    }
    var full = limit != null && limit > 0 && changes.size() >= limit;
    return full ? cursor(changes.get(changes.size() - 1)) : null;
  }

  private static String cursor(JsonNode change) {
    return ChangesView.text(change, "startedAt")
        + ","
        + ChangesView.text(change, "app")
        + ","
        + ChangesView.text(change, "changeId");
  }
}
