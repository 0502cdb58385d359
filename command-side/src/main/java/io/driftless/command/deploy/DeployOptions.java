package io.driftless.command.deploy;

import io.driftless.events.ApplyMode;
import io.driftless.events.GhostDiffPolicy;
import java.time.Duration;

/**
 * The deploy API's non-diff options (kapp's flag names, camelCase).
 *
 * @param dryRun plan only (kapp {@code --diff-run})
 * @param allowEmpty accept a body without resources: every resource of the app is deleted (kapp
 *     {@code --dangerous-allow-empty-list-of-resources})
 * @param overrideOwnership take over objects labelled for another app (kapp {@code
 *     --dangerous-override-ownership-of-existing-resources})
 * @param defaultLabelScopingRules kapp's default label scoping rules (selectors get the app label)
 * @param waitTimeout how long a change may wait for the cluster: an object marked {@code
 *     kapp.k14s.io/exists} to appear, a replaced object to be gone, its object to converge or,
 *     deleted, to be gone ({@code apply/wait}; kapp {@code --wait-timeout}, 15m)
 * @param syncPeriod how often the app is reconciled from now on; null for the server's default
 *     ({@code driftless.reconcile.sync-period})
 * @param ghostDiffPolicy what to do about a field the cluster keeps setting back ({@code report},
 *     the default, or {@code yield}); the app keeps it until the next deploy; null for a rollback,
 *     which keeps the app's (the planner resolves it)
 * @param applyMode how to write ({@code update} or {@code server-side}), null when not asked: a
 *     deploy then writes with {@code update}, a reconcile and a rollback as the app was deployed
 * @param forceConflicts whether a server-side apply takes fields another manager owns
 */
record DeployOptions(
    boolean dryRun,
    boolean allowEmpty,
    boolean overrideOwnership,
    boolean defaultLabelScopingRules,
    Duration waitTimeout,
    Duration syncPeriod,
    GhostDiffPolicy ghostDiffPolicy,
    ApplyMode applyMode,
    boolean forceConflicts) {

  /**
   * The defaults of the API: no dry run, no empty set, no takeover, scoping on, 15 minutes, the
   * server's sync period, ghost diffs reported.
   */
  static DeployOptions defaults() {
    return new DeployOptions(
        false,
        false,
        false,
        true,
        Duration.ofMinutes(15),
        null,
        GhostDiffPolicy.REPORT,
        null,
        false);
  }
}
