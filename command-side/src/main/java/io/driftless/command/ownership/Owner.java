package io.driftless.command.ownership;

import io.driftless.events.AppId;

/**
 * The app a live object is labelled for.
 *
 * @param label the {@code driftless.io/app} label value
 * @param appId the app id {@code namespace/app}, or null when the object does not say it (a label
 *     set by hand, without a matching {@code driftless.io/app-id} annotation)
 */
public record Owner(String label, String appId) {

  /** kapp's description of the owner, e.g. {@code app 'simple-app' namespace: default}. */
  public String description() {
    if (appId == null) {
      return "label '" + AppLabels.APP + "=" + label + "'";
    }
    var id = AppId.parse(appId);
    return "app '"
        + id.name()
        + "' namespace: "
        + id.namespace()
        + " (label '"
        + AppLabels.APP
        + "="
        + label
        + "')";
  }
}
