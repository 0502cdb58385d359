package io.driftless.command.deploy;

import io.driftless.diff.plan.ChangeFilter;
import io.driftless.diff.resources.ManifestException;
import io.driftless.events.ApplyMode;
import io.driftless.events.GhostDiffPolicy;
import io.driftless.events.Provenance;
import java.time.Duration;
import java.util.List;

/**
 * The deploy endpoint's query parameters (API.md), each validated: booleans are {@code true} or
 * {@code false}, {@code diffContext} an integer >= 0, {@code waitTimeout} a Go duration > 0, {@code
 * diffFilter} kapp's JSON filter with only the keys the engine reads. Unknown parameters are
 * refused too: a misspelt {@code dryrun=true} must not deploy for real. Every problem is collected
 * into one 400, the provenance's ({@link ProvenanceInput}: {@code message}, {@code meta} and their
 * headers) with them.
 *
 * @param options the non-diff options
 * @param diff the diff options
 * @param provenance who and what asks for the deploy
 */
record DeployParameters(DeployOptions options, DiffOptions diff, Provenance provenance) {

  /** The parameters the deploy endpoint accepts. */
  static final List<String> NAMES =
      List.of(
          "dryRun",
          "diffChanges",
          "diffContext",
          "diffMask",
          "diffFilter",
          "diffAgainstLastApplied",
          "waitTimeout",
          "syncPeriod",
          "ghostDiffPolicy",
          "applyMode",
          "forceConflicts",
          "allowEmpty",
          "overrideOwnership",
          "defaultLabelScopingRules",
          "message",
          "meta");

  /**
   * Reads a raw query string; absent parameters take API.md's defaults.
   *
   * @throws BadParameterException naming every parameter that does not parse
   */
  static DeployParameters parse(String rawQuery) {
    return parse(rawQuery, ProvenanceInput.Caller.NONE);
  }

  /**
   * Reads a raw query string and the caller's provenance headers.
   *
   * @throws BadParameterException naming every parameter and provenance header that does not parse
   */
  static DeployParameters parse(String rawQuery, ProvenanceInput.Caller caller) {
    var query = QueryParameters.of(rawQuery);
    var base = DeployOptions.defaults();
    var options =
        new DeployOptions(
            query.bool("dryRun", base.dryRun()),
            query.bool("allowEmpty", base.allowEmpty()),
            query.bool("overrideOwnership", base.overrideOwnership()),
            query.bool("defaultLabelScopingRules", base.defaultLabelScopingRules()),
            query.duration("waitTimeout", base.waitTimeout()),
            syncPeriod(query),
            ghostDiffPolicy(query, base.ghostDiffPolicy()),
            applyMode(query),
            query.bool("forceConflicts", false));
    var diff = diff(query);
    var provenance = ProvenanceInput.read(query, caller);
    query.refuseUnknown(NAMES);
    query.throwIfProblems();
    return new DeployParameters(options, diff, provenance);
  }

  /**
   * The reconcile endpoint's options, {@code dryRun}, {@code applyMode} and {@code forceConflicts},
   * over the defaults (its provenance is {@link ProvenanceInput}'s; other parameters are not read).
   *
   * @throws BadParameterException when one does not parse
   */
  static DeployOptions reconcileOptions(String rawQuery) {
    var query = QueryParameters.of(rawQuery);
    var base = DeployOptions.defaults();
    var options =
        new DeployOptions(
            query.bool("dryRun", base.dryRun()),
            base.allowEmpty(),
            base.overrideOwnership(),
            base.defaultLabelScopingRules(),
            base.waitTimeout(),
            base.syncPeriod(),
            base.ghostDiffPolicy(),
            applyMode(query),
            query.bool("forceConflicts", false));
    query.throwIfProblems();
    return options;
  }

  /** The diff options ({@code diff*}), shared with the rollback endpoint's parameters. */
  static DiffOptions diff(QueryParameters query) {
    var diffBase = DiffOptions.defaults();
    return new DiffOptions(
        query.bool("diffChanges", diffBase.changes()),
        query.count("diffContext", diffBase.context()),
        query.bool("diffMask", diffBase.mask()),
        filter(query),
        query.bool("diffAgainstLastApplied", diffBase.againstLastApplied()));
  }

  /** At least a second: a shorter period would reconcile the app all the time. */
  private static Duration syncPeriod(QueryParameters query) {
    var period = query.duration("syncPeriod", null);
    if (period != null && period.compareTo(Duration.ofSeconds(1)) < 0) {
      query.problem("syncPeriod", "must be at least 1s, got " + period.toMillis() + "ms");
      return null;
    }
    return period;
  }

  /** {@code report} or {@code yield}, case ignored. */
  private static GhostDiffPolicy ghostDiffPolicy(QueryParameters query, GhostDiffPolicy fallback) {
    var text = query.text("ghostDiffPolicy");
    if (text.isEmpty()) {
      return fallback;
    }
    var policy = GhostDiffPolicy.parse(text.get());
    if (policy.isEmpty()) {
      query.problem(
          "ghostDiffPolicy", "must be report or yield, got " + QueryParameters.echo(text.get()));
    }
    return policy.orElse(fallback);
  }

  /**
   * {@code update} or {@code server-side} (deploy, reconcile and rollback alike); null when absent.
   */
  static ApplyMode applyMode(QueryParameters query) {
    var text = query.text("applyMode");
    if (text.isEmpty()) {
      return null;
    }
    var mode = ApplyMode.parse(text.get());
    if (mode.isEmpty()) {
      query.problem(
          "applyMode", "must be update or server-side, got " + QueryParameters.echo(text.get()));
    }
    return mode.orElse(null);
  }

  private static ChangeFilter filter(QueryParameters query) {
    var text = query.text("diffFilter");
    if (text.isEmpty()) {
      return ChangeFilter.all();
    }
    var problems =
        text.get().isBlank()
            ? List.of("must be kapp's JSON filter, e.g. {\"ops\":[\"update\"]}, got \"\"")
            : DiffFilterSyntax.problems(text.get());
    problems.forEach(p -> query.problem("diffFilter", p));
    if (!problems.isEmpty()) {
      return ChangeFilter.all();
    }
    try {
      return ChangeFilter.parse(text.get());
    } catch (ManifestException e) {
      e.details().forEach(d -> query.problem("diffFilter", d));
      return ChangeFilter.all();
    }
  }
}
