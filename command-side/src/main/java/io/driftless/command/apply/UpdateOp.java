package io.driftless.command.apply;

import io.driftless.command.cluster.ClusterException;
import io.driftless.diff.plan.Change;
import io.driftless.diff.resources.KappAnnotations;

/**
 * Updates an existing object (PUT with the live resourceVersion; a conflict is retried on a
 * re-planned change, {@link ClusterWrites#update}). Update strategies, as kapp: {@code
 * fallback-on-replace}: an update the cluster refuses as invalid (422, e.g. a change to an
 * immutable field) is done as delete and create; {@code always-replace}: always delete and create
 * (a new uid); {@code skip}: an existing object is never updated.
 *
 * @param strategy the {@code kapp.k14s.io/update-strategy} value, {@code ""} when absent
 */
record UpdateOp(Change change, String strategy) implements ClusterOp {

  @Override
  public Outcome apply(ApplyContext context, ClusterWrites writes) {
    switch (strategy) {
      case KappAnnotations.SKIP:
        return new Outcome(Outcome.Kind.UNTOUCHED, change, null);
      case KappAnnotations.ALWAYS_REPLACE:
        return writes.replace(context, change);
      default:
        try {
          return writes.update(context, change);
        } catch (ClusterException e) {
          if (e.status() == 422 && strategy.equals(KappAnnotations.FALLBACK_ON_REPLACE)) {
            return writes.replace(context, change);
          }
          throw e;
        }
    }
  }
}
