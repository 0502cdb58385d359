package io.driftless.diff.plan;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;

/**
 * A dependency graph of changes and a stable topological order of it (Kahn's algorithm).
 *
 * <p>Nodes {@code 0..changes-1} are the changes; further nodes are virtual ones that stand for "all
 * upserts (or deletes) of group G have happened" or "are about to happen", so a rule naming a group
 * costs one edge per member instead of one per pair. Among the nodes that are ready, virtual ones
 * go first, then changes by their priority (smaller first).
 */
final class ChangeGraph {

  private final int changes;
  private final long[] priority;
  private final List<List<Integer>> edges = new ArrayList<>();

  ChangeGraph(long[] priority) {
    this.changes = priority.length;
    this.priority = priority.clone();
    for (int i = 0; i < changes; i++) {
      edges.add(new ArrayList<>());
    }
  }

  /** Adds a virtual node and returns its number. */
  int addVirtual() {
    edges.add(new ArrayList<>());
    return edges.size() - 1;
  }

  /** {@code from} must come before {@code to}. */
  void addEdge(int from, int to) {
    edges.get(from).add(to);
  }

  /** How many edges leave each node, to undo additions with {@link #truncate}. */
  int[] mark() {
    int[] sizes = new int[edges.size()];
    for (int i = 0; i < sizes.length; i++) {
      sizes[i] = edges.get(i).size();
    }
    return sizes;
  }

  /** Removes every edge added after {@code mark} (and keeps virtual nodes, now unused). */
  void truncate(int[] mark) {
    for (int i = 0; i < mark.length; i++) {
      List<Integer> out = edges.get(i);
      out.subList(mark[i], out.size()).clear();
    }
  }

  /**
   * The changes in a topological order; when a cycle remains, the result holds fewer than all
   * changes (see {@link #cycleMembers}).
   */
  List<Integer> order() {
    int[] indegree = indegrees();
    Comparator<Integer> byPriority =
        Comparator.comparingLong((Integer node) -> node < changes ? priority[node] : Long.MIN_VALUE)
            .thenComparingInt(node -> node);
    var ready = new PriorityQueue<>(byPriority);
    for (int node = 0; node < edges.size(); node++) {
      if (indegree[node] == 0) {
        ready.add(node);
      }
    }
    var ordered = new ArrayList<Integer>(changes);
    while (!ready.isEmpty()) {
      int node = ready.poll();
      if (node < changes) {
        ordered.add(node);
      }
      for (int next : edges.get(node)) {
        if (--indegree[next] == 0) {
          ready.add(next);
        }
      }
    }
    return ordered;
  }

  /** Whether every change can be ordered. */
  boolean acyclic() {
    int[] indegree = indegrees();
    var stack = new ArrayList<Integer>();
    for (int node = 0; node < edges.size(); node++) {
      if (indegree[node] == 0) {
        stack.add(node);
      }
    }
    int seen = 0;
    while (!stack.isEmpty()) {
      int node = stack.remove(stack.size() - 1);
      seen++;
      for (int next : edges.get(node)) {
        if (--indegree[next] == 0) {
          stack.add(next);
        }
      }
    }
    return seen == edges.size();
  }

  /** The changes left unordered by {@code ordered}: the members of a cycle and what they block. */
  List<Integer> cycleMembers(List<Integer> ordered) {
    var done = new boolean[changes];
    ordered.forEach(node -> done[node] = true);
    var left = new ArrayList<Integer>();
    for (int node = 0; node < changes; node++) {
      if (!done[node]) {
        left.add(node);
      }
    }
    return left;
  }

  private int[] indegrees() {
    int[] indegree = new int[edges.size()];
    for (List<Integer> out : edges) {
      for (int next : out) {
        indegree[next]++;
      }
    }
    return indegree;
  }
}
