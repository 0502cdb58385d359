package io.driftless.diff.plan;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

/**
 * Every planned change of one deploy, unchanged resources included, in apply order: kapp's waves
 * ({@link #waves()}, see {@code ChangeOrder}), one after the other, each in kapp's calculation
 * order.
 *
 * <p>{@link #changes()} holds everything (a caller needs the unchanged resources for the app's
 * resource set). What kapp shows and counts is {@link #shown()}: kapp prunes every change that is a
 * noop and waits for nothing ({@code ClusterChangeSet.Calculate}), so an unchanged redeploy is
 * {@code Op: 0 create, 0 delete, 0 update, 0 noop, 0 exists / Wait to: 0 reconcile, 0 delete, 0
 * noop}; {@link #opCounts()}, {@link #waitCounts()} and {@link #summary()} count the shown changes.
 *
 * @param changes the changes in apply order
 * @param waveNumbers each change's wave, in the same order; non-decreasing, so every wave is a run
 *     of consecutive changes (numbers may skip where a filter removed a whole wave)
 * @param warnings what the deploy client should read (unknown {@code kapp.k14s.io/} annotations),
 *     in manifest order
 */
public record ChangeSet(List<Change> changes, List<Integer> waveNumbers, List<String> warnings) {

  /** Copies the lists and checks that they match and that the waves are runs. */
  public ChangeSet {
    changes = List.copyOf(changes);
    waveNumbers = List.copyOf(waveNumbers);
    warnings = List.copyOf(warnings);
    if (changes.size() != waveNumbers.size()) {
      throw new IllegalArgumentException(
          changes.size() + " changes but " + waveNumbers.size() + " wave numbers");
    }
    for (int i = 1; i < waveNumbers.size(); i++) {
      if (waveNumbers.get(i) < waveNumbers.get(i - 1)) {
        throw new IllegalArgumentException("Wave numbers must not decrease: " + waveNumbers);
      }
    }
  }

  /** Changes in waves, without warnings. */
  public ChangeSet(List<Change> changes, List<Integer> waveNumbers) {
    this(changes, waveNumbers, List.of());
  }

  /**
   * Changes to be applied one at a time, without warnings: each change is a wave of its own (the
   * safe schedule when nothing is known about dependencies).
   */
  public ChangeSet(List<Change> changes) {
    this(changes, IntStream.range(0, changes.size()).boxed().toList());
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
   * wave when the whole wave is done (no change of a wave waits for another of the same wave or a
   * later one). The waves' concatenation is {@link #changes()}, in order; no wave is empty.
   */
  public List<List<Change>> waves() {
    var waves = new ArrayList<List<Change>>();
    for (int i = 0; i < changes.size(); i++) {
      if (i == 0 || !waveNumbers.get(i).equals(waveNumbers.get(i - 1))) {
        waves.add(new ArrayList<>());
      }
      waves.get(waves.size() - 1).add(changes.get(i));
    }
    return waves.stream().map(List::copyOf).toList();
  }

  /** The changes the filter keeps, in order and in their waves (kapp's {@code --diff-filter}). */
  public ChangeSet filter(ChangeFilter filter) {
    var kept = new ArrayList<Change>();
    var numbers = new ArrayList<Integer>();
    for (int i = 0; i < changes.size(); i++) {
      if (filter.test(changes.get(i))) {
        kept.add(changes.get(i));
        numbers.add(waveNumbers.get(i));
      }
    }
    return new ChangeSet(kept, numbers, warnings);
  }

  /**
   * The set with other versions of some of its changes (same keys, in the same order, some may be
   * left out): each keeps the wave of the change with its key.
   *
   * @throws IllegalArgumentException when a key is not in the set or the order differs
   */
  public ChangeSet replaced(List<Change> others) {
    var numbers = new ArrayList<Integer>();
    int at = 0;
    for (Change other : others) {
      while (at < changes.size() && !changes.get(at).key().equals(other.key())) {
        at++;
      }
      if (at == changes.size()) {
        throw new IllegalArgumentException("Not in the set, or out of order: " + other.key().id());
      }
      numbers.add(waveNumbers.get(at++));
    }
    return new ChangeSet(others, numbers, warnings);
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
