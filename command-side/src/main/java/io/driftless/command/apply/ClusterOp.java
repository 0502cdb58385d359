package io.driftless.command.apply;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.diff.plan.Change;
import io.driftless.diff.plan.ChangeOp;
import io.driftless.diff.resources.KappAnnotations;

/**
 * The cluster write of one change, one type per op as kapp's {@code clusterapply}: {@link
 * CreateOp}, {@link UpdateOp}, {@link DeleteOp}, {@link ExistsOp}. Each carries the kapp strategy
 * the plan decided ({@code Change.opStrategy}: the desired object's annotation, for a delete the
 * live one's, orphan for the namespaces kapp never deletes); the parser has already refused values
 * kapp does not know. {@link ChangeRecords} records what it did. Deploys, reconciles and deletes
 * share them.
 */
sealed interface ClusterOp permits CreateOp, UpdateOp, DeleteOp, ExistsOp {

  /** Writes (or deliberately does not write) the change's object. */
  Outcome apply(ApplyContext context, ClusterWrites writes);

  /** The change this op applies. */
  Change change();

  /**
   * The op of a change, or null when it writes nothing: a noop, an object marked {@code
   * kapp.k14s.io/noop}, or one marked {@code kapp.k14s.io/exists} that exists.
   */
  static ClusterOp of(Change change, ApplyContext context) {
    var desired = desired(change);
    if (change.op() == ChangeOp.EXISTS) {
      return new ExistsOp(change);
    }
    if (change.op() == ChangeOp.NOOP
        || KappAnnotations.has(desired, KappAnnotations.NOOP)
        || KappAnnotations.has(desired, KappAnnotations.EXISTS)) {
      // An exists object that is there already is a noop (kapp's diff/change.go op()).
      return null;
    }
    if (change.op() == ChangeOp.DELETE) {
      return new DeleteOp(change, change.opStrategy());
    }
    if (change.op() == ChangeOp.CREATE) {
      return new CreateOp(change, change.opStrategy());
    }
    if (context.live(change.key()) == null) {
      // Planned as an update, gone since: created again, with the desired create strategy.
      return new CreateOp(change, KappAnnotations.value(desired, KappAnnotations.CREATE_STRATEGY));
    }
    return new UpdateOp(change, change.opStrategy());
  }

  /** The desired object of a change: what was planned to be there, null for a delete. */
  static ObjectNode desired(Change change) {
    return change.intended() != null ? change.intended() : change.applied();
  }
}
