package io.driftless.diff.plan;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.diff.config.KappConfig;
import io.driftless.diff.resources.CustomResourceDefinitions;
import io.driftless.diff.resources.GroupKind;
import io.driftless.diff.resources.ManifestException;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.IntStream;

/**
 * kapp's apply order, as waves. Change groups and change rules ({@link ChangeGroups}: kapp's
 * default bindings, the Config's, and the {@code kapp.k14s.io/change-group} and {@code change-rule}
 * annotations) say which change waits for which ({@link ChangeGraph}); kapp then applies, in a
 * loop, every change whose waits are over. Wave 0 is every change that waits for nothing; wave N+1
 * every change whose latest wait is in wave N. A change that no rule binds is in wave 0, ahead of
 * nothing: kapp's defaults order CRDs before their custom resources, Namespaces before their
 * objects, Roles before bindings, StorageClasses before volumes, and every other namespaced object
 * after pod-related ones (ConfigMaps, Secrets, ServiceAccounts, quotas, ...), RBAC and storage;
 * custom resources are deleted before CRDs, other objects after CRDs, and ServiceAccounts before
 * their Namespace. Nothing else: upserts and deletes share waves, and there is no rank by kind.
 *
 * <p>As kapp: a rule binds a change only when its action matches the change ({@code upsert} rules
 * for creates, updates and exists, {@code delete} rules for deletes); a rule's group holds the
 * members whose change is of the named kind; noops neither follow nor count as members, so they are
 * all in wave 0. Rules not marked {@code ignoreIfCyclical} are added first, and a cycle among them
 * is an error (422 on the API) naming the cycle; then the {@code ignoreIfCyclical} ones, heaviest
 * first (kapp's weight: 100 + the binding's index, 0 for annotations) and in change order, each
 * wait kept unless it would close a cycle.
 *
 * <p>Within a wave the changes keep the order they come in: kapp's calculation order (see {@link
 * DiffEngine#plan}). kapp applies a wave's changes concurrently; the caller does too.
 *
 * <p>Limits: kapp starts a change as soon as its own waits are over, even while others of its wave
 * still run; the waves here are the schedule if every change of a wave took equally long.
 */
final class ChangeOrder {

  private final ChangeGroups groups;

  ChangeOrder(KappConfig config, Set<GroupKind> customKinds) {
    this.groups = new ChangeGroups(config, customKinds);
  }

  /** The kinds the CRDs among {@code objects} declare. */
  static Set<GroupKind> declaredKinds(Collection<? extends JsonNode> objects) {
    var kinds = new HashSet<GroupKind>();
    objects.forEach(object -> CustomResourceDefinitions.declaredKind(object).ifPresent(kinds::add));
    return kinds;
  }

  /**
   * The changes in waves.
   *
   * @param changes the changes in kapp's calculation order
   * @throws ManifestException (INVALID) when change rules form a cycle
   */
  ChangeSet arrange(List<Change> changes) {
    var graph = new ChangeGraph(changes.size());
    var members = new GroupMembers(graph, changes.size());
    var uses = new ArrayList<RuleUse>();
    for (int i = 0; i < changes.size(); i++) {
      Change change = changes.get(i);
      if (change.op() == ChangeOp.NOOP) {
        continue;
      }
      ObjectNode object = objectOf(change);
      boolean upsert = upsert(change);
      members.add(i, upsert, groups.groupsOf(change.key(), object));
      for (ChangeRule rule : groups.rulesOf(change.key(), object)) {
        if (rule.upsert() == upsert) {
          uses.add(new RuleUse(i, rule));
        }
      }
    }
    uses.stream().filter(use -> !use.rule().ignoreIfCyclical()).forEach(members::require);
    graph.cycle().ifPresent(cycle -> fail(cycle, changes));
    uses.stream()
        .filter(use -> use.rule().ignoreIfCyclical())
        .sorted(Comparator.comparingInt((RuleUse use) -> -use.rule().weight()))
        .forEach(members::prefer);
    graph.cycle().ifPresent(cycle -> fail(cycle, changes));
    return inWaves(changes, graph.waves());
  }

  private static ChangeSet inWaves(List<Change> changes, int[] waves) {
    List<Integer> order =
        IntStream.range(0, changes.size())
            .boxed()
            .sorted(Comparator.comparingInt((Integer i) -> waves[i]).thenComparingInt(i -> i))
            .toList();
    return new ChangeSet(
        order.stream().map(changes::get).toList(), order.stream().map(i -> waves[i]).toList());
  }

