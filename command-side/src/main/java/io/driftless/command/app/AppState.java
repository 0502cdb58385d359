package io.driftless.command.app;

import io.driftless.events.ApplyMode;
import io.driftless.events.GhostDiffPolicy;
import java.time.Duration;
import java.util.Map;

/**
 * What the deploy service reads of an App before planning.
 *
 * @param appId {@code namespace/app}
 * @param changeNumber how many changes the app has had
 * @param changeInProgress the open change, or null
 * @param resources the app's resource set (key id to content hash), including resources a failed
 *     change may have left behind
 * @param exists whether the app exists: it had a change and was not deleted since (an app emptied
 *     by a deploy with {@code allowEmpty=true} exists, with no resources, as in kapp)
 * @param syncPeriod the app's own sync period, null for the server's default
 * @param ghostDiffPolicy the app's ghost-diff policy, {@link GhostDiffPolicy#REPORT} unless a
 *     deploy set another
 * @param yieldSince the number of the change that set the {@code yield} policy in force now (the
 *     first of the changes since under {@code yield}); fields yielded in earlier changes are
 *     written again; 0 when the policy is not {@code yield}
 * @param kappConfigs the kapp Config documents of the app's last deploy as a JSON array, null for
 *     none
 * @param lock the change freeze in force, null for none
 * @param applyMode how the app's objects are written ({@link ApplyMode#UPDATE} unless a deploy set
 *     another): what its reconciles use
 */
public record AppState(
    String appId,
    long changeNumber,
    String changeInProgress,
    Map<String, String> resources,
    boolean exists,
    Duration syncPeriod,
    GhostDiffPolicy ghostDiffPolicy,
    long yieldSince,
    String kappConfigs,
    AppLock lock,
    ApplyMode applyMode) {

  /** Reads a null apply mode as the default. */
  public AppState {
    applyMode = ApplyMode.orDefault(applyMode);
  }

  /** The state of an app in the default apply mode. */
  public AppState(
      String appId,
      long changeNumber,
      String changeInProgress,
      Map<String, String> resources,
      boolean exists,
      Duration syncPeriod,
      GhostDiffPolicy ghostDiffPolicy,
      long yieldSince,
      String kappConfigs,
      AppLock lock) {
    this(
        appId,
        changeNumber,
        changeInProgress,
        resources,
        exists,
        syncPeriod,
        ghostDiffPolicy,
        yieldSince,
        kappConfigs,
        lock,
        ApplyMode.UPDATE);
  }

  /** The state of an app without a lock. */
  public AppState(
      String appId,
      long changeNumber,
      String changeInProgress,
      Map<String, String> resources,
      boolean exists,
      Duration syncPeriod,
      GhostDiffPolicy ghostDiffPolicy,
      long yieldSince,
      String kappConfigs) {
    this(
        appId,
        changeNumber,
        changeInProgress,
        resources,
        exists,
        syncPeriod,
        ghostDiffPolicy,
        yieldSince,
        kappConfigs,
        null);
  }

  /** The state of an app that never existed. */
  public static AppState absent(String appId) {
    return new AppState(appId, 0, null, Map.of(), false, null, GhostDiffPolicy.REPORT, 0, null);
  }
}
