package io.driftless.events;

import java.util.OptionalLong;
import java.util.regex.Pattern;

/**
 * Change ids, as kapp names its app changes: {@code <app>-change-<number, six digits>}, e.g. {@code
 * simple-app-change-000007} for the seventh change of {@code default/simple-app}. The App numbers
 * its changes from 1; views order and prune them by the number. Past 999999 the number simply grows
 * longer.
 */
public final class ChangeIds {

  private static final Pattern WELL_FORMED = Pattern.compile(".+-change-(\\d{1,18})");

  private ChangeIds() {}

  /** The id of the change numbered {@code number} of the app {@code namespace/app}. */
  public static String of(String appId, long number) {
    return String.format("%s-change-%06d", AppId.parse(appId).name(), number);
  }

  /**
   * The number of a change id the App made: the digits after its last dash.
   *
   * @throws NumberFormatException if it does not end in a number
   */
  public static long numberOf(String changeId) {
    var dash = changeId.lastIndexOf('-');
    return Long.parseLong(changeId.substring(dash + 1));
  }

  /**
   * The number of a change id from outside (a caller, a stored map): present only when it has the
   * form {@code <app>-change-<1 to 18 digits>}; empty for null and anything else.
   */
  public static OptionalLong parse(String changeId) {
    if (changeId == null) {
      return OptionalLong.empty();
    }
    var match = WELL_FORMED.matcher(changeId);
    return match.matches() ? OptionalLong.of(Long.parseLong(match.group(1))) : OptionalLong.empty();
  }
}
