package io.driftless.cli;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code -m/--message}, {@code --meta k=v} and {@code --no-auto-meta}: what a change records of who
 * and what asked for it, on every command that makes a change (deploy, delete, reconcile, rollback,
 * lock, unlock). Meta given with {@code --meta} wins over the automatic values ({@link AutoMeta}).
 */
final class ProvenanceOptions {

  /** The API's meta key form (docs/API.md, "Provenance on every change"). */
  static final Pattern META_KEY = Pattern.compile("[a-z0-9]([a-z0-9._-]{0,61}[a-z0-9])?");

  @Spec(Spec.Target.MIXEE)
  CommandSpec command;

  @Option(
      names = {"-m", "--message"},
      paramLabel = "TEXT",
      description = "Why: recorded with the change (at most 1000 characters).")
  String message;

  @Option(
      names = "--meta",
      paramLabel = "KEY=VALUE",
      description = {
        "Recorded with the change, repeatable (e.g. ticket=OPS-12); wins over automatic meta.",
        "KEY: lower-case letters, digits, '.', '_', '-' (at most 63)."
      })
  Map<String, String> meta = new LinkedHashMap<>();

  @Option(
      names = "--no-auto-meta",
      description = "Do not add git.* (from the working directory) and pipeline.* (from CI).")
  boolean noAutoMeta;

  /** The provenance to send: automatic meta unless turned off, then the explicit meta over it. */
  ChangeProvenance provenance(CliContext context) {
    meta.keySet().forEach(this::checkKey);
    var all = new LinkedHashMap<String, String>();
    if (!noAutoMeta) {
      all.putAll(AutoMeta.of(context));
    }
    all.putAll(meta);
    return new ChangeProvenance(message, all);
  }

  private void checkKey(String key) {
    if (!META_KEY.matcher(key).matches()) {
      throw new ParameterException(
          command.commandLine(),
          "Invalid --meta key '"
              + key
              + "': a key is 1 to 63 lower-case letters, digits, '.', '_' or '-', starting and"
              + " ending with a letter or digit (e.g. git.commit, ticket)");
    }
  }
}
