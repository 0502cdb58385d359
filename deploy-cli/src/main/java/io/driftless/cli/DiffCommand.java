package io.driftless.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.driftless.diff.report.OfflineDiff;
import io.driftless.diff.report.OfflineDiffRequest;
import io.driftless.diff.resources.ManifestException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.ExitCode;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code driftless diff}: the three-way diff of one resource from files, offline (no server), with
 * the diff engine the server uses. See {@code shared/diff-cases/README.md}.
 */
@Command(
    name = "diff",
    sortOptions = false,
    description =
        "Diffs one resource offline: desired against last-applied and live, kapp's rules.")
final class DiffCommand implements Callable<Integer> {

  /** kapp's --exit-status codes. */
  static final int NO_CHANGES = 2;

  static final int PENDING_CHANGES = 3;

  private static final ObjectMapper JSON =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  @Spec picocli.CommandLine.Model.CommandSpec spec;

  @Option(names = "--desired", paramLabel = "FILE", required = true, description = "Desired YAML.")
  Path desired;

  @Option(names = "--last-applied", paramLabel = "FILE", description = "Last-applied YAML.")
  Path lastApplied;

  @Option(names = "--live", paramLabel = "FILE", description = "Live YAML (absent: create).")
  Path live;

  @Option(names = "--config", paramLabel = "FILE", description = "kapp Config YAML.")
  Path config;

  @Option(
      names = "--recorded-resource-version",
      paramLabel = "RV",
      description = "Live resourceVersion recorded after the last apply; equal: diff last-applied.")
  String recordedResourceVersion;

  @Option(
      names = "--diff-context",
      paramLabel = "N",
      defaultValue = "2",
      description = "Unchanged lines around each change (default 2).")
  int context;

  @Option(
      names = "--diff-mask",
      paramLabel = "BOOL",
      defaultValue = "true",
      arity = "1",
      description = "Mask Secret values (default true).")
  boolean mask;

  @Option(
      names = {"-o", "--output"},
      paramLabel = "FORMAT",
      defaultValue = "text",
      description = "text (default): what deploy prints; json: op, fields, applied, diff.")
  OutputFormat output;

  @Option(names = "--json", description = "Same as -o json.")
  boolean json;

  @Option(
      names = "--exit-status",
      description = "Exit 2 when nothing would change, 3 when something would (kapp's codes).")
  boolean exitStatus;

  @Override
  public Integer call() {
    OfflineDiff diff;
    try {
      diff =
          OfflineDiff.run(
              new OfflineDiffRequest(
                  read(desired),
                  read(lastApplied),
                  read(live),
                  read(config),
                  recordedResourceVersion,
                  context,
                  mask));
    } catch (ManifestException e) {
      throw new CliFailure(e.getMessage(), e.details());
    }
    var out = spec.commandLine().getOut();
    out.print(json || output == OutputFormat.JSON ? json(diff) : diff.text());
    out.flush();
    if (!exitStatus) {
      return ExitCode.OK;
    }
    return diff.hasChanges() ? PENDING_CHANGES : NO_CHANGES;
  }

  private static String json(OfflineDiff diff) {
    try {
      return JSON.writeValueAsString(diff.json()) + "\n";
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("A JSON tree always serialises.", e);
    }
  }

  private static String read(Path file) {
    return file == null ? null : ManifestFiles.concatenate(List.of(file));
  }
}
