package io.driftless.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.ExitCode;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

/** {@code driftless subscriptions rm ID}: deletes a subscription and its deliveries. */
@Command(name = "rm", description = "Deletes a webhook subscription and its deliveries.")
final class SubscriptionRmCommand implements Callable<Integer> {

  @Parameters(index = "0", paramLabel = "ID", description = "Subscription id.")
  String id;

  @Mixin ClientOptions client;

  @Override
  public Integer call() {
    client.api().sendToQuerySide("DELETE", "/api/subscriptions/" + id, null).bodyOrThrow();
    var ui = client.ui();
    ui.println("Subscription " + id + " deleted");
    ui.succeeded();
    return ExitCode.OK;
  }
}
