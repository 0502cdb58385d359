package io.driftless.command.apply;

import io.driftless.diff.plan.Change;

/**
 * An object marked {@code kapp.k14s.io/exists}: never created, updated or deleted; the change waits
 * until the object exists (polling the cluster with a growing interval), within the deploy's {@code
 * waitTimeout}, and fails naming it after that. kapp retries such a change every second for its
 * apply timeout ({@code clusterapply/exists_change.go}).
 */
record ExistsOp(Change change) implements ClusterOp {

  @Override
  public Outcome apply(ApplyContext context, ClusterWrites writes) {
    var found =
        writes.await(
            context,
            change,
            object -> object.isPresent(),
            "the object (kapp.k14s.io/exists) does not exist");
    return new Outcome(Outcome.Kind.UNTOUCHED, change, found.orElseThrow());
  }
}
