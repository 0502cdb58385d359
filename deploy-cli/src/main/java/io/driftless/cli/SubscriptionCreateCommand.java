package io.driftless.cli;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.ExitCode;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code driftless subscriptions create --url URL [--type T]... [--app NS/APP]...}: a webhook
 * subscription. The signing secret comes from an environment variable ({@code
 * DRIFTLESS_WEBHOOK_SECRET} unless {@code --secret-env} names another), never from the command line
 * where other users could read it in the process list.
 */
@Command(
    name = "create",
    sortOptions = false,
    description = "Creates a webhook subscription (CloudEvents, signed with a shared secret).")
final class SubscriptionCreateCommand implements Callable<Integer> {

  @Option(names = "--url", required = true, description = "Where to POST the events (http/https).")
  String url;

  @Option(
      names = "--type",
      description =
          "Event type, repeatable: change.started, change.finished, drift.detected,"
              + " drift.corrected, ghostdiff.detected, app.locked, app.deleted, cdevents,"
              + " service.deployed|upgraded|rolledback|removed; default * (all).")
  List<String> types = List.of("*");

  @Option(names = "--app", description = "App as namespace/app, repeatable; default * (all).")
  List<String> apps = List.of("*");

  @Option(
      names = "--secret-env",
      description = "Environment variable holding the secret (default DRIFTLESS_WEBHOOK_SECRET).")
  String secretEnv = "DRIFTLESS_WEBHOOK_SECRET";

  @Mixin ClientOptions client;

  @Override
  public Integer call() {
    var secret = client.context().environment().get(secretEnv);
    if (secret == null || secret.isEmpty()) {
      throw new CliFailure(
          "set the signing secret in "
              + secretEnv
              + " (at least 16 characters), e.g. export "
              + secretEnv
              + "=$(openssl rand -hex 32)");
    }
    var body = new LinkedHashMap<String, Object>();
    body.put("url", url);
    body.put("types", types);
    body.put("apps", apps);
    body.put("secret", secret);
    var response = client.api().sendToQuerySide("POST", "/api/subscriptions", Json.write(body));
    var answer = Json.readOrMissing(response.bodyOrThrow());
    if (client.jsonOutput()) {
      return client.printJson(response);
    }
    var ui = client.ui();
    ui.println("Subscription " + ChangesView.text(answer, "id") + " created");
    ui.succeeded();
    return ExitCode.OK;
  }
}
