package io.driftless.diff.config;

/** Where a copy rule takes a value from, in kapp's words. */
public enum CopySource {
  /** The desired object as the deploy client sent it. */
  NEW,
  /** The live object. */
  EXISTING
}
