package io.driftless.command.deploy;

import io.driftless.diff.resources.ManifestException;
import io.driftless.events.AppId;
import java.util.ArrayList;

/**
 * The app's namespace and name in a command's path: both DNS-1123 labels ({@link AppId#isDnsLabel},
 * 422 otherwise).
 */
final class AppNames {

  private AppNames() {}

  static void check(String namespace, String app) {
    var problems = new ArrayList<String>();
    if (!AppId.isDnsLabel(namespace)) {
      problems.add(
          "namespace "
              + QueryParameters.echo(namespace)
              + " is not a valid Kubernetes namespace name");
    }
    if (!AppId.isDnsLabel(app)) {
      problems.add(
          "app " + QueryParameters.echo(app) + " is not a valid app name (a DNS-1123 label)");
    }
    if (!problems.isEmpty()) {
      throw new ManifestException(
          ManifestException.Reason.INVALID, "The app's namespace or name is invalid.", problems);
    }
  }
}
