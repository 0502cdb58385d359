package io.driftless.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.ExitCode;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code driftless rollback --to CHANGE}: deploys again the desired set recorded after that change
 * ({@code POST .../rollback?to=}, docs/API.md, "Time travel"), as a deploy does: on a terminal,
 * without {@code --yes}, the plan from a dry run and kapp's {@code Continue? [yN]:}, then the
 * streamed progress, the waits and the history-view wait. Secrets come back from their seals; a
 * seal no key of the server opens is {@code 422 secret_unrecoverable} naming the Secrets, and
 * nothing is applied. No {@code --diff-mask}: a rollback's line diffs always mask Secret values
 * (the values come from the server, not from the caller), and the API refuses the parameter.
 */
@Command(
    name = "rollback",
    sortOptions = false,
    description = "Rolls an app back to the desired set recorded after one of its changes.")
final class RollbackCommand implements Callable<Integer> {

  @Mixin AppOptions app;

  @Option(
      names = "--to",
      paramLabel = "CHANGE",
      required = true,
      description = "The change whose desired set to deploy again (app-change list).")
  String to;

  @Option(
      names = {"-c", "--diff-changes"},
      description = "Show the line diff of each change.")
  boolean diffChanges;

  @Option(
      names = "--diff-context",
      paramLabel = "N",
      description = "Unchanged lines around each change in the diff (server default 2).")
  Integer diffContext;

  @Option(names = "--diff-run", description = "Show the changes without applying them.")
  boolean diffRun;

  @Option(
      names = "--diff-filter",
      paramLabel = "JSON",
      description = "kapp's change filter, e.g. '{\"and\":[{\"ops\":[\"update\"]}]}'.")
  String diffFilter;

  @Option(
      names = {"-y", "--yes"},
      description = "Do not ask for confirmation.")
  boolean yes;

  @Option(
      names = "--wait-timeout",
      paramLabel = "DURATION",
      description = "Give up waiting for the resources after this long (e.g. 5m; server default).")
  String waitTimeout;

  @Option(
      names = "--dangerous-allow-empty-list-of-resources",
      description = "Allow a rollback to an empty set (deletes every resource).")
  boolean allowEmpty;

  @Option(
      names = "--dangerous-override-ownership-of-existing-resources",
      description = "Take over objects another app owns.")
  boolean overrideOwnership;

  @Mixin ApplyModeOptions applyMode;

  @Mixin ProvenanceOptions provenance;

  @Mixin ClientOptions client;

  @Override
  public Integer call() {
    var asked = provenance.provenance(client.context());
    var run = new ChangeRun(client, app.ref(), diffChanges);
    run.runConfirmed(dryRun -> request(dryRun).with(asked), diffRun, yes);
    run.succeeded();
    return ExitCode.OK;
  }

  private CommandRequest request(boolean dryRun) {
    var query =
        new Query()
            .add("to", to)
            .flag("dryRun", dryRun)
            .flag("diffChanges", diffChanges)
            .add("diffContext", diffContext)
            .add("diffFilter", diffFilter)
            .add("waitTimeout", waitTimeout)
            .flag("allowEmpty", allowEmpty)
            .flag("overrideOwnership", overrideOwnership);
    applyMode.addTo(query);
    return CommandRequest.of("POST", app.ref().path() + "/rollback", null, null)
        .withEncodedQuery(query);
  }
}
