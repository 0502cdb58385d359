package io.driftless.cli;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.ExitCode;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code driftless delete}: deletes every resource of the app, then the app. On a terminal, without
 * {@code --yes}, it shows what will be deleted (the inventory view) and asks first.
 */
@Command(
    name = "delete",
    sortOptions = false,
    description = "Deletes an app: every resource it owns, in reverse apply order, then the app.")
final class DeleteCommand implements Callable<Integer> {

  @Mixin AppOptions app;

  @Option(
      names = {"-y", "--yes"},
      description = "Do not ask for confirmation.")
  boolean yes;

  @Mixin ProvenanceOptions provenance;

  @Mixin ClientOptions client;

  @Override
  public Integer call() {
    var asked = provenance.provenance(client.context());
    var run = new ChangeRun(client, app.ref(), false);
    if (!yes && !client.jsonOutput() && client.context().terminal().interactive()) {
      client.ui().print(ChangesView.render(plan(), client.ui().colors()));
      Confirmation.ask(client.ui());
      run.planShown();
    }
    run.run(CommandRequest.of("DELETE", app.ref().path(), null, null).with(asked));
    run.succeeded();
    return ExitCode.OK;
  }

  /** The app's resources as delete changes, from the inventory view. */
  private ObjectNode plan() {
    var body = client.api().get(app.ref().path() + "/resources", null).bodyOrThrow();
    var plan = JsonNodeFactory.instance.objectNode();
    var changes = plan.putArray("changes");
    for (var resource : Json.readOrMissing(body)) {
      if (resource.path("live").isBoolean() && !resource.path("live").asBoolean()) {
        continue;
      }
      var change = changes.addObject();
      change.put("namespace", resource.path("namespace").asText(""));
      change.put("name", resource.path("name").asText(""));
      change.put("kind", resource.path("kind").asText(""));
      change.put("op", "delete");
      change.put("waitTo", "delete");
    }
    return plan;
  }
}
