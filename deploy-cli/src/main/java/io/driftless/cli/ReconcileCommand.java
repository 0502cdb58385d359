package io.driftless.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.ExitCode;
import picocli.CommandLine.Mixin;

/** {@code driftless reconcile}: re-applies the stored desired set where the cluster drifted. */
@Command(
    name = "reconcile",
    sortOptions = false,
    description = "Reconciles an app now: puts back what was changed or deleted by hand.")
final class ReconcileCommand implements Callable<Integer> {

  @Mixin AppOptions app;

  @Mixin ApplyModeOptions applyMode;

  @Mixin ProvenanceOptions provenance;

  @Mixin ClientOptions client;

  @Override
  public Integer call() {
    var asked = provenance.provenance(client.context());
    var run = new ChangeRun(client, app.ref(), false);
    var request =
        CommandRequest.of("POST", app.ref().path() + "/reconcile", null, null)
            .withEncodedQuery(applyMode.addTo(new Query()));
    run.run(request.with(asked));
    run.succeeded();
    return ExitCode.OK;
  }
}
