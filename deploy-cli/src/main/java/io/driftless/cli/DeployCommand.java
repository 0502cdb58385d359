package io.driftless.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.ExitCode;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code driftless deploy}: kapp deploy through the server. On a terminal, without {@code --yes},
 * the plan comes from a dry run first and the user answers kapp's {@code Continue? [yN]:}; the
 * deploy then re-plans on the server (a change made in between is applied as it is then).
 */
@Command(
    name = "deploy",
    sortOptions = false,
    description = "Deploys an app: the server diffs the manifests against the cluster and applies.")
final class DeployCommand implements Callable<Integer> {

  /** kapp's --diff-exit-status codes. */
  static final int NO_CHANGES = 2;

  static final int PENDING_CHANGES = 3;

  @Mixin AppOptions app;

  @Option(
      names = {"-f", "--file"},
      paramLabel = "FILE",
      required = true,
      description = "Manifest file, directory of them, or - for stdin; repeatable.")
  List<Path> files;

  @Option(
      names = {"-c", "--diff-changes"},
      description = "Show the line diff of each change.")
  boolean diffChanges;

  @Option(
      names = "--diff-context",
      paramLabel = "N",
      description = "Unchanged lines around each change in the diff (server default 2).")
  Integer diffContext;

  @Option(
      names = "--diff-mask",
      paramLabel = "BOOL",
      arity = "1",
      description = "Mask Secret values in the diff (server default true).")
  Boolean diffMask;

  @Option(names = "--diff-run", description = "Show the changes without applying them.")
  boolean diffRun;

  @Option(
      names = "--diff-exit-status",
      description = "With --diff-run: exit 2 when nothing would change, 3 when something would.")
  boolean diffExitStatus;

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
      names = "--sync-period",
      paramLabel = "DURATION",
      description = "How often the server reconciles the app from now on (e.g. 1m).")
  String syncPeriod;

  @Option(
      names = "--ghost-diff-policy",
      paramLabel = "POLICY",
      description = "How the server treats ghost diffs of this app (see docs/API.md).")
  String ghostDiffPolicy;

  @Option(
      names = "--dangerous-allow-empty-list-of-resources",
      description = "Allow a deploy of no resources (deletes them all).")
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
    var yaml = ManifestFiles.concatenate(files);
    var asked = provenance.provenance(client.context());
    var run = new ChangeRun(client, app.ref(), diffChanges);
    var answer = run.runConfirmed(dryRun -> request(yaml, dryRun).with(asked), diffRun, yes);
    if (diffRun && diffExitStatus) {
      return exitStatus(ChangesView.hasChanges(answer));
    }
    run.succeeded();
    return ExitCode.OK;
  }

  private int exitStatus(boolean pending) {
    var code = pending ? PENDING_CHANGES : NO_CHANGES;
    var what = pending ? "pending changes" : "no pending changes";
    var ui = client.ui();
    ui.err().println("Error: Exiting after diffing with " + what + " (exit status " + code + ")");
    ui.err().flush();
    return code;
  }

  private CommandRequest request(String yaml, boolean dryRun) {
    return CommandRequest.of("POST", app.ref().path() + "/deploy", query(dryRun), yaml);
  }

  private String query(boolean dryRun) {
    var parameters = new ArrayList<String>();
    add(parameters, "dryRun", dryRun ? "true" : null);
    add(parameters, "diffChanges", diffChanges ? "true" : null);
    add(parameters, "diffContext", diffContext);
    add(parameters, "diffMask", diffMask);
    add(parameters, "diffFilter", diffFilter);
    add(parameters, "waitTimeout", waitTimeout);
    add(parameters, "syncPeriod", syncPeriod);
    add(parameters, "ghostDiffPolicy", ghostDiffPolicy);
    add(parameters, "applyMode", applyMode.applyMode);
    add(parameters, "forceConflicts", applyMode.forceConflicts ? "true" : null);
    add(parameters, "allowEmpty", allowEmpty ? "true" : null);
    add(parameters, "overrideOwnership", overrideOwnership ? "true" : null);
    return parameters.isEmpty() ? null : String.join("&", parameters);
  }

  private static void add(List<String> parameters, String name, Object value) {
    if (value != null) {
      parameters.add(name + "=" + value);
    }
  }
}
