package io.driftless.query.projection;

/** What the version check did with an event. */
public enum Outcome {
  /** At least one view applied it. */
  APPLIED,
  /** Every view had it already. */
  DUPLICATE,
  /** An earlier event of the same aggregate is missing: nothing applied where it is missing. */
  GAP
}
