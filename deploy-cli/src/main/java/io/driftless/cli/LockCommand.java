package io.driftless.cli;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.ExitCode;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code driftless lock}: a change freeze ({@code POST .../lock}, docs/API.md, "Time travel"):
 * while it holds, deploy and delete answer {@code 423 app_locked} naming who locked the app, when
 * and why; reconcile and rollback still run. The lock is a history row of its own.
 */
@Command(
    name = "lock",
    sortOptions = false,
    description = "Locks an app: deploys and deletes are refused until it is unlocked.")
final class LockCommand implements Callable<Integer> {

  @Mixin AppOptions app;

  @Option(
      names = "--reason",
      paramLabel = "TEXT",
      required = true,
      description = "Why (shown to whoever is refused).")
  String reason;

  @Mixin ProvenanceOptions provenance;

  @Mixin ClientOptions client;

  @Override
  public Integer call() {
    var body = JsonNodeFactory.instance.objectNode().put("reason", reason).toString();
    var asked = provenance.provenance(client.context());
    var response = client.api().lockChange("POST", app.ref().path() + "/lock", body, asked);
    if (client.jsonOutput()) {
      return client.printJson(response);
    }
    var answer = Json.readObject(response.bodyOrThrow());
    ViewWait.awaitRecorded(client, app.ref(), response, answer, ChangeRun.VIEW_TIMEOUT);
    var ui = client.ui();
    ui.print(
        LockAnswer.lines(
            app.ref(),
            answer,
            "Locked by",
            "lockedBy|actor",
            "Locked at",
            "lockedAt|at",
            "Reason",
            "reason",
            "Change ID",
            "changeId"));
    ui.succeeded();
    return ExitCode.OK;
  }
}
