package io.driftless.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.ExitCode;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code driftless subscriptions deliveries ID [--status S]}: a subscription's deliveries. */
@Command(
    name = "deliveries",
    sortOptions = false,
    description = "Lists a subscription's deliveries, newest first.")
final class SubscriptionDeliveriesCommand implements Callable<Integer> {

  @Parameters(index = "0", paramLabel = "ID", description = "Subscription id.")
  String id;

  @Option(names = "--status", description = "pending, failed, dead or delivered.")
  String status;

  @Option(names = "--limit", description = "At most this many (1-1000, default 100).")
  Integer limit;

  @Mixin ClientOptions client;

  @Override
  public Integer call() {
    var query = new Query().add("status", status).add("limit", limit);
    var response =
        client.api().get("/api/subscriptions/" + id + "/deliveries", query, "application/json");
    if (client.jsonOutput()) {
      return client.printJson(response);
    }
    var ui = client.ui();
    var table =
        new TextTable("Id", "Type", "App", "Status", "Tries", "Last", "Error", "Created")
            .title(ui.colors().bold("Deliveries"))
            .content("deliveries");
    for (var d : Json.readOrMissing(response.bodyOrThrow())) {
      var state = ChangesView.text(d, "status");
      table.row(
          ChangesView.text(d, "id"),
          ChangesView.text(d, "type"),
          ChangesView.text(d, "app"),
          switch (state) {
            case "delivered" -> ui.colors().green(state);
            case "dead" -> ui.colors().red(state);
            case "failed" -> ui.colors().yellow(state);
            default -> state;
          },
          ChangesView.text(d, "attempts"),
          ChangesView.text(d, "lastStatus"),
          ChangesView.text(d, "lastError"),
          ChangesView.text(d, "createdAt"));
    }
    ui.print(table.render());
    ui.succeeded();
    return ExitCode.OK;
  }
}
