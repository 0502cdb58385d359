package io.driftless.command.apply;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.command.ownership.AppLabels;
import io.driftless.command.ownership.Owner;
import io.driftless.command.ownership.OwnershipRules;
import io.driftless.command.plan.Planner;
import io.driftless.diff.plan.Change;
import io.driftless.diff.plan.DiffEngine;
import io.driftless.diff.resources.ResourceKey;
import java.time.Duration;
import java.util.Map;

/**
 * What every change of one app change is applied with: the app, the change, the plan it came from,
 * the objects taken over from other apps, how long a change may wait for the cluster, and the diff
 * engine (with the manifest's kapp Config) that re-plans a change the cluster refused with a
 * conflict, and how updates are written ({@link WriteMode}).
 */
record ApplyContext(
    String appId,
    String changeId,
    Planner.Plan plan,
    Map<ResourceKey, Owner> takenOver,
    Duration waitTimeout,
    DiffEngine engine,
    WriteMode writeMode) {

  /** The live object as planned (labels on), null when it did not exist. */
  ObjectNode live(ResourceKey key) {
    return plan.live().get(key);
  }

  /** The app's last-applied object, without Driftless's labels; null when it holds none. */
  ObjectNode lastApplied(ResourceKey key) {
    var state = plan.recorded().get(key);
    return state == null || state.lastApplied() == null
        ? null
        : AppLabels.strip(state.lastAppliedTree());
  }

  /**
   * What to send for a change's object: with the app's labels, unless the app does not claim it.
   */
  ObjectNode toWrite(Change change, ObjectNode object) {
    return OwnershipRules.claims(change) ? AppLabels.labelled(object, appId, change.key()) : object;
  }

  /** The ResourceChange of one of the app's objects. */
  String resourceId(ResourceKey key) {
    return Planner.resourceId(appId, key);
  }
}
