package io.driftless.command.deploy;

import io.driftless.events.ApplyMode;
import io.driftless.events.ChangeIds;
import io.driftless.events.Provenance;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;

/**
 * The rollback endpoint's query parameters: {@code to} (required, a change id of the form {@code
 * <app>-change-<number>}), and of the deploy's parameters those that say how to deploy, not what:
 * {@code dryRun}, the {@code diff*} options but {@code diffMask}, {@code waitTimeout}, {@code
 * allowEmpty}, {@code overrideOwnership}, {@code applyMode}, {@code forceConflicts}, read as {@link
 * DeployParameters} reads them. The others ({@code syncPeriod}, {@code ghostDiffPolicy}, {@code
 * defaultLabelScopingRules}, {@code diffMask}) are refused like any unknown parameter: a rollback
 * keeps the app's settings, its objects carry the label scoping they were applied with, and its
 * line diffs always mask Secret values. Every problem is collected into one 400, the provenance's
 * ({@link ProvenanceInput}: {@code message}, {@code meta} and their headers) included.
 *
 * @param to the change whose desired set to deploy again
 * @param dryRun plan only
 * @param allowEmpty accept a change whose desired set is empty (every resource is then deleted)
 * @param overrideOwnership take over objects labelled for another app
 * @param waitTimeout how long the change may wait for the cluster
 * @param diff the diff options
 * @param provenance who and what asks for the rollback
 * @param applyMode how to write, null for the app's own mode
 * @param forceConflicts whether a server-side apply takes fields another manager owns
 */
record RollbackParameters(
    String to,
    boolean dryRun,
    boolean allowEmpty,
    boolean overrideOwnership,
    Duration waitTimeout,
    DiffOptions diff,
    Provenance provenance,
    ApplyMode applyMode,
    boolean forceConflicts) {

  /** The parameters the rollback endpoint accepts. */
  static final List<String> NAMES =
      Stream.concat(
              Stream.of(
                  "to",
                  "dryRun",
                  "diffChanges",
                  "diffContext",
                  "diffFilter",
                  "diffAgainstLastApplied",
                  "waitTimeout",
                  "allowEmpty",
                  "overrideOwnership",
                  "applyMode",
                  "forceConflicts"),
              ProvenanceInput.NAMES.stream())
          .toList();

  /**
   * Reads a raw query string; absent parameters take the deploy's defaults.
   *
   * @throws BadParameterException naming every parameter that does not parse, {@code to} missing or
   *     not a change id included
   */
  static RollbackParameters parse(String rawQuery) {
    return parse(rawQuery, ProvenanceInput.Caller.NONE);
  }

  /**
   * Reads a raw query string and the caller's provenance headers.
   *
   * @throws BadParameterException naming every parameter and provenance header that does not parse
   */
  static RollbackParameters parse(String rawQuery, ProvenanceInput.Caller caller) {
    var query = QueryParameters.of(rawQuery);
    var base = DeployOptions.defaults();
    var to = to(query);
    var parameters =
        new RollbackParameters(
            to,
            query.bool("dryRun", base.dryRun()),
            query.bool("allowEmpty", base.allowEmpty()),
            query.bool("overrideOwnership", base.overrideOwnership()),
            query.duration("waitTimeout", base.waitTimeout()),
            masked(DeployParameters.diff(query)),
            ProvenanceInput.read(query, caller),
            DeployParameters.applyMode(query),
            query.bool("forceConflicts", false));
    query.refuseUnknown(NAMES);
    query.throwIfProblems();
    return parameters;
  }

  /**
   * Line diffs always mask Secret values: a rollback's values come from the server's seals, not
   * from the caller, who may deploy but need not be able to read them ({@code diffMask} is
   * refused).
   */
  private static DiffOptions masked(DiffOptions diff) {
    return new DiffOptions(
        diff.changes(), diff.context(), true, diff.filter(), diff.againstLastApplied());
  }

  private static String to(QueryParameters query) {
    var to = query.text("to");
    if (to.isEmpty() || to.get().isBlank()) {
      query.problem("to", "required: the id of the change to roll back to, e.g. web-change-000003");
      return null;
    }
    if (ChangeIds.parse(to.get()).isEmpty()) {
      query.problem(
          "to",
          "must be a change id of the form <app>-change-<number>, got "
              + QueryParameters.echo(to.get()));
      return null;
    }
    return to.get();
  }

  /**
   * The options of the deploy a rollback runs: the app's own sync period and ghost-diff policy
   * (null: the planner takes the app's, {@code Planner#plan}), no new label scoping.
   */
  DeployOptions options(Duration syncPeriod) {
    return new DeployOptions(
        dryRun,
        allowEmpty,
        overrideOwnership,
        false,
        waitTimeout,
        syncPeriod,
        null,
        applyMode,
        forceConflicts);
  }
}
