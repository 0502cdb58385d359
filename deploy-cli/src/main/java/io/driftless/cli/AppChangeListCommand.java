package io.driftless.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code driftless app-change list}: kapp's App changes table, newest first, with who asked for
 * each change (Actor) and from which commit (its {@code git.commit} meta, short).
 */
@Command(
    name = "list",
    aliases = "ls",
    sortOptions = false,
    description = "Lists an app's changes, newest first.")
final class AppChangeListCommand implements Callable<Integer> {

  private static final int SHORT_COMMIT = 7;

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
    return client.printList(response, changes -> table(changes, client.ui()));
  }

  private TextTable table(JsonNode changes, Ui ui) {
    var table =
        new TextTable(
                "Name",
                "Trigger",
                "Started At",
                "Finished At",
                "Successful",
                "Actor",
                "Commit",
                "Description")
            .title(ui.colors().bold("App changes"))
            .content("app changes");
    for (var change : changes) {
      table.row(
          ChangesView.text(change, "changeId"),
          ChangesView.text(change, "trigger"),
          ChangesView.text(change, "startedAt"),
          ChangesView.text(change, "finishedAt"),
          successful(change.path("successful"), ui.colors()),
          ChangesView.text(change, "actor"),
          commit(change),
          ChangesView.text(change, "description"));
    }
    return table;
  }

  /** The change's {@code git.commit} meta, short (7 characters) as git prints it; "" when none. */
  static String commit(JsonNode change) {
    var commit = ChangesView.text(change.path("meta"), AutoMeta.COMMIT);
    return commit.length() > SHORT_COMMIT ? commit.substring(0, SHORT_COMMIT) : commit;
  }

  static String successful(JsonNode value, Colors colors) {
    if (!value.isBoolean()) {
      return "";
    }
    return value.asBoolean() ? "true" : colors.red("false");
  }
}
