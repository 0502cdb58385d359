package io.driftless.command.deploy;

import io.driftless.diff.resources.ManifestException;
import java.util.ArrayList;
import java.util.regex.Pattern;

/** The app's namespace and name in a command's path: both DNS-1123 labels (422 otherwise). */
final class AppNames {

  private static final Pattern DNS_LABEL = Pattern.compile("[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?");

  private AppNames() {}

  static void check(String namespace, String app) {
    var problems = new ArrayList<String>();
    if (!DNS_LABEL.matcher(namespace).matches()) {
      problems.add(
          "namespace "
              + QueryParameters.echo(namespace)
              + " is not a valid Kubernetes namespace name");
    }
    if (!DNS_LABEL.matcher(app).matches()) {
      problems.add(
          "app " + QueryParameters.echo(app) + " is not a valid app name (a DNS-1123 label)");
    }
    if (!problems.isEmpty()) {
      throw new ManifestException(
          ManifestException.Reason.INVALID, "The app's namespace or name is invalid.", problems);
    }
  }
}
