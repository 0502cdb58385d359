package io.driftless.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code driftless projections}: the query side's views, their lag and rebuilds. */
@Command(
    name = "projections",
    sortOptions = false,
    description = "Lists the query side's views: status, lag, delivery backlog, rebuilds.",
    subcommands = ProjectionRebuildCommand.class)
final class ProjectionsCommand implements Callable<Integer> {

  @Mixin ClientOptions client;

  @Override
  public Integer call() {
    var response = client.api().get("/api/projections", null);
    return client.printList(response, views -> table(views, client.ui().colors()));
  }

  private static TextTable table(JsonNode views, Colors colors) {
    var table =
        new TextTable(
                "Name",
                "Status",
                "Version",
                "Last event",
                "Lag",
                "Waiting",
                "Retrying",
                "Parked",
                "Rebuild")
            .title(colors.bold("Projections"))
            .content("projections");
    for (var view : views) {
      table.row(
          ChangesView.text(view, "name"),
          status(ChangesView.text(view, "status"), colors),
          ChangesView.text(view, "version"),
          ChangesView.text(view, "lastEventAt"),
          ChangesView.text(view, "lag"),
          ChangesView.text(view, "waiting"),
          ChangesView.text(view, "retrying"),
          ChangesView.text(view, "parked"),
          RebuildBar.summary(view.path("rebuild")));
    }
    return table;
  }

  private static String status(String status, Colors colors) {
    return switch (status) {
      case "live" -> colors.green(status);
      case "stale", "not-built" -> colors.red(status);
      case "rebuilding" -> colors.yellow(status);
      default -> status;
    };
  }
}
