package io.driftless.command.app;

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
 */
public record AppState(
    String appId,
    long changeNumber,
    String changeInProgress,
    Map<String, String> resources,
    boolean exists,
    Duration syncPeriod) {

  /** The state of an app that never existed. */
  public static AppState absent(String appId) {
    return new AppState(appId, 0, null, Map.of(), false, null);
  }
}
