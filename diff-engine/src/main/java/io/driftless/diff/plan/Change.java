package io.driftless.diff.plan;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.diff.resources.KappAnnotations;
import io.driftless.diff.resources.ResourceKey;
import java.util.List;
import java.util.Objects;

/**
 * The planned change of one resource.
 *
 * <p>{@code op} is kapp's apply op. An unchanged resource and one annotated {@code
 * kapp.k14s.io/noop} are both {@link ChangeOp#NOOP} with {@link WaitOp#NOOP}: kapp leaves such
 * changes out of its Changes table and counts ({@link ChangeSet#shown()}); which of the two it is
 * follows from the annotation on {@link #intended()}.
 *
 * <p>A change's objects are read, never changed: whoever needs one changed (labels added for the
 * write, server fields stripped for a diff) changes a copy. A noop's {@code applied} object may be
 * the one the engine keeps for the next plan ({@link UnchangedDiffs}).
 *
 * @param key the resource
 * @param apiVersion the apiVersion to apply or delete with: the desired one, for deletes the
 *     last-applied or else the live one; null only for a delete of a resource known by key alone
 * @param op what happens
 * @param waitTo what to wait for afterwards: {@link ChangeOp#waitTo()}, or {@link WaitOp#NOOP} when
 *     the resource carries {@code kapp.k14s.io/disable-wait}
 * @param opStrategy kapp's strategy of the op, {@code ""} for the plain one: for a create the
 *     desired object's {@code kapp.k14s.io/create-strategy}, for an update its {@code
 *     kapp.k14s.io/update-strategy} ({@code skip}: the object is not written), for a delete the
 *     live (else last-applied) object's {@code kapp.k14s.io/delete-strategy} ({@code orphan} also
 *     for the Namespaces kapp never deletes); {@code ""} for noop and exists
 * @param fields the changed fields: for updates every difference, for creates the fields the
 *     desired object sets (see {@link DiffEngine}), empty for deletes, noops and exists
 * @param applied the object to send to the cluster (Secret values in clear, as the cluster needs
 *     them): for a create the desired object after rebase rules, for an update or noop the live
 *     object merged with it ({@link DiffEngine}), for exists the desired object; null for delete
 * @param existing the live object as read (for a delete of an object already gone, the last-applied
 *     one), or null; what line diffs start from. For a create it is the previous version's live
 *     object when the change is a new version of a versioned resource (kapp diffs against it), else
 *     null
 * @param intended what to record as last-applied: the desired object as the manifest has it (a
 *     Secret's stringData folded into data), before rebase rules copied anything from live; null
 *     for delete
 */
public record Change(
    ResourceKey key,
    String apiVersion,
    ChangeOp op,
    WaitOp waitTo,
    String opStrategy,
    List<FieldChange> fields,
    ObjectNode applied,
    ObjectNode existing,
    ObjectNode intended) {

  /** Checks the required parts and copies the field list. */
  public Change {
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(op, "op");
    Objects.requireNonNull(waitTo, "waitTo");
    Objects.requireNonNull(opStrategy, "opStrategy");
    fields = List.copyOf(fields);
    if (applied == null && op != ChangeOp.DELETE) {
      throw new IllegalArgumentException("Only a delete has no applied object: " + key);
    }
  }

  /**
   * A change whose wait and strategy follow from its op and the annotations of its objects (the
   * desired one, for a delete the existing one), as kapp's {@code ClusterChange} derives them.
   */
  public static Change of(
      ResourceKey key,
      String apiVersion,
      ChangeOp op,
      List<FieldChange> fields,
      ObjectNode applied,
      ObjectNode existing,
      ObjectNode intended) {
    ObjectNode annotated = op == ChangeOp.DELETE ? existing : intended;
    WaitOp wait =
        KappAnnotations.has(annotated, KappAnnotations.DISABLE_WAIT) ? WaitOp.NOOP : op.waitTo();
    String strategy = OpStrategies.of(key, op, annotated);
    return new Change(key, apiVersion, op, wait, strategy, fields, applied, existing, intended);
  }

  /**
   * The same resource as an update with other fields (an adoption or takeover of an object that
   * planned as noop); wait and strategy follow from the desired object as for any update. The
   * object to apply is a copy: a noop's may be shared with the engine's kept diffs.
   */
  public Change asUpdate(List<FieldChange> otherFields) {
    return of(
        key, apiVersion, ChangeOp.UPDATE, otherFields, applied.deepCopy(), existing, intended);
  }

  /**
   * Whether applying the change writes to the cluster: a create, a delete, an update not skipped.
   */
  public boolean writes() {
    return switch (op) {
      case CREATE, DELETE -> true;
      case UPDATE -> !KappAnnotations.SKIP.equals(opStrategy);
      case NOOP, EXISTS -> false;
    };
  }

  /** Whether kapp lists and counts the change: anything but a noop that waits for nothing. */
  public boolean shown() {
    return op != ChangeOp.NOOP || waitTo != WaitOp.NOOP;
  }
}