  /** Whether kapp counts the change as an upsert (create, update, exists) for its rules. */
  static boolean upsert(Change change) {
    return change.op() != ChangeOp.DELETE && change.op() != ChangeOp.NOOP;
  }

  private static ObjectNode objectOf(Change change) {
    ObjectNode object =
        change.op() == ChangeOp.DELETE
            ? change.existing()
            : change.intended() != null ? change.intended() : change.applied();
    return object != null ? object : JsonNodeFactory.instance.objectNode();
  }

  private static void fail(List<Integer> cycle, List<Change> changes) {
    var details = new ArrayList<String>();
    for (int i = 0; i < cycle.size() && details.size() < 20; i++) {
      Change waiter = changes.get(cycle.get(i));
      Change awaited = changes.get(cycle.get((i + 1) % cycle.size()));
      details.add(describe(waiter) + " waits for " + describe(awaited));
    }
    throw new ManifestException(
        ManifestException.Reason.INVALID,
        "The change groups and rules (kapp.k14s.io/change-rule) form a cycle.",
        details);
  }

  private static String describe(Change change) {
    return change.op().wireName() + " " + change.key().id();
  }

  /** A rule that binds one change. */
  private record RuleUse(int change, ChangeRule rule) {}

  /** Which changes belong to which group, with the group's virtual nodes. */
  private static final class GroupMembers {

    private final ChangeGraph graph;
    private final int changes;
    private final Map<String, BitSet> members = new HashMap<>();
    private final Map<String, int[]> nodes = new HashMap<>();
    private int reachOf = -1;
    private BitSet reach;

    GroupMembers(ChangeGraph graph, int changes) {
      this.graph = graph;
      this.changes = changes;
    }

    void add(int change, boolean upsert, Set<String> groups) {
      for (String group : groups) {
        members.computeIfAbsent(id(upsert, group), k -> new BitSet(changes)).set(change);
      }
    }

    /** A rule kept whatever it does: a cycle it closes is an error. */
    void require(RuleUse use) {
      String id = id(use.rule().groupUpsert(), use.rule().group());
      if (!members.containsKey(id)) {
        return;
      }
      int[] node = nodes(id);
      if (use.rule().after()) {
        graph.addEdge(node[1], use.change());
      } else {
        graph.addEdge(use.change(), node[0]);
      }
    }

    /** An {@code ignoreIfCyclical} rule: each wait that would close a cycle is left out. */
    void prefer(RuleUse use) {
      String id = id(use.rule().groupUpsert(), use.rule().group());
      BitSet group = members.get(id);
      if (group == null) {
        return;
      }
      int change = use.change();
      BitSet excluded = (BitSet) blocking(change, use.rule().after()).clone();
      excluded.set(change);
      if (!excluded.intersects(group)) {
        require(use);
        return;
      }
      for (int m = group.nextSetBit(0); m >= 0; m = group.nextSetBit(m + 1)) {
        if (!excluded.get(m)) {
          graph.addEdge(use.rule().after() ? m : change, use.rule().after() ? change : m);
        }
      }
    }

    /**
     * The changes a new wait of {@code change} must not involve: for "after", those already waiting
     * for it; for "before", those it already waits for. "After" rules only add waits to the change
     * itself, which leaves the set of changes waiting for it as it is: it is kept for the change's
     * next rule.
     */
    private BitSet blocking(int change, boolean after) {
      if (!after) {
        reachOf = -1;
        return graph.waitedForBy(change);
      }
      if (reachOf != change) {
        reach = graph.waitingFor(change);
        reachOf = change;
      }
      return reach;
    }

    /** The group's "may start" and "all done" nodes. */
    private int[] nodes(String id) {
      return nodes.computeIfAbsent(
          id,
          k -> {
            int before = graph.addVirtual();
            int after = graph.addVirtual();
            BitSet group = members.get(id);
            for (int m = group.nextSetBit(0); m >= 0; m = group.nextSetBit(m + 1)) {
              graph.addEdge(before, m);
              graph.addEdge(m, after);
            }
            return new int[] {before, after};
          });
    }

    private static String id(boolean upsert, String group) {
      return (upsert ? "u " : "d ") + group;
    }
  }
}
