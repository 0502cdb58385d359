package io.driftless.diff.resources;

import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The name of one version of a kapp versioned resource ({@code kapp.k14s.io/versioned}): {@code
 * <base>-ver-<number>}. The one home of that form, for the planner and for whoever rebuilds a
 * desired set from stored versions.
 *
 * @param base the resource's own name
 * @param number the version, from 1
 */
public record VersionName(String base, int number) {

  private static final String MARK = "-ver-";
  private static final Pattern FORM = Pattern.compile("(.+)" + MARK + "([0-9]{1,9})");

  /** The version a name denotes, if it has the form. */
  public static Optional<VersionName> parse(String name) {
    if (!name.contains(MARK)) {
      // most names are no version: no pattern to run (a plan asks of every key, per versioned one)
      return Optional.empty();
    }
    var m = FORM.matcher(name);
    return m.matches()
        ? Optional.of(new VersionName(m.group(1), Integer.parseInt(m.group(2))))
        : Optional.empty();
  }

  /** Whether a name has the form of a version. */
  public static boolean matches(String name) {
    return name.contains(MARK) && FORM.matcher(name).matches();
  }

  /** The versioned name, {@code <base>-ver-<number>}. */
  public String name() {
    return base + MARK + number;
  }
}
