package io.driftless.query.projection;

/** Change ids are {@code <app>-change-<number>}; views order and prune by the number. */
public final class ChangeIds {

  private ChangeIds() {}

  public static long numberOf(String changeId) {
    var dash = changeId.lastIndexOf('-');
    return Long.parseLong(changeId.substring(dash + 1));
  }
}
