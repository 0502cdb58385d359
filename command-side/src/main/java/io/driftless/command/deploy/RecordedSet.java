package io.driftless.command.deploy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.command.ownership.OwnershipRules;
import io.driftless.command.plan.Planner;
import io.driftless.diff.plan.ChangeOp;
import io.driftless.diff.plan.ChangeSet;
import io.driftless.diff.plan.WaitOp;
import io.driftless.diff.resources.Resource;
import io.driftless.diff.resources.ResourceKey;
import io.driftless.diff.text.ContentHash;
import io.driftless.diff.text.SecretFingerprint;
import io.driftless.diff.text.SecretRedaction;
import io.driftless.diff.text.ServerFields;
import io.driftless.events.OpCounts;
import io.driftless.events.WaitCounts;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What a change records on {@code AppChangeStarted} of the app's objects: its resource set after
 * the change (resource id to content hash, Secrets by their keyed fingerprint) with the namespaces
 * it spans, and the plan's op and wait counts.
 *
 * @param set resource id to content hash, the app's set once the change is applied
 * @param namespaces the namespaces of that set, sorted
 */
record RecordedSet(Map<String, String> set, List<String> namespaces) {

  /**
   * The set after {@code plan}: a deploy's is what it claims of its manifest ({@code resources}); a
   * reconcile ({@code stored}) keeps the app's set as the last change left it, plus the versions it
   * makes and minus those it deletes.
   */
  static RecordedSet after(
      Planner.Plan plan, List<Resource> resources, boolean stored, SecretFingerprint fingerprint) {
    var manifest = new HashMap<ResourceKey, ObjectNode>();
    resources.forEach(r -> manifest.put(r.key(), r.object()));
    var set = new TreeMap<String, String>();
    var namespaces = new TreeSet<String>();
    if (stored) {
      // A reconcile keeps the app's set as the last change left it, Secrets left alone included,
      // plus the versions it makes and minus those it deletes (command-side README, "Reconcile").
      set.putAll(plan.app().resources());
      set.keySet().forEach(id -> addNamespace(namespaces, ResourceKey.parseId(id)));
    }
    for (var change : plan.changes().changes()) {
      if (stored && change.op() == ChangeOp.DELETE) {
        set.remove(change.key().id());
      }
      // kapp.k14s.io/exists and noop objects are not the app's (kapp inspect does not list them)
      if (change.op() == ChangeOp.DELETE
          || !OwnershipRules.claims(change)
          || (stored && set.containsKey(change.key().id()))) {
        continue;
      }
      var object = manifest.get(change.key());
      if (object == null) {
        object = ServerFields.strip(change.applied()); // stripped only when needed: it copies
      }
      set.put(change.key().id(), ContentHash.of(SecretRedaction.redact(object, fingerprint)));
      addNamespace(namespaces, change.key());
    }
    return new RecordedSet(set, List.copyOf(namespaces));
  }

  private static void addNamespace(TreeSet<String> namespaces, ResourceKey key) {
    if (!key.namespace().isEmpty()) {
      namespaces.add(key.namespace());
    }
  }

  static OpCounts opCounts(ChangeSet changes) {
    Map<ChangeOp, Integer> ops = changes.opCounts();
    return new OpCounts(
        ops.get(ChangeOp.CREATE),
        ops.get(ChangeOp.DELETE),
        ops.get(ChangeOp.UPDATE),
        ops.get(ChangeOp.NOOP),
        ops.get(ChangeOp.EXISTS));
  }

  static WaitCounts waitCounts(ChangeSet changes) {
    Map<WaitOp, Integer> waits = changes.waitCounts();
    return new WaitCounts(
        waits.get(WaitOp.RECONCILE), waits.get(WaitOp.DELETE), waits.get(WaitOp.NOOP));
  }
}
