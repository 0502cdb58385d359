package io.driftless.command.deploy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.diff.plan.Change;
import io.driftless.diff.plan.ChangeOp;
import io.driftless.diff.resources.KappAnnotations;
import io.driftless.diff.resources.ManifestException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The cluster write of one change, one type per op as kapp's {@code clusterapply}: {@link
 * CreateOp}, {@link UpdateOp}, {@link DeleteOp}, {@link ExistsOp}. Each carries its kapp strategy,
 * read from the desired object ({@code Change.intended}, else {@code applied}) or, for a delete,
 * from the live object. {@link ChangeRecords} records what it did. Deploys and deletes share them
 * (and the reconciles will).
 */
sealed interface ClusterOp permits CreateOp, UpdateOp, DeleteOp, ExistsOp {

  Set<String> CREATE_STRATEGIES =
      Set.of("", KappAnnotations.FALLBACK_ON_UPDATE, KappAnnotations.FALLBACK_ON_UPDATE_OR_NOOP);

  Set<String> UPDATE_STRATEGIES =
      Set.of(
          "",
          KappAnnotations.FALLBACK_ON_REPLACE,
          KappAnnotations.ALWAYS_REPLACE,
          KappAnnotations.SKIP);

  Set<String> DELETE_STRATEGIES = Set.of("", KappAnnotations.ORPHAN);

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
      var live = context.live(change.key());
      var existing = live != null ? live : change.existing();
      return new DeleteOp(change, KappAnnotations.value(existing, KappAnnotations.DELETE_STRATEGY));
    }
    if (change.op() == ChangeOp.CREATE || context.live(change.key()) == null) {
      return new CreateOp(change, KappAnnotations.value(desired, KappAnnotations.CREATE_STRATEGY));
    }
    return new UpdateOp(change, KappAnnotations.value(desired, KappAnnotations.UPDATE_STRATEGY));
  }

  /**
   * Refuses strategies kapp does not know, before anything is stored or written (422, as kapp's
   * "Unknown create strategy").
   */
  static void checkStrategies(List<Change> changes) {
    var problems = new ArrayList<String>();
    for (var change : changes) {
      var desired = desired(change);
      check(change, desired, KappAnnotations.CREATE_STRATEGY, CREATE_STRATEGIES, problems);
      check(change, desired, KappAnnotations.UPDATE_STRATEGY, UPDATE_STRATEGIES, problems);
      check(change, desired, KappAnnotations.DELETE_STRATEGY, DELETE_STRATEGIES, problems);
    }
    if (!problems.isEmpty()) {
      throw new ManifestException(
          ManifestException.Reason.INVALID, "unknown kapp strategy annotations", problems);
    }
  }

  private static void check(
      Change change,
      ObjectNode desired,
      String annotation,
      Set<String> known,
      List<String> problems) {
    var value = KappAnnotations.value(desired, annotation);
    if (!known.contains(value)) {
      problems.add(
          ClusterWrites.describe(change)
              + ": unknown "
              + annotation
              + " '"
              + value
              + "' (known: "
              + String.join(", ", known.stream().filter(v -> !v.isEmpty()).sorted().toList())
              + ")");
    }
  }

  /** The desired object of a change: what was planned to be there, null for a delete. */
  static ObjectNode desired(Change change) {
    return change.intended() != null ? change.intended() : change.applied();
  }
}
