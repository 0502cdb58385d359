package io.driftless.diff.plan;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.diff.resources.ResourceKey;
import java.util.List;
import java.util.Objects;

/**
 * The planned change of one resource.
 *
 * @param key the resource
 * @param apiVersion the apiVersion to apply or delete with: the desired one, for deletes the
 *     last-applied or else the live one; null only for a delete of a resource known by key alone
 * @param op what happens
 * @param waitTo what to wait for afterwards ({@link ChangeOp#waitTo()})
 * @param fields the changed fields: for updates every difference, for creates the fields the
 *     desired object sets (see {@link DiffEngine}), empty for deletes and noops
 * @param applied the object to send to the cluster (Secret values in clear, as the cluster needs
 *     them): for a create the desired object after rebase rules, for an update or noop the live
 *     object merged with it ({@link DiffEngine}); null for delete
 * @param existing the live object as read (for a delete of an object already gone, the last-applied
 *     one), or null; what line diffs start from. For a create it is the previous version's live
 *     object when the change is a new version of a versioned resource (kapp diffs against it), else
 *     null
 */
public record Change(
    ResourceKey key,
    String apiVersion,
    ChangeOp op,
    WaitOp waitTo,
    List<FieldChange> fields,
    ObjectNode applied,
    ObjectNode existing,
    ObjectNode intended) {

  /** Checks the required parts and copies the field list. */
  public Change {
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(op, "op");
    Objects.requireNonNull(waitTo, "waitTo");
    fields = List.copyOf(fields);
    if (applied == null && op != ChangeOp.DELETE) {
      throw new IllegalArgumentException("Only a delete has no applied object: " + key);
    }
  }

  /** A change whose wait follows from its op. */
  static Change of(
      ResourceKey key,
      String apiVersion,
      ChangeOp op,
      List<FieldChange> fields,
      ObjectNode applied,
      ObjectNode existing,
      ObjectNode intended) {
    return new Change(key, apiVersion, op, op.waitTo(), fields, applied, existing, intended);
  }
}
