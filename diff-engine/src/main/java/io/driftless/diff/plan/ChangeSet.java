package io.driftless.diff.plan;

import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * Every planned change of one deploy, noops included, in apply order: creates, updates and noops by
 * {@link ApplyOrder}'s groups, then deletes in reverse.
 *
 * @param changes the changes in apply order
 */
public record ChangeSet(List<Change> changes) {

  /** Copies the list. */
  public ChangeSet {
    changes = List.copyOf(changes);
  }

  /** How many changes have each op; every op is present, zero included. */
  public Map<ChangeOp, Integer> opCounts() {
    var counts = new EnumMap<ChangeOp, Integer>(ChangeOp.class);
    for (ChangeOp op : ChangeOp.values()) {
      counts.put(op, 0);
    }
    changes.forEach(change -> counts.merge(change.op(), 1, Integer::sum));
    return Collections.unmodifiableMap(counts);
  }

  /** How many changes wait for each outcome; every wait op is present, zero included. */
  public Map<WaitOp, Integer> waitCounts() {
    var counts = new EnumMap<WaitOp, Integer>(WaitOp.class);
    for (WaitOp wait : WaitOp.values()) {
      counts.put(wait, 0);
    }
    changes.forEach(change -> counts.merge(change.waitTo(), 1, Integer::sum));
    return Collections.unmodifiableMap(counts);
  }

  /** Whether anything must be written: any op other than noop and exists. */
  public boolean hasChanges() {
    return changes.stream().anyMatch(c -> c.op() != ChangeOp.NOOP && c.op() != ChangeOp.EXISTS);
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
    return new ChangeSet(changes.stream().filter(filter::test).toList());
  }

  /** The changes whose op is not noop, in apply order. */
  public List<Change> nonNoop() {
    return changes.stream().filter(c -> c.op() != ChangeOp.NOOP).toList();
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
