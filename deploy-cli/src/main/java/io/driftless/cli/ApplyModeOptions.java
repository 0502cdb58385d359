package io.driftless.cli;

import picocli.CommandLine.Option;

/**
 * How the server writes the app's objects ({@code deploy}, {@code reconcile}, {@code rollback}):
 * {@code --apply-mode=update} (kapp's PUT, the default) or {@code server-side} (Kubernetes'
 * server-side apply as field manager {@code driftless}), and {@code --force-conflicts} to take
 * fields another field manager owns instead of failing with {@code field_conflict}.
 */
final class ApplyModeOptions {

  @Option(
      names = "--apply-mode",
      paramLabel = "MODE",
      description =
          "How to write: update (kapp's, the default for a deploy) or server-side (server-side"
              + " apply as field manager driftless); a reconcile or rollback keeps the app's.")
  String applyMode;

  @Option(
      names = "--force-conflicts",
      description =
          "With server-side apply: take fields another field manager owns instead of failing.")
  boolean forceConflicts;

  /** Adds {@code applyMode} and {@code forceConflicts} to {@code query} where given. */
  Query addTo(Query query) {
    return query.add("applyMode", applyMode).flag("forceConflicts", forceConflicts);
  }
}
