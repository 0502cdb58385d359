package io.driftless.diff.plan;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.diff.config.KappConfig;
import io.driftless.diff.resources.CustomResourceDefinitions;
import io.driftless.diff.resources.GroupKind;
import io.driftless.diff.resources.ManifestException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * kapp's apply order: change groups and change rules ({@link ChangeGroups}: kapp's default
 * bindings, the Config's, and the {@code kapp.k14s.io/change-group} and {@code change-rule}
 * annotations) make a dependency graph ({@link ChangeGraph}); the changes go in a topological order
 * of it. Where the rules leave a choice, upserts (create, update, noop) go before deletes, upserts
 * by {@link ApplyGroup} (CRDs and Namespaces first, custom resources last) and then in manifest
 * order, deletes in the reverse of that.
 *
 * <p>Rules marked {@code ignoreIfCyclical} are added after the others, rule text by rule text, and
 * dropped when they would close a cycle; a cycle among the other rules is an error (422 on the
 * API), naming the changes it blocks.
 *
 * <p>Limits: kapp applies independent changes in parallel and waits for each to reconcile before
 * its dependants; here the result is one sequence, and waiting is the caller's business.
 */
final class ChangeOrder {

  private final ChangeGroups groups;
  private final Set<GroupKind> customKinds;

  ChangeOrder(KappConfig config, Set<GroupKind> customKinds) {
    this.groups = new ChangeGroups(config, customKinds);
    this.customKinds = Set.copyOf(customKinds);
  }

  /** The kinds the CRDs among {@code objects} declare. */
  static Set<GroupKind> declaredKinds(Collection<? extends JsonNode> objects) {
    var kinds = new HashSet<GroupKind>();
    objects.forEach(object -> CustomResourceDefinitions.declaredKind(object).ifPresent(kinds::add));
    return kinds;
  }

  /**
   * The applies and deletes in apply order.
   *
   * @throws ManifestException (INVALID) when change rules form a cycle
   */
  List<Change> arrange(List<Change> applies, List<Change> deletes) {
    var all = new ArrayList<Change>(applies);
    all.addAll(deletes);
    var graph = new ChangeGraph(priorities(applies, deletes));
    var members = new GroupMembers(graph);
    var rules = new ArrayList<List<ChangeRule>>();
    for (int i = 0; i < all.size(); i++) {
      Change change = all.get(i);
      ObjectNode object = objectOf(change);
      members.add(i, upsert(change), groups.groupsOf(change.key(), object));
      rules.add(groups.rulesOf(change.key(), object));
    }
    members.link();
    addRules(graph, members, all, rules);
    List<Integer> order = graph.order();
    if (order.size() < all.size()) {
      throw cycle(graph.cycleMembers(order), all);
    }
    return order.stream().map(all::get).toList();
  }

  private void addRules(
      ChangeGraph graph, GroupMembers members, List<Change> all, List<List<ChangeRule>> rules) {
    var optional = new LinkedHashMap<String, List<int[]>>();
    for (int i = 0; i < all.size(); i++) {
      for (ChangeRule rule : rules.get(i)) {
        if (rule.upsert() != upsert(all.get(i))) {
          continue;
        }
        if (rule.ignoreIfCyclical()) {
          optional.computeIfAbsent(ruleId(rule), k -> new ArrayList<>()).add(new int[] {i});
        } else {
          members.constrain(i, rule);
        }
      }
    }
    if (!graph.acyclic()) {
      var order = graph.order();
      throw cycle(graph.cycleMembers(order), all);
    }
    addOptional(graph, members, all, rules, optional);
  }

  private void addOptional(
      ChangeGraph graph,
      GroupMembers members,
      List<Change> all,
      List<List<ChangeRule>> rules,
      Map<String, List<int[]>> optional) {
    int[] start = graph.mark();
    optional.forEach((id, users) -> users.forEach(u -> constrainAll(members, u[0], rules, id)));
    if (graph.acyclic()) {
      return;
    }
    graph.truncate(start);
    for (var entry : optional.entrySet()) {
      int[] mark = graph.mark();
      entry.getValue().forEach(u -> constrainAll(members, u[0], rules, entry.getKey()));
      if (!graph.acyclic()) {
        graph.truncate(mark);
      }
    }
  }

