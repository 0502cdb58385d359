package io.driftless.events;

/**
 * What a change waits for, per kapp's "Wait to" summary.
 *
 * @param reconcile created or updated objects that must become ready
 * @param delete deleted objects that must disappear
 * @param noop objects nothing is waited for
 */
public record WaitCounts(int reconcile, int delete, int noop) {

  /** Nothing to wait for. */
  public static WaitCounts none() {
    return new WaitCounts(0, 0, 0);
  }
}
