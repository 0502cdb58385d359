package io.driftless.diff.plan;

import java.util.Locale;

/** What kapp waits for after a change: the resource to reconcile, to be gone, or nothing. */
public enum WaitOp {
  /** Wait until the resource is ready (created or updated). */
  RECONCILE,
  /** Wait until the resource is gone. */
  DELETE,
  /** Nothing to wait for. */
  NOOP;

  /** The lowercase name used on the wire and in summaries, e.g. {@code reconcile}. */
  public String wireName() {
    return name().toLowerCase(Locale.ROOT);
  }
}
