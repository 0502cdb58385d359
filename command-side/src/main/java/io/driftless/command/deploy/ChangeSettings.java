package io.driftless.command.deploy;

import io.driftless.command.apply.WriteMode;
import io.driftless.command.plan.Planner;
import io.driftless.events.ApplyMode;
import io.driftless.events.ChangeTrigger;
import io.driftless.events.GhostDiffPolicy;
import java.time.Duration;
import java.util.Objects;

/**
 * The app's settings a change sets or keeps (stored on {@code AppChangeStarted}): a deploy sets
 * them from its options, a reconcile and a rollback keep the app's, a delete goes back to the
 * defaults; and how the change writes.
 */
final class ChangeSettings {

  private ChangeSettings() {}

  /**
   * Whether a deploy changes the app's settings: its sync period, its ghost-diff policy or its kapp
   * Configs (which reconciles plan with), each stored on {@code AppChangeStarted}.
   */
  static boolean settingsChanged(Planner.Plan plan, DeployOptions options, ApplyMode applyMode) {
    var app = plan.app();
    return !Objects.equals(options.syncPeriod(), app.syncPeriod())
        || plan.settings().ghostDiffPolicy() != app.ghostDiffPolicy()
        || applyMode != app.applyMode()
        || !Objects.equals(plan.settings().kappConfigs(), app.kappConfigs());
  }

  /** A deploy sets the app's sync period (absent: the default); a reconcile keeps it. */
  static Duration syncPeriod(ChangeTrigger trigger, Planner.Plan plan, DeployOptions options) {
    return switch (trigger) {
      case DEPLOY -> options.syncPeriod();
      case RECONCILE, ROLLBACK -> plan.app().syncPeriod();
      case DELETE, LOCK, UNLOCK -> null;
    };
  }

  /**
   * How the change writes: as asked; else a deploy with {@code update} (the default, as every
   * deploy sets the app's settings), a reconcile or rollback as the app was deployed.
   */
  static ApplyMode applyMode(ChangeTrigger trigger, Planner.Plan plan, DeployOptions options) {
    if (options.applyMode() != null) {
      return options.applyMode();
    }
    return trigger == ChangeTrigger.DEPLOY ? ApplyMode.UPDATE : plan.app().applyMode();
  }

  /**
   * The write mode of the change's apply: a reconcile's server-side apply takes back fields another
   * manager took (putting owned fields back is what a reconcile is for); a deploy or rollback only
   * when asked ({@code forceConflicts=true}).
   */
  static WriteMode writeMode(ChangeTrigger trigger, Planner.Plan plan, DeployOptions options) {
    return new WriteMode(
        applyMode(trigger, plan, options),
        options.forceConflicts() || trigger == ChangeTrigger.RECONCILE);
  }

  /** The policy the app keeps: a deploy's, a reconcile's (the app's own); a delete: the default. */
  static GhostDiffPolicy ghostDiffPolicy(ChangeTrigger trigger, Planner.Plan plan) {
    return trigger == ChangeTrigger.DELETE
        ? GhostDiffPolicy.REPORT
        : plan.settings().ghostDiffPolicy();
  }
}
