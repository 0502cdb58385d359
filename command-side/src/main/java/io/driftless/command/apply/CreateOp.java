package io.driftless.command.apply;

import io.driftless.command.cluster.ClusterException;
import io.driftless.diff.plan.Change;
import io.driftless.diff.resources.KappAnnotations;

/**
 * Creates an object. Create strategy {@code fallback-on-update} (or {@code
 * fallback-on-update-or-noop}): a create the cluster refuses because the object exists (someone
 * else made it since the plan, e.g. a controller) updates it instead ({@link
 * ClusterWrites#updateAfterCreateConflict}).
 *
 * @param strategy the {@code kapp.k14s.io/create-strategy} value, {@code ""} when absent
 */
record CreateOp(Change change, String strategy) implements ClusterOp {

  @Override
  public Outcome apply(ApplyContext context, ClusterWrites writes) {
    try {
      return new Outcome(
          Outcome.Kind.CREATED, change, writes.create(context, change, change.applied()));
    } catch (ClusterException e) {
      if (e.status() != 409 || strategy.isEmpty()) {
        throw e;
      }
      var noopAllowed = strategy.equals(KappAnnotations.FALLBACK_ON_UPDATE_OR_NOOP);
      return writes.updateAfterCreateConflict(context, change, noopAllowed, e);
    }
  }
}
