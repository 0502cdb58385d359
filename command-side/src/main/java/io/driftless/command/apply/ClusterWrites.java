package io.driftless.command.apply;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.command.apply.wait.PollPause;
import io.driftless.command.cluster.ClusterException;
import io.driftless.command.cluster.ClusterGateway;
import io.driftless.command.ownership.AppLabels;
import io.driftless.command.ownership.OwnershipRules;
import io.driftless.diff.plan.Change;
import io.driftless.diff.plan.ChangeOp;
import io.driftless.diff.plan.FieldChange;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * The cluster writes the ops share, with kapp's recoveries ({@code clusterapply/
 * add_or_update_change.go}):
 *
 * <ul>
 *   <li>An update refused with 409 Conflict (someone wrote the object since it was read) re-reads
 *       it, re-plans that one change ({@code DiffEngine.diff}, three-way against the new live
 *       object) and, if the re-planned diff is still the approved one (same paths, same old and new
 *       values), sends it with the new resourceVersion; up to {@value #ATTEMPTS} times, as kapp. A
 *       diff that changed fails: "approved diff no longer matches".
 *   <li>A create refused because the object exists (409), under create strategy {@code
 *       fallback-on-update}: re-read, re-plan, update (or nothing, for {@code -or-noop}, when the
 *       re-planned change is a noop), retried the same way. An object another app's labels claim is
 *       not taken this way.
 *   <li>A replace: delete, wait until the object is gone, create.
 * </ul>
 */
final class ClusterWrites {

  /** kapp's number of tries after a conflict. */
  static final int ATTEMPTS = 10;

  private final ClusterGateway cluster;

  ClusterWrites(ClusterGateway cluster) {
    this.cluster = cluster;
  }

  ClusterGateway cluster() {
    return cluster;
  }

  /**
   * Creates the change's object: a POST, or under server-side apply an apply (which creates an
   * absent object, its fields owned by Driftless's manager from the start).
   */
  ObjectNode create(ApplyContext context, Change change, ObjectNode object) {
    var mode = context.writeMode();
    if (mode.serverSide()) {
      return cluster.apply(change.key(), context.toWrite(change, object), mode.forceConflicts());
    }
    return cluster.create(change.key(), context.toWrite(change, object));
  }

  /**
   * Updates the change's object; a conflict is retried on a re-planned change. Under server-side
   * apply the object is applied instead (no resourceVersion: the cluster merges by field ownership,
   * and a field another manager owns is a conflict unless forced). It is the object a PUT would
   * send, the desired fields over the live object as kapp merges them, so Driftless shares the
   * fields whose live value it keeps and conflicts only where it changes another manager's field.
   */
  Outcome update(ApplyContext context, Change change) {
    var mode = context.writeMode();
    if (mode.serverSide()) {
      var stored =
          cluster.apply(
              change.key(), context.toWrite(change, change.applied()), mode.forceConflicts());
      return new Outcome(Outcome.Kind.UPDATED, change, stored);
    }
    var live = context.live(change.key());
    try {
      var stored =
          cluster.update(
              change.key(), context.toWrite(change, change.applied()), resourceVersion(live));
      return new Outcome(Outcome.Kind.UPDATED, change, stored);
    } catch (ClusterException e) {
      if (e.status() != 409) {
        throw e;
      }
      return retryUpdate(context, change, e);
    }
  }

  private Outcome retryUpdate(ApplyContext context, Change change, ClusterException conflict) {
    var prefix = "update " + describe(change) + ": failed due to a resource conflict";
    for (var attempt = 0; attempt < ATTEMPTS; attempt++) {
      var latest = read(change);
      var again = replan(context, change, latest);
      if (again.op() != ChangeOp.UPDATE || !sameDiff(change, again)) {
        throw new ClusterException(
            prefix + " (approved diff no longer matches): " + conflict.getMessage(), 409, conflict);
      }
      try {
        var stored =
            cluster.update(
                change.key(), context.toWrite(change, again.applied()), resourceVersion(latest));
        return new Outcome(Outcome.Kind.UPDATED, change, stored);
      } catch (ClusterException e) {
        if (e.status() != 409) {
          throw e;
        }
        conflict = e;
      }
    }
    throw new ClusterException(
        prefix + " (tried " + ATTEMPTS + " times): " + conflict.getMessage(), 409, conflict);
  }

  /**
   * After a create found the object existing (create strategy fallback-on-update): updates it to
   * the desired object, or leaves it when that changes nothing and {@code noopAllowed}.
   */
  Outcome updateAfterCreateConflict(
      ApplyContext context, Change change, boolean noopAllowed, ClusterException exists) {
    var last = exists;
    for (var attempt = 0; attempt < ATTEMPTS; attempt++) {
      var latest = read(change);
      refuseForeign(context, change, latest);
      var again = replan(context, change, latest);
      if (again.op() == ChangeOp.NOOP) {
        if (noopAllowed) {
          return new Outcome(Outcome.Kind.UNTOUCHED, change, latest);
        }
        throw new ClusterException(
            "create "
                + describe(change)
                + ": it exists and the update after it would change nothing, which create"
                + " strategy fallback-on-update does not allow (use fallback-on-update-or-noop)",
            409,
            exists);
      }
      try {
        var stored =
            cluster.update(
                change.key(), context.toWrite(change, again.applied()), resourceVersion(latest));
        return new Outcome(Outcome.Kind.UPDATED, again, stored);
      } catch (ClusterException e) {
        if (e.status() != 409) {
          throw e;
        }
        last = e;
      }
    }
    throw new ClusterException(
        "update "
            + describe(change)
            + " (after trying to create) failed due to a resource conflict (tried "
            + ATTEMPTS
            + " times): "
            + last.getMessage(),
        409,
        last);
  }

  /**
   * Replaces the object: deletes it, waits until it is gone (within the wait timeout), creates the
   * desired object anew.
   */
  Outcome replace(ApplyContext context, Change change) {
    cluster.delete(change.key(), change.apiVersion());
    await(
        context,
        change,
        found -> found.isEmpty(),
        "the old object was not gone after its delete (update strategy replace)");
    var desired = change.intended() != null ? change.intended() : change.applied();
    return new Outcome(Outcome.Kind.CREATED, change, create(context, change, desired));
  }

  /**
   * Polls the cluster with a growing interval (50 ms to 1 s) until the change's object passes
   * {@code done}, for at most the wait timeout; returns what was read last.
   *
   * @throws ClusterException naming the object and {@code what} after the timeout
   */
  Optional<ObjectNode> await(
      ApplyContext context, Change change, Predicate<Optional<ObjectNode>> done, String what) {
    var deadline = System.nanoTime() + context.waitTimeout().toNanos();
    var pause = new PollPause();
    while (true) {
      var found = cluster.get(change.key(), change.apiVersion());
      if (done.test(found)) {
        return found;
      }
      if (System.nanoTime() - deadline >= 0) {
        throw new ClusterException(
            describe(change) + ": " + what + " within " + context.waitTimeout(), 0, null);
      }
      pause.sleep();
    }
  }

  /** The object as the cluster has it now. */
  ObjectNode read(Change change) {
    return cluster
        .get(change.key(), change.apiVersion())
        .orElseThrow(
            () ->
                new ClusterException(
                    "read " + change.key().id() + " failed (404): it is gone", 404, null));
  }

  private static Change replan(ApplyContext context, Change change, ObjectNode latest) {
    var desired = change.intended() != null ? change.intended() : change.applied();
    return context
        .engine()
        .diff(
            change.key(),
            change.apiVersion(),
            desired,
            context.lastApplied(change.key()),
            AppLabels.stripped(latest));
  }

  /** Whether the re-planned change makes the same field changes as the approved one. */
  private static boolean sameDiff(Change approved, Change again) {
    return diffOf(approved).equals(diffOf(again));
  }

  private static List<List<Object>> diffOf(Change change) {
    return change.fields().stream()
        .filter(f -> !f.path().equals(OwnershipRules.LABEL_PATH))
        .map(ClusterWrites::entry)
        .toList();
  }

  private static List<Object> entry(FieldChange field) {
    return Arrays.asList(field.path(), field.from(), field.to());
  }

  /** A create must not take over another app's object through its fallback. */
  private static void refuseForeign(ApplyContext context, Change change, ObjectNode latest) {
    var owner = AppLabels.ownerOf(latest);
    if (OwnershipRules.claims(change)
        && owner.isPresent()
        && !Objects.equals(owner.get().label(), AppLabels.appLabel(context.appId()))) {
      throw new ClusterException(
          "create "
              + describe(change)
              + ": it exists and is already associated with a different "
              + owner.get().description(),
          409,
          null);
    }
  }

  static String describe(Change change) {
    var apiVersion = change.apiVersion() == null ? "?" : change.apiVersion();
    return OwnershipRules.describe(change.key(), apiVersion);
  }

  static String resourceVersion(ObjectNode object) {
    return object == null ? null : object.path("metadata").path("resourceVersion").asText(null);
  }
}
