package io.driftless.diff.plan;

/** What the desired object is compared against. */
enum CompareBase {
  /**
   * The last-applied object: nobody changed the live object since our apply, so last-applied vs
   * desired is exactly what this deploy changes.
   */
  LAST_APPLIED,
  /**
   * The live object, with three-way semantics: what neither desired nor last-applied mention is not
   * ours and is ignored; what last-applied had and desired dropped is deleted.
   */
  LIVE
}
