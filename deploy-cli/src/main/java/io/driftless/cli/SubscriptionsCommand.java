package io.driftless.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * {@code driftless subscriptions [ls]}: the webhook subscriptions of the query side with their
 * backlog; {@code create}, {@code rm}, {@code deliveries} and {@code redeliver} manage them (an
 * admin token).
 */
@Command(
    name = "subscriptions",
    sortOptions = false,
    description = "Lists webhook subscriptions (events out as CloudEvents) and their backlog.",
    subcommands = {
      SubscriptionsCommand.Ls.class,
      SubscriptionCreateCommand.class,
      SubscriptionRmCommand.class,
      SubscriptionDeliveriesCommand.class,
      SubscriptionRedeliverCommand.class
    })
final class SubscriptionsCommand implements Callable<Integer> {

  @Mixin ClientOptions client;

  @Override
  public Integer call() {
    return list(client);
  }

  /** {@code driftless subscriptions ls}. */
  @Command(name = "ls", description = "Lists webhook subscriptions and their backlog.")
  static final class Ls implements Callable<Integer> {

    @Mixin ClientOptions client;

    @Override
    public Integer call() {
      return list(client);
    }
  }

  static int list(ClientOptions client) {
    var response = client.api().get("/api/subscriptions", null);
    return client.printList(response, subscriptions -> table(subscriptions, client.ui().colors()));
  }

  private static TextTable table(JsonNode subscriptions, Colors colors) {
    var table =
        new TextTable(
                "Id", "URL", "Types", "Apps", "Pending", "Failed", "Dead", "Delivered", "Oldest")
            .title(colors.bold("Subscriptions"))
            .content("subscriptions");
    for (var s : subscriptions) {
      var backlog = s.path("backlog");
      var dead = ChangesView.text(backlog, "dead");
      table.row(
          ChangesView.text(s, "id"),
          ChangesView.text(s, "url"),
          joined(s.path("types")),
          joined(s.path("apps")),
          ChangesView.text(backlog, "pending"),
          ChangesView.text(backlog, "failed"),
          "0".equals(dead) || dead.isEmpty() ? dead : colors.red(dead),
          ChangesView.text(backlog, "delivered"),
          ChangesView.text(backlog, "oldestPendingAt"));
    }
    return table;
  }

  static String joined(JsonNode list) {
    var parts = new java.util.ArrayList<String>();
    list.forEach(item -> parts.add(item.asText()));
    return String.join(",", parts);
  }
}
