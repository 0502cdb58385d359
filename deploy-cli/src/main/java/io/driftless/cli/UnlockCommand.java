package io.driftless.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.ExitCode;
import picocli.CommandLine.Mixin;

/**
 * {@code driftless unlock}: ends an app's change freeze ({@code DELETE .../lock}); only the locker
 * or an {@code admin} may. The unlock is a history row of its own.
 */
@Command(
    name = "unlock",
    sortOptions = false,
    description = "Unlocks an app locked with driftless lock (the locker or an admin).")
final class UnlockCommand implements Callable<Integer> {

  @Mixin AppOptions app;

  @Mixin ProvenanceOptions provenance;

  @Mixin ClientOptions client;

  @Override
  public Integer call() {
    var asked = provenance.provenance(client.context());
    var response = client.api().lockChange("DELETE", app.ref().path() + "/lock", null, asked);
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
            "Unlocked by",
            "unlockedBy|actor",
            "Unlocked at",
            "unlockedAt|at",
            "Locked by",
            "lockedBy",
            "Locked at",
            "lockedAt",
            "Reason",
            "reason",
            "Change ID",
            "changeId"));
    ui.succeeded();
    return ExitCode.OK;
  }
}
