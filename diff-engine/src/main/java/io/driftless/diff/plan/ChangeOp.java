package io.driftless.diff.plan;

import java.util.Locale;

/** What a change does to one resource, in kapp's vocabulary. */
public enum ChangeOp {
  /** The resource does not exist yet. */
  CREATE(WaitOp.RECONCILE),
  /** The resource exists and differs from the desired object. */
  UPDATE(WaitOp.RECONCILE),
  /** The resource left the manifest. */
  DELETE(WaitOp.DELETE),
  /** The resource exists and matches. */
  NOOP(WaitOp.NOOP),
  /**
   * kapp's "exists" (the resource is only waited for, never written). Part of the vocabulary and
   * the summary; the v1 engine never produces it.
   */
  EXISTS(WaitOp.NOOP);

  private final WaitOp waitTo;

  ChangeOp(WaitOp waitTo) {
    this.waitTo = waitTo;
  }

  /** The lowercase name used on the wire and in summaries, e.g. {@code create}. */
  public String wireName() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** What to wait for after this op: reconcile for create/update, delete, else nothing. */
  public WaitOp waitTo() {
    return waitTo;
  }
}
