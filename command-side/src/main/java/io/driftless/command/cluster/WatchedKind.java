package io.driftless.command.cluster;

/**
 * A kind the stored apps own, as the watches follow it: one watch per apiVersion and kind, selected
 * by the label {@code driftless.io/app} across all namespaces.
 *
 * @param apiVersion e.g. {@code apps/v1}, as the app's manifests wrote it
 * @param kind e.g. {@code Deployment}
 */
public record WatchedKind(String apiVersion, String kind) {

  /** The API group: empty for the core group. */
  public String group() {
    var slash = apiVersion.indexOf('/');
    return slash < 0 ? "" : apiVersion.substring(0, slash);
  }

  @Override
  public String toString() {
    return kind + " (" + apiVersion + ")";
  }
}
