package io.driftless.command.ownership;

import io.driftless.diff.plan.Change;
import io.driftless.diff.resources.ResourceKey;
import java.util.List;
import java.util.Map;

/**
 * A plan's changes after the ownership rules ({@link OwnershipRules}).
 *
 * @param changes the changes to apply, in order: deletes of objects the app does not own left out,
 *     adoptions and takeovers turned into updates that set the labels
 * @param takenOver the objects taken over from another app, with the owner they had
 */
public record Ownership(List<Change> changes, Map<ResourceKey, Owner> takenOver) {

  /** Copies both. */
  public Ownership {
    changes = List.copyOf(changes);
    takenOver = Map.copyOf(takenOver);
  }
}
