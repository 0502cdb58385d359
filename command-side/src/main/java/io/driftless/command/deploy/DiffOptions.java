package io.driftless.command.deploy;

import io.driftless.diff.plan.ChangeFilter;

/**
 * The deploy API's diff options (kapp's flag names, camelCase; API.md).
 *
 * @param changes include line diffs ({@code diffChanges})
 * @param context unchanged lines around each change ({@code diffContext})
 * @param mask mask Secret values in line diffs ({@code diffMask})
 * @param filter which changes to plan and apply ({@code diffFilter}, kapp's JSON filter)
 * @param againstLastApplied compare with last-applied when the live object is unchanged since our
 *     apply ({@code diffAgainstLastApplied}); false: always three-way against live
 */
record DiffOptions(
    boolean changes, int context, boolean mask, ChangeFilter filter, boolean againstLastApplied) {

  /** The defaults of API.md. */
  static DiffOptions defaults() {
    return new DiffOptions(false, 2, true, ChangeFilter.all(), true);
  }
}
