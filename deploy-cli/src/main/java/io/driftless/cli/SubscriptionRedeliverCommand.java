package io.driftless.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.ExitCode;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

/**
 * {@code driftless subscriptions redeliver ID DELIVERY}: sends a delivery again (same CloudEvent
 * id), whatever its status.
 */
@Command(
    name = "redeliver",
    description = "Sends a delivery again (same event id), also a delivered or dead one.")
final class SubscriptionRedeliverCommand implements Callable<Integer> {

  @Parameters(index = "0", paramLabel = "ID", description = "Subscription id.")
  String id;

  @Parameters(index = "1", paramLabel = "DELIVERY", description = "Delivery id.")
  String delivery;

  @Mixin ClientOptions client;

  @Override
  public Integer call() {
    var response =
        client
            .api()
            .sendToQuerySide(
                "POST",
                "/api/subscriptions/" + id + "/deliveries/" + delivery + "/redeliver",
                null);
    response.bodyOrThrow();
    if (client.jsonOutput()) {
      return client.printJson(response);
    }
    var ui = client.ui();
    ui.println("Delivery " + delivery + " of subscription " + id + " queued again");
    ui.succeeded();
    return ExitCode.OK;
  }
}
