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
  /**
   * Nothing is written: the resource exists and matches (kapp's "keep"), or the desired object is
   * annotated {@code kapp.k14s.io/noop}, or it is annotated {@code kapp.k14s.io/exists} and exists.
   */
  NOOP(WaitOp.NOOP),
  /**
   * The desired object is annotated {@code kapp.k14s.io/exists} and does not exist yet: never
   * written, only waited for until someone else creates it.
   */
  EXISTS(WaitOp.RECONCILE);

  private final WaitOp waitTo;

  ChangeOp(WaitOp waitTo) {
    this.waitTo = waitTo;
  }

  /** The lowercase name used on the wire and in summaries, e.g. {@code create}. */
  public String wireName() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** What to wait for after this op: reconcile for create/update/exists, delete, else nothing. */
  public WaitOp waitTo() {
    return waitTo;
  }
}
