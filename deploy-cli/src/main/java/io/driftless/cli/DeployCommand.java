package io.driftless.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code driftless deploy}: kapp deploy through the server. */
@Command(
    name = "deploy",
    sortOptions = false,
    description = "Deploys an app: the server diffs the manifests against the cluster and applies.")
final class DeployCommand implements Callable<Integer> {

  @Mixin AppOptions app;

  @Option(
      names = {"-f", "--file"},
      paramLabel = "FILE",
      required = true,
      description = "Manifest file (YAML, one or more documents); repeatable.")
  List<Path> files;

  @Option(
      names = "--diff-run",
      description = "Show the changes without applying them (the server's dry run).")
  boolean diffRun;

  @Mixin ClientOptions client;

  @Override
  public Integer call() {
    var yaml = ManifestFiles.concatenate(files);
    return client.print(client.api().deploy(app.ref(), yaml, diffRun));
  }
}
