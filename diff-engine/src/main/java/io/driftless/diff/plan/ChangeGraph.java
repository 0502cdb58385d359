package io.driftless.diff.plan;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Optional;

/**
 * The dependency graph of a plan's changes (kapp's {@code diffgraph.ChangeGraph}): an edge {@code
 * from -> to} says that {@code to} waits for {@code from}.
 *
 * <p>Nodes {@code 0..changes-1} are the changes; further nodes are virtual: "every member of group
 * G is done" (members point to it, it points to the changes that wait for the group) or "may start"
 * (the changes that go before the group point to it, it points to the members). A rule naming a
 * group then costs one edge per member and one per rule instead of one per pair; waiting and
 * reachability are the same as with kapp's direct edges.
 */
final class ChangeGraph {

  private final int changes;
  private final List<List<Integer>> out = new ArrayList<>();
  private final List<List<Integer>> in = new ArrayList<>();

  ChangeGraph(int changes) {
    this.changes = changes;
    for (int i = 0; i < changes; i++) {
      addVirtual();
    }
  }

  /** Adds a node and returns its number. */
  int addVirtual() {
    out.add(new ArrayList<>());
    in.add(new ArrayList<>());
    return out.size() - 1;
  }

  /** {@code to} waits for {@code from}. */
  void addEdge(int from, int to) {
    out.get(from).add(to);
    in.get(to).add(from);
  }

  /** The nodes that wait for {@code node}, directly or not (kapp's transitive waiting). */
  BitSet waitingFor(int node) {
    return reach(node, out);
  }

  /** The nodes {@code node} waits for, directly or not. */
  BitSet waitedForBy(int node) {
    return reach(node, in);
  }

  private BitSet reach(int start, List<List<Integer>> edges) {
    var seen = new BitSet(edges.size());
    var stack = new ArrayDeque<Integer>();
    stack.push(start);
    while (!stack.isEmpty()) {
      for (int next : edges.get(stack.pop())) {
        if (!seen.get(next)) {
          seen.set(next);
          stack.push(next);
        }
      }
    }
    return seen;
  }

  /**
   * A cycle as the changes on it, in waiting order (each waits for the next; the first again closes
   * it), or empty when the graph has none.
   */
  Optional<List<Integer>> cycle() {
    int[] state = new int[out.size()];
    int[] parent = new int[out.size()];
    int[] nextEdge = new int[out.size()];
    for (int root = 0; root < out.size(); root++) {
      if (state[root] != 0) {
        continue;
      }
      var stack = new ArrayDeque<Integer>();
      stack.push(root);
      state[root] = 1;
      while (!stack.isEmpty()) {
        int node = stack.peek();
        List<Integer> edges = in.get(node);
        if (nextEdge[node] == edges.size()) {
          state[node] = 2;
          stack.pop();
          continue;
        }
        int next = edges.get(nextEdge[node]++);
        if (state[next] == 1) {
          return Optional.of(path(next, node, parent));
        }
        if (state[next] == 0) {
          state[next] = 1;
          parent[next] = node;
          stack.push(next);
        }
      }
    }
    return Optional.empty();
  }

  private List<Integer> path(int start, int end, int[] parent) {
    var nodes = new ArrayList<Integer>();
    for (int node = end; node != start; node = parent[node]) {
      nodes.add(0, node);
    }
    nodes.add(0, start);
    nodes.removeIf(node -> node >= changes);
    return nodes;
  }

  /**
   * Each change's wave (kapp's {@code Linearized} sections): 0 for a change that waits for nothing,
   * else one more than the latest wave among the changes it waits for. The graph must be acyclic.
   */
  int[] waves() {
    int[] pending = new int[out.size()];
    for (int node = 0; node < out.size(); node++) {
      pending[node] = in.get(node).size();
    }
    int[] earliest = new int[out.size()];
    var ready = new ArrayDeque<Integer>();
    for (int node = 0; node < out.size(); node++) {
      if (pending[node] == 0) {
        ready.add(node);
      }
    }
    while (!ready.isEmpty()) {
      int node = ready.poll();
      int done = node < changes ? earliest[node] + 1 : earliest[node];
      for (int next : out.get(node)) {
        earliest[next] = Math.max(earliest[next], done);
        if (--pending[next] == 0) {
          ready.add(next);
        }
      }
    }
    int[] waves = new int[changes];
    System.arraycopy(earliest, 0, waves, 0, changes);
    return waves;
  }
}
