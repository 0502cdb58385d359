package io.driftless.diff.plan;

import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * Every planned change of one deploy, unchanged resources included, in apply order: creates,
 * updates and noops by {@link ChangeOrder}'s groups, then deletes in reverse.
 *
 * <p>{@link #changes()} holds everything (a caller needs the unchanged resources for the app's
 * resource set). What kapp shows and counts is {@link #shown()}: kapp prunes every change that is a
 * noop and waits for nothing ({@code ClusterChangeSet.Calculate}), so an unchanged redeploy is
 * {@code Op: 0 create, 0 delete, 0 update, 0 noop, 0 exists / Wait to: 0 reconcile, 0 delete, 0
 * noop}; {@link #opCounts()}, {@link #waitCounts()} and {@link #summary()} count the shown changes.
 *
 * @param changes the changes in apply order
 * @param warnings what the deploy client should read (unknown {@code kapp.k14s.io/} annotations),
 *     in manifest order
 */
public record ChangeSet(List<Change> changes, List<String> warnings) {

  /** Copies the lists. */
  public ChangeSet {
    changes = List.copyOf(changes);
    warnings = List.copyOf(warnings);
  }

  /** A change set without warnings. */
  public ChangeSet(List<Change> changes) {
    this(changes, List.of());
  }

  /**
   * The changes kapp's Changes table lists, in apply order: creates, updates, deletes, exists, and
   * noops only when they wait for something ({@link Change#shown()}).
   */
  public List<Change> shown() {
    return changes.stream().filter(Change::shown).toList();
  }

  /** How many shown changes have each op; every op is present, zero included. */
  public Map<ChangeOp, Integer> opCounts() {
    var counts = new EnumMap<ChangeOp, Integer>(ChangeOp.class);
    for (ChangeOp op : ChangeOp.values()) {
      counts.put(op, 0);
    }
    shown().forEach(change -> counts.merge(change.op(), 1, Integer::sum));
    return Collections.unmodifiableMap(counts);
  }

  /** How many shown changes wait for each outcome; every wait op is present, zero included. */
  public Map<WaitOp, Integer> waitCounts() {
    var counts = new EnumMap<WaitOp, Integer>(WaitOp.class);
    for (WaitOp wait : WaitOp.values()) {
      counts.put(wait, 0);
    }
    shown().forEach(change -> counts.merge(change.waitTo(), 1, Integer::sum));
    return Collections.unmodifiableMap(counts);
  }

  /**
   * Whether the plan needs an app change: anything to write to the cluster ({@link
   * Change#writes()}: a create, a delete, an update whose strategy is not {@code skip}) or an
   * {@code exists} to wait for (kapp waits for it, and records the change). Noops need nothing.
   */
  public boolean hasChanges() {
    return changes.stream().anyMatch(c -> c.writes() || c.op() == ChangeOp.EXISTS);
  }

  /**
   * The changes in apply waves: kapp applies every change of a wave at once and starts the next
   * wave when the whole wave is done. The waves' concatenation is {@link #changes()}, in order.
   * Until the planner groups changes into waves (issue 11), each change is a wave of its own.
   */
  public List<List<Change>> waves() {
    return changes.stream().map(List::of).toList();
  }

  /** The changes the filter keeps, in order (kapp's {@code --diff-filter}). */
  public ChangeSet filter(ChangeFilter filter) {
    return new ChangeSet(changes.stream().filter(filter::test).toList(), warnings);
  }

  /** The same warnings with other changes (a caller's rules rewrote some). */
  public ChangeSet withChanges(List<Change> other) {
    return new ChangeSet(other, warnings);
  }

  /**
   * kapp's one-line summary, e.g. {@code Op: 2 create, 1 delete, 1 update, 0 noop, 0 exists / Wait
   * to: 3 reconcile, 1 delete, 0 noop}.
   */
  public String summary() {
    Map<ChangeOp, Integer> ops = opCounts();
    Map<WaitOp, Integer> waits = waitCounts();
    return "Op: "
        + count(ops, ChangeOp.CREATE)
        + ", "
        + count(ops, ChangeOp.DELETE)
        + ", "
        + count(ops, ChangeOp.UPDATE)
        + ", "
        + count(ops, ChangeOp.NOOP)
        + ", "
        + count(ops, ChangeOp.EXISTS)
        + " / Wait to: "
        + count(waits, WaitOp.RECONCILE)
        + ", "
        + count(waits, WaitOp.DELETE)
        + ", "
        + count(waits, WaitOp.NOOP);
  }

  private static String count(Map<ChangeOp, Integer> counts, ChangeOp op) {
    return counts.get(op) + " " + op.wireName();
  }

  private static String count(Map<WaitOp, Integer> counts, WaitOp wait) {
    return counts.get(wait) + " " + wait.wireName();
  }
}
