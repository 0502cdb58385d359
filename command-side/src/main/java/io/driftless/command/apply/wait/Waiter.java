package io.driftless.command.apply.wait;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.command.cluster.ClusterException;
import io.driftless.command.cluster.ClusterGateway;
import io.driftless.command.cluster.LabelledReads;
import io.driftless.diff.resources.ResourceKey;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Waits for written objects, as kapp's {@code clusterapply/waiting_changes.go}: reads them, asks
 * each its {@link WaitRule} (or, for a delete, whether it is gone), and reads again after a pause
 * growing from 50 ms to 1 s (kapp checks every second) until each is done or the timeout passed. A
 * converged object is found by the first read, so waiting costs one poll when the cluster's
 * controllers are quick (the sandbox's are instant); a kind without a rule (ConfigMap, Secret, ...)
 * is done without a read.
 *
 * <p>{@link #awaitAll} waits for a wave's objects together, as kapp waits for the changes it
 * applied: each poll reads them through a new {@link LabelledReads}, one label-selected LIST per
 * (apiVersion, kind, namespace) still waited on, made at once ({@link LabelledReads#listEach}), and
 * a GET only for an object its list did not hold (one not written with the app's label, or gone: a
 * delete of an object that carried the label is gone once its list does not hold it, without a
 * GET). {@link #await} waits for one object with a GET per poll.
 *
 * <p>Progress in kapp's wording: {@code ongoing: reconcile deployment/x (apps/v1) namespace: ns}
 * with the rule's message as detail, whenever the message changes (not at every poll); {@code ok:
 * ...} or {@code fail: ...} at the end. An object that disappears while it should converge fails
 * the wait (kapp's read fails the same way).
 */
public final class Waiter {

  private final ClusterGateway cluster;

  public Waiter(ClusterGateway cluster) {
    this.cluster = cluster;
  }

  /**
   * What is waited for: the object to converge ({@code reconcile}) or to be gone ({@code delete}).
   */
  public enum Target {
    RECONCILE,
    DELETE;

    String word() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /**
   * One object to wait for.
   *
   * @param description kapp's description of the object, {@code deployment/x (apps/v1) namespace:
   *     ns}
   * @param labelled the object carries the app's label until it is gone (a delete of the app's own
   *     labelled object): a poll whose labelled list does not hold it finds it gone
   */
  public record Wait(
      ResourceKey key, String apiVersion, Target target, String description, boolean labelled) {}

  /**
   * How one wait of {@link #awaitAll} ended: its last state (done, or not done when the timeout
   * passed), or the failure of a read of its object (then {@code state} is null).
   */
  public record Awaited(WaitState state, RuntimeException failure) {}

  /**
   * Waits for every object of {@code waits} at once (see the class comment), each until it is done
   * or {@code timeout} passed since the call.
   *
   * @param label the label the app's objects carry, read per kind with {@code value}
   * @return per wait, in order, how it ended; a failed read ends only its own wait
   */
  public List<Awaited> awaitAll(
      List<Wait> waits, String label, String value, Duration timeout, Progress progress) {
    var deadline = System.nanoTime() + timeout.toNanos();
    var ended = new Awaited[waits.size()];
    var reported = new String[waits.size()];
    var pending = new LinkedHashSet<Integer>();
    for (var i = 0; i < waits.size(); i++) {
      var wait = waits.get(i);
      if (wait.target() == Target.RECONCILE && WaitRules.of(wait.key()) == WaitRule.NONE) {
        progress.line("ok: " + what(wait));
        ended[i] = new Awaited(WaitState.ok(), null);
      } else {
        pending.add(i);
      }
    }
    var pause = new PollPause();
    var last = new WaitState[waits.size()];
    while (!pending.isEmpty()) {
      var reads = new LabelledReads(cluster, label, value);
      var kinds = new LinkedHashMap<ResourceKey, String>();
      pending.forEach(i -> kinds.putIfAbsent(waits.get(i).key(), waits.get(i).apiVersion()));
      try {
        reads.listEach(kinds); // every kind waited on, listed at once
      } catch (RuntimeException e) {
        // a kind that cannot be read at all: its waits read it again below, each ending as it must
      }
      for (var it = pending.iterator(); it.hasNext(); ) {
        var i = it.next();
        var wait = waits.get(i);
        try {
          last[i] = state(reads, wait);
        } catch (RuntimeException e) {
          ended[i] = new Awaited(null, e);
          it.remove();
          continue;
        }
        if (last[i].done()) {
          progress.line(last[i].word() + ": " + what(wait), detail(last[i]));
          ended[i] = new Awaited(last[i], null);
          it.remove();
        } else if (!last[i].message().equals(reported[i])) {
          progress.line(last[i].word() + ": " + what(wait), detail(last[i]));
          reported[i] = last[i].message();
        }
      }
      if (!pending.isEmpty() && System.nanoTime() - deadline >= 0) {
        pending.forEach(i -> ended[i] = new Awaited(last[i], null));
        break;
      }
      try {
        if (!pending.isEmpty()) {
          pause.sleep();
        }
      } catch (ClusterException interrupted) {
        pending.forEach(i -> ended[i] = new Awaited(null, interrupted));
        break;
      }
    }
    return Arrays.asList(ended);
  }

  private static String what(Wait wait) {
    return wait.target().word() + " " + wait.description();
  }

  private static WaitState state(LabelledReads reads, Wait wait) {
    Optional<ObjectNode> live;
    try {
      live =
          wait.target() == Target.DELETE && wait.labelled()
              ? reads.labelled(wait.key(), wait.apiVersion())
              : reads.read(wait.key(), wait.apiVersion());
    } catch (ClusterException e) {
      if (wait.target() == Target.DELETE && e.status() == 404) {
        return WaitState.ok(); // a custom kind whose CRD is gone: its objects went with it
      }
      throw e;
    }
    return state(live, wait.key(), wait.target());
  }

  /**
   * Waits for the object.
   *
   * @param description kapp's description of the object, {@code deployment/x (apps/v1) namespace:
   *     ns}
   * @return the last state: done (successful or not), or not done when the timeout passed
   * @throws ClusterException when a read fails
   */
  public WaitState await(
      ResourceKey key,
      String apiVersion,
      Target target,
      String description,
      Duration timeout,
      Progress progress) {
    var deadline = System.nanoTime() + timeout.toNanos();
    var what = target.word() + " " + description;
    if (target == Target.RECONCILE && WaitRules.of(key) == WaitRule.NONE) {
      // Nothing to read for: kapp's answer for these kinds does not depend on the object.
      progress.line("ok: " + what);
      return WaitState.ok();
    }
    var pause = new PollPause();
    String reported = null;
    while (true) {
      var state = state(key, apiVersion, target);
      if (state.done()) {
        progress.line(state.word() + ": " + what, detail(state));
        return state;
      }
      if (!state.message().equals(reported)) {
        progress.line(state.word() + ": " + what, detail(state));
        reported = state.message();
      }
      if (System.nanoTime() - deadline >= 0) {
        return state;
      }
      pause.sleep();
    }
  }

  private WaitState state(ResourceKey key, String apiVersion, Target target) {
    Optional<ObjectNode> live;
    try {
      live = cluster.get(key, apiVersion);
    } catch (ClusterException e) {
      if (target == Target.DELETE && e.status() == 404) {
        return WaitState.ok(); // a custom kind whose CRD is gone: its objects went with it
      }
      throw e;
    }
    return state(live, key, target);
  }

  private static WaitState state(Optional<ObjectNode> live, ResourceKey key, Target target) {
    if (target == Target.DELETE) {
      return live.isEmpty() ? WaitState.ok() : deleting(live.get());
    }
    return live.isEmpty()
        ? WaitState.failed("Resource is gone")
        : WaitRules.of(key).check(live.get());
  }

  /** kapp's {@code resourcesmisc/deleting.go}: what holds a deleted object back. */
  private static WaitState deleting(ObjectNode object) {
    var finalizers = object.path("metadata").path("finalizers");
    if (finalizers.isArray() && !finalizers.isEmpty()) {
      var names = new ArrayList<String>();
      finalizers.forEach(f -> names.add(f.asText()));
      return WaitState.ongoing("Waiting on finalizers: " + String.join(", ", names));
    }
    return WaitState.ongoing("Deleting");
  }

  private static List<String> detail(WaitState state) {
    return state.message().isEmpty() ? List.of() : List.of(state.message());
  }
}