  private static void constrainAll(
      GroupMembers members, int change, List<List<ChangeRule>> rules, String id) {
    for (ChangeRule rule : rules.get(change)) {
      if (rule.ignoreIfCyclical() && ruleId(rule).equals(id)) {
        members.constrain(change, rule);
      }
    }
  }

  private static String ruleId(ChangeRule rule) {
    return rule.upsert() + " " + rule.after() + " " + rule.groupUpsert() + " " + rule.group();
  }

  private long[] priorities(List<Change> applies, List<Change> deletes) {
    long n = applies.size() + deletes.size() + 1L;
    int ranks = ApplyGroup.values().length;
    long[] priority = new long[applies.size() + deletes.size()];
    for (int i = 0; i < applies.size(); i++) {
      priority[i] = rank(applies.get(i)) * n + i;
    }
    for (int j = 0; j < deletes.size(); j++) {
      long reversed = (ranks - 1L - rank(deletes.get(j))) * n + (deletes.size() - 1L - j);
      priority[applies.size() + j] = ranks * n + reversed;
    }
    return priority;
  }

  private int rank(Change change) {
    return ApplyGroup.of(GroupKind.of(change.key()), customKinds).ordinal();
  }

  static boolean upsert(Change change) {
    return change.op() != ChangeOp.DELETE;
  }

  private static ObjectNode objectOf(Change change) {
    ObjectNode object = upsert(change) ? change.applied() : change.existing();
    return object != null ? object : JsonNodeFactory.instance.objectNode();
  }

  private static ManifestException cycle(List<Integer> left, List<Change> all) {
    var details = new ArrayList<String>();
    for (int node : left.subList(0, Math.min(left.size(), 20))) {
      Change change = all.get(node);
      details.add(change.op().wireName() + " " + change.key().id() + " cannot be ordered");
    }
    return new ManifestException(
        ManifestException.Reason.INVALID,
        "The change groups and rules (kapp.k14s.io/change-rule) form a cycle.",
        details);
  }

  /** Which changes belong to which group, with the group's virtual nodes. */
  private static final class GroupMembers {

    private final ChangeGraph graph;
    private final Map<String, List<Integer>> members = new HashMap<>();
    private final Map<String, Set<Integer>> memberSets = new HashMap<>();
    private final Map<String, int[]> nodes = new HashMap<>();

    GroupMembers(ChangeGraph graph) {
      this.graph = graph;
    }

    void add(int change, boolean upsert, Set<String> groups) {
      for (String group : groups) {
        String id = (upsert ? "u " : "d ") + group;
        members.computeIfAbsent(id, k -> new ArrayList<>()).add(change);
        memberSets.computeIfAbsent(id, k -> new HashSet<>()).add(change);
      }
    }

    /** Creates each group's "before" and "after" nodes and their edges to the members. */
    void link() {
      members.forEach(
          (id, changes) -> {
            int before = graph.addVirtual();
            int after = graph.addVirtual();
            for (int change : changes) {
              graph.addEdge(before, change);
              graph.addEdge(change, after);
            }
            nodes.put(id, new int[] {before, after});
          });
    }

    void constrain(int change, ChangeRule rule) {
      String id = (rule.groupUpsert() ? "u " : "d ") + rule.group();
      int[] node = nodes.get(id);
      if (node == null) {
        return;
      }
      if (memberSets.get(id).contains(change)) {
        constrainDirectly(change, rule, members.get(id));
      } else if (rule.after()) {
        graph.addEdge(node[1], change);
      } else {
        graph.addEdge(change, node[0]);
      }
    }

    private void constrainDirectly(int change, ChangeRule rule, List<Integer> group) {
      for (int other : group) {
        if (other != change) {
          graph.addEdge(rule.after() ? other : change, rule.after() ? change : other);
        }
      }
    }
  }
}
