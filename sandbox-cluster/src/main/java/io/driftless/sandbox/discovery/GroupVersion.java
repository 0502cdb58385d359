package io.driftless.sandbox.discovery;

import java.util.Comparator;
import java.util.regex.Pattern;

/** An API group ({@code ""} for the core group) and version. */
record GroupVersion(String group, String version) {

  private static final Pattern KUBE_VERSION = Pattern.compile("v(\\d+)(?:(alpha|beta)(\\d+))?");

  /**
   * The API server's order of versions within a group: GA before beta before alpha, higher numbers
   * first, versions of another form last, alphabetically.
   */
  static final Comparator<String> PRIORITY =
      Comparator.comparingLong(GroupVersion::rank)
          .reversed()
          .thenComparing(Comparator.naturalOrder());

  /** {@code apps/v1}, or {@code v1} for the core group. */
  String apiVersion() {
    return group.isEmpty() ? version : group + "/" + version;
  }

  /** {@code api/v1} or {@code apis/apps/v1}: the path of its documents. */
  String path() {
    return group.isEmpty() ? "api/" + version : "apis/" + group + "/" + version;
  }

  private static long rank(String version) {
    var matcher = KUBE_VERSION.matcher(version);
    if (!matcher.matches()) {
      return 0;
    }
    long major = Long.parseLong(matcher.group(1));
    var stage = matcher.group(2) == null ? 3 : matcher.group(2).equals("beta") ? 2 : 1;
    long minor = matcher.group(3) == null ? 0 : Long.parseLong(matcher.group(3));
    return stage * 1_000_000_000L + major * 1_000_000L + minor + 1;
  }
}
