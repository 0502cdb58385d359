package io.driftless.command.apply;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.command.cluster.ClusterException;
import io.driftless.command.ownership.AppLabels;
import io.driftless.diff.plan.Change;
import io.driftless.diff.resources.KappAnnotations;

/**
 * Deletes an object, or orphans it when the plan's strategy is {@code orphan} (the live object's
 * delete strategy, as kapp reads the existing resource, and always for the namespaces a cluster
 * cannot do without: {@code Change.opStrategy}). An orphaned object stays in the cluster without
 * Driftless's labels and annotation ({@link AppLabels#stripped}) and with the label {@value
 * #ORPHANED_LABEL}, as kapp marks it {@code kapp.k14s.io/orphaned}; it leaves the app's resource
 * set.
 *
 * @param strategy the plan's delete strategy, {@code ""} or {@code orphan}
 */
record DeleteOp(Change change, String strategy) implements ClusterOp {

  /** The label an orphaned object gets (value {@code ""}). */
  static final String ORPHANED_LABEL = AppLabels.PREFIX + "orphaned";

  @Override
  public Outcome apply(ApplyContext context, ClusterWrites writes) {
    if (!orphans()) {
      writes.cluster().delete(change.key(), change.apiVersion());
      return new Outcome(Outcome.Kind.DELETED, change, null);
    }
    return new Outcome(Outcome.Kind.ORPHANED, change, orphan(writes));
  }

  /** Whether the object is orphaned rather than deleted. */
  boolean orphans() {
    return strategy.equals(KappAnnotations.ORPHAN);
  }

  /** Takes the labels off, retrying on conflicts; an object already gone stays gone. */
  private ObjectNode orphan(ClusterWrites writes) {
    ClusterException conflict = null;
    for (var attempt = 0; attempt < ClusterWrites.ATTEMPTS; attempt++) {
      var live = writes.cluster().get(change.key(), change.apiVersion());
      if (live.isEmpty()) {
        return null;
      }
      var unlabelled = AppLabels.stripped(live.get());
      unlabelled.withObject("metadata").withObject("labels").put(ORPHANED_LABEL, "");
      try {
        return writes
            .cluster()
            .update(change.key(), unlabelled, ClusterWrites.resourceVersion(live.get()));
      } catch (ClusterException e) {
        if (e.status() != 409) {
          throw e;
        }
        conflict = e;
      }
    }
    throw conflict;
  }
}
